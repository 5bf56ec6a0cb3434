export { booksProblems, settleWithinMs } from './check-books.ts';
export { listHostPayouts } from './earnings.ts';
export type { FeeRefundPiece, PlatformFee } from './payment-entries.ts';
export { recordChargeEntries, recordRefundEntries, withFeeRefunds } from './payment-entries.ts';
export type { ChargeTerms } from './payout-accounts.ts';
export {
  campPayoutAccount,
  chargeDestination,
  chargeTermsFor,
  startOnboarding,
  syncPayout,
  syncPayoutAccount,
} from './payout-accounts.ts';
export { hostedOnboardingRoutes, payoutRoutes } from './routes.ts';
