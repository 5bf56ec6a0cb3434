export { teamRoutes } from './routes.ts';
