export { refundPolicyRoutes } from './routes.ts';
