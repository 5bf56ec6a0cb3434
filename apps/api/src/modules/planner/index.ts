export { saveMaybe } from './maybes.ts';
export { plannerRoutes } from './routes.ts';
