import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { refundPolicyText } from '@campwise/contract/refund-policy';
import type { ParentRegistration } from '@campwise/contract/registrations';

/** Said when a place that cost nothing is cancelled. */
export const nothingPaidNote = 'Nothing was paid for this place, so there is nothing to refund.';

export interface CancelConsequence {
  /** What happens to the money (or the waitlist place), said first. */
  consequence: string;
  /** The policy the place was bought under, when it is why less than was paid comes back. */
  policy: string | null;
}

type Cancelling = Pick<
  ParentRegistration,
  'status' | 'amountCents' | 'refundedCents' | 'cancelRefundCents' | 'refundPolicy'
>;

/**
 * What cancelling gives back, as the server worked it out under the place's refund policy:
 * all that is left of what was paid, part of it, or nothing. A waitlist or offered place
 * holds no payment and is simply left.
 */
export function cancelConsequence(registration: Cancelling): CancelConsequence {
  if (registration.status !== 'confirmed') return { consequence: messages.leaveWaitlistNote, policy: null };
  const left = registration.amountCents - registration.refundedCents;
  if (left <= 0) return { consequence: nothingPaidNote, policy: null };
  const refund = Math.min(left, Math.max(0, registration.cancelRefundCents ?? 0));
  if (refund === left) {
    return { consequence: messages.refundInFull.replace('{amount}', formatMoney(refund)), policy: null };
  }
  const policy = refundPolicyText(registration.refundPolicy);
  if (refund > 0) {
    return { consequence: messages.refundUnderPolicy.replace('{amount}', formatMoney(refund)), policy };
  }
  return { consequence: messages.noRefundUnderPolicy, policy };
}
