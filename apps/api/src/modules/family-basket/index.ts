export { setBasketChildren } from './change-basket.ts';
export { familyBasketRoutes } from './routes.ts';
