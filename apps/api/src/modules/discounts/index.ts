export type { BasketLine } from './price-basket.ts';
export { priceBasket } from './price-basket.ts';
export { discountRoutes } from './routes.ts';
export type { AppliedPromo } from './service.ts';
export {
  addPromoCode,
  campDiscounts,
  discountRules,
  promoForBasket,
  recordPromoUse,
  releasePromoUse,
  setHostDiscounts,
} from './service.ts';
