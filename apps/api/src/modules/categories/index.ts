export { categoryRoutes } from './routes.ts';
