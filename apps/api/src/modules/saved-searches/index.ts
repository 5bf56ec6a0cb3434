export { saveSearch } from './manage-saved-searches.ts';
export { savedSearchRoutes } from './routes.ts';
export { SAVED_SEARCH_DIGEST_JOB, sendSearchDigests } from './send-digests.ts';
