export { CommonWords } from './common-words.ts';
export type { ResolvedSearch } from './resolve-search.ts';
export { resolveSearch } from './resolve-search.ts';
export { searchRoutes } from './routes.ts';
export { campConditions, sessionConditions } from './search-conditions.ts';
export { searchPlannerSettings, searchStatement } from './search-statement.ts';
