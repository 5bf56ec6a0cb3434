export { newsletterRoutes } from './routes.ts';
export { deliverPendingSignups } from './service.ts';
