export { unsubscribeRoutes } from './routes.ts';
export type { UnsubscribeAddresses } from './unsubscribe-links.ts';
export { UnsubscribeLinks } from './unsubscribe-links.ts';
