export { instalmentStatus } from './instalment-status.ts';
export {
  cancelUnpaidParts,
  chargingPart,
  isPaidPart,
  paidOnPlan,
  partsOf,
  recordPartRefunds,
} from './place-parts.ts';
export { placePlan } from './place-plan.ts';
export { paymentPlanRoutes } from './routes.ts';
export { choosePlan, depositOf, writePlan } from './write-plan.ts';
