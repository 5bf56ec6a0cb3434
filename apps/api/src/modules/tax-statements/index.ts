export { taxStatementRoutes } from './routes.ts';
export { saveTaxDetails, taxIdBox } from './tax-details.ts';
