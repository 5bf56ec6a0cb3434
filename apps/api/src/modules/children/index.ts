export { childRoutes } from './routes.ts';
export { createChild, getChild } from './service.ts';
