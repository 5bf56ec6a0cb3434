export { sendCheckExpiryNotices } from './background-checks.ts';
export { teamRoutes } from './routes.ts';
