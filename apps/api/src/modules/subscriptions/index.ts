export { requireOwnSubscription, requireSubscribedHost } from './guard.ts';
export { subscriptionRoutes } from './routes.ts';
export {
  confirmCheckout,
  getSubscriptionState,
  handlePaymentEvent,
  setRenewal,
  startCheckout,
} from './service.ts';
