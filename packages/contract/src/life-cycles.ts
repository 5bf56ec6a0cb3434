import { type InstalmentStatus, instalmentStatuses } from './payment-plans.ts';
import type { payoutStatuses } from './payouts.ts';
import { type RegistrationStatus, registrationStatusSchema } from './registrations.ts';

/**
 * The life cycles of the records that hold money and places, each as an explicit graph: from
 * every status, the statuses it may move to. The server changes a status only along an edge
 * declared here (one writer per life cycle, apps/api/src/platform/life-cycle.ts); the web asks
 * the predicates below rather than keeping lists of its own.
 */
export type StatusGraph<S extends string> = { readonly [From in S]: readonly S[] };

export function canMove<S extends string>(graph: StatusGraph<S>, from: S, to: S): boolean {
  return graph[from].includes(to);
}

/** The statuses no edge leaves. */
export function finalStatuses<S extends string>(graph: StatusGraph<S>): S[] {
  return (Object.keys(graph) as S[]).filter((status) => graph[status].length === 0);
}

export const placeStatuses = registrationStatusSchema.options;

/**
 * A child's place at a camp: paid for at once (pending_payment → confirmed), or from the
 * waitlist through a held offer; a payment that fails gives a held offer back to the family.
 */
export const placeMoves: StatusGraph<RegistrationStatus> = {
  pending_payment: ['confirmed', 'payment_failed', 'offered'],
  waitlisted: ['offered', 'cancelled'],
  offered: ['pending_payment', 'offer_expired', 'cancelled'],
  confirmed: ['cancelled'],
  cancelled: [],
  offer_expired: [],
  payment_failed: [],
};

/** Statuses that hold a child's place at a camp (one per child and camp). */
export const ACTIVE_PLACE_STATUSES = ['pending_payment', 'confirmed', 'waitlisted', 'offered'] as const;
/** Statuses that hold a spot of the session's capacity. */
export const SPOT_HOLDING_STATUSES = ['pending_payment', 'confirmed', 'offered'] as const;
/** Statuses a host may cancel: not a place whose payment is in flight. */
export const HOST_CANCELLABLE_STATUSES = ['confirmed', 'waitlisted', 'offered'] as const;

const among = (list: readonly RegistrationStatus[], status: RegistrationStatus) => list.includes(status);

export const isActivePlace = (status: RegistrationStatus): boolean => among(ACTIVE_PLACE_STATUSES, status);
export const holdsSpot = (status: RegistrationStatus): boolean => among(SPOT_HOLDING_STATUSES, status);
export const hostCanCancel = (status: RegistrationStatus): boolean =>
  among(HOST_CANCELLABLE_STATUSES, status);
/** A place on the waitlist, or offered from it: given up free of charge. */
export const isWaiting = (status: RegistrationStatus): boolean =>
  status === 'waitlisted' || status === 'offered';
/** A place that is the child's for sure: paid, or being paid (not a waitlist place or an offer). */
export const holdsPaidPlace = (status: RegistrationStatus): boolean =>
  status === 'confirmed' || status === 'pending_payment';
/** Only a paid place moves to another session (docs/decisions/017). */
export const isPaidPlace = (status: RegistrationStatus): boolean => status === 'confirmed';

/**
 * One charge (a basket, a move's difference, an instalment attempt). `refund_due`: the processor
 * holds a charge nothing came of, which reconciliation pays back.
 */
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentMoves: StatusGraph<PaymentStatus> = {
  pending: ['succeeded', 'failed', 'refund_due'],
  succeeded: ['refund_due', 'refunded'],
  // A charge the processor made after we gave the payment up is owed back.
  failed: ['refund_due'],
  refund_due: ['refunded'],
  refunded: [],
};

/** One instalment of a payment plan (decision 026); a failed one is tried again until given up. */
export const instalmentMoves: StatusGraph<InstalmentStatus> = {
  scheduled: ['charging', 'cancelled'],
  charging: ['paid', 'failed', 'cancelled'],
  failed: ['charging', 'cancelled'],
  paid: [],
  cancelled: [],
};
export { instalmentStatuses };

/** A payout from a host's payout account to their bank, as the processor reports it. */
export type PayoutStatus = (typeof payoutStatuses)[number];
export const payoutMoves: StatusGraph<PayoutStatus> = {
  pending: ['in_transit', 'paid', 'failed', 'canceled'],
  in_transit: ['paid', 'failed', 'canceled'],
  // A bank can send a paid payout back.
  paid: ['failed'],
  failed: [],
  canceled: [],
};

/**
 * Money given back from one charge. Recorded `pending` in the transaction that decides it, sent
 * to the processor after that commits under its own key, and `sent` once the processor took it;
 * `failed` when the processor refuses it for good, for an administrator to settle.
 */
export const refundStatuses = ['pending', 'sent', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const refundMoves: StatusGraph<RefundStatus> = {
  pending: ['sent', 'failed'],
  sent: [],
  failed: [],
};
