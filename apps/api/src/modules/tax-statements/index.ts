export { taxStatementRoutes } from './routes.ts';
