export { calendarFeedRoutes } from './routes.ts';
