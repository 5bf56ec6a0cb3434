export { privacyRoutes } from './routes.ts';
