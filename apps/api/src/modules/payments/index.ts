export { paymentStatus } from './payment-status.ts';
export { recordRefunds, sendOwedRefunds, sendRefunds } from './refunds.ts';
export { hostedCheckoutRoutes, paymentWebhookRoutes } from './routes.ts';
