export { bookingWidgetRoutes } from './routes.ts';
