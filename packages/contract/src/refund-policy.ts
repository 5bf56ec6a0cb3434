import { z } from 'zod';
import { formatMoney } from './format.ts';
import { messages } from './messages.ts';

/**
 * A camp's refund policy, chosen by its host (docs/decisions/018): a full refund when a family
 * cancels at least `fullUntilDays` days before the session starts, then `partial.percent` % when
 * at least `partial.untilDays` days before, then nothing; a cancellation fee is kept from any
 * refund. A host cancelling, or a cancelled session, always refunds in full.
 */
export const MAX_POLICY_DAYS = 365;
export const MAX_CANCELLATION_FEE_CENTS = 100_000;

const days = z
  .number({ error: messages.refundPolicyDaysInvalid })
  .int(messages.refundPolicyDaysInvalid)
  .min(0, messages.refundPolicyDaysInvalid)
  .max(MAX_POLICY_DAYS, messages.refundPolicyDaysInvalid);

export const refundPolicySchema = z
  .object({
    fullUntilDays: days,
    partial: z
      .object({
        percent: z
          .number({ error: messages.refundPolicyPercentInvalid })
          .int(messages.refundPolicyPercentInvalid)
          .min(1, messages.refundPolicyPercentInvalid)
          .max(99, messages.refundPolicyPercentInvalid),
        untilDays: days,
      })
      .strict()
      .nullable(),
    cancellationFeeCents: z
      .number({ error: messages.refundPolicyFeeInvalid })
      .int(messages.refundPolicyFeeInvalid)
      .min(0, messages.refundPolicyFeeInvalid)
      .max(MAX_CANCELLATION_FEE_CENTS, messages.refundPolicyFeeInvalid),
  })
  .strict()
  .refine((policy) => !policy.partial || policy.partial.untilDays < policy.fullUntilDays, {
    message: messages.refundPolicyPartialAfterFull,
    path: ['partial', 'untilDays'],
  });
export type RefundPolicy = z.infer<typeof refundPolicySchema>;
export const refundPolicyResponse = z.object({ data: refundPolicySchema });

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
