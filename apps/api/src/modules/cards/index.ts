export { cardRoutes } from './routes.ts';
export { listCards, removeCard, saveCard } from './service.ts';
