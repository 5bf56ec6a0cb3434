import type { z } from 'zod';
import { formatMoney } from './format.ts';
import type { refundPolicySchema } from './refund-policy-schema.ts';

/**
 * A camp's refund policy, chosen by its host (docs/decisions/018): a full refund when a family
 * cancels at least `fullUntilDays` days before the session starts, then `partial.percent` % when
 * at least `partial.untilDays` days before, then nothing; a cancellation fee is kept from any
 * refund. A host cancelling, or a cancelled session, always refunds in full.
 */
export const MAX_POLICY_DAYS = 365;
export const MAX_CANCELLATION_FEE_CENTS = 100_000;

export type RefundPolicy = z.infer<typeof refundPolicySchema>;

/** What every camp had before hosts could choose: a full refund until the session starts. */
export const FULL_REFUND_UNTIL_START: RefundPolicy = {
  fullUntilDays: 0,
  partial: null,
  cancellationFeeCents: 0,
};

export type RefundRule = 'full' | 'partial' | 'none';

/**
 * What a family gets back when it cancels a place `daysBefore` whole days before its session
 * starts (null: a year-round session, which has no start, so the full rule applies). A partial
 * refund is rounded down to the cent; the fee comes off what the rule gives; never below nothing
 * and never above what is left of what was paid.
 */
export function policyRefund(
  policy: RefundPolicy,
  paidCents: number,
  daysBefore: number | null,
): { refundCents: number; rule: RefundRule } {
  const paid = Math.max(0, paidCents);
  const rule: RefundRule =
    daysBefore === null || daysBefore >= policy.fullUntilDays
      ? 'full'
      : policy.partial && daysBefore >= policy.partial.untilDays
        ? 'partial'
        : 'none';
  const gross =
    rule === 'full'
      ? paid
      : rule === 'partial'
        ? Math.floor((paid * (policy.partial?.percent ?? 0)) / 100)
        : 0;
  return {
    refundCents: Math.max(0, Math.min(paid, gross - (gross > 0 ? policy.cancellationFeeCents : 0))),
    rule,
  };
}

const dayWord = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** The policy in a parent's words, as the camp page, the checkout and the receipt print it. */
export function refundPolicyText(policy: RefundPolicy): string {
  const parts: string[] = [];
  parts.push(
    policy.fullUntilDays === 0
      ? 'Full refund if you cancel before the session starts'
      : `Full refund if you cancel at least ${dayWord(policy.fullUntilDays)} before the session starts`,
  );
  if (policy.partial) {
    parts.push(
      policy.partial.untilDays === 0
        ? `${policy.partial.percent}% refund after that, until it starts`
        : `${policy.partial.percent}% refund until ${dayWord(policy.partial.untilDays)} before`,
    );
  }
  const full = policy.fullUntilDays === 0 && !policy.partial;
  const after = full ? '' : policy.partial?.untilDays === 0 ? '' : '; no refund after that';
  const fee =
    policy.cancellationFeeCents > 0
      ? ` A ${formatMoney(policy.cancellationFeeCents)} cancellation fee is kept from any refund.`
      : '';
  return `${parts.join(', then ')}${after}.${fee}`;
}
