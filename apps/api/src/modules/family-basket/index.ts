export { familyBasketRoutes } from './routes.ts';
