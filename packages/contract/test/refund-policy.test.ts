import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import {
  FULL_REFUND_UNTIL_START,
  policyRefund,
  type RefundPolicy,
  refundPolicyText,
} from '../src/refund-policy.ts';
import { refundPolicySchema } from '../src/refund-policy-schema.ts';

const TIERED: RefundPolicy = {
  fullUntilDays: 14,
  partial: { percent: 50, untilDays: 7 },
  cancellationFeeCents: 2500,
};

describe('what a cancellation gives back', () => {
  it('follows the tiers, keeping the fee from any refund', () => {
    expect(policyRefund(TIERED, 30000, 20)).toEqual({ refundCents: 27500, rule: 'full' });
    expect(policyRefund(TIERED, 30000, 14)).toEqual({ refundCents: 27500, rule: 'full' });
    expect(policyRefund(TIERED, 30000, 13)).toEqual({ refundCents: 12500, rule: 'partial' });
    expect(policyRefund(TIERED, 30000, 7)).toEqual({ refundCents: 12500, rule: 'partial' });
    expect(policyRefund(TIERED, 30000, 6)).toEqual({ refundCents: 0, rule: 'none' });
    // A year-round session has no start: the full rule applies.
    expect(policyRefund(TIERED, 30000, null)).toEqual({ refundCents: 27500, rule: 'full' });
  });

  it('rounds a partial refund down to the cent and never goes below nothing', () => {
    expect(
      policyRefund({ ...TIERED, partial: { percent: 33, untilDays: 0 }, cancellationFeeCents: 0 }, 1001, 3),
    ).toEqual({ refundCents: 330, rule: 'partial' });
    expect(policyRefund(TIERED, 2000, 20)).toEqual({ refundCents: 0, rule: 'full' });
  });

  it('refunds everything until the start under the policy every camp had before', () => {
    expect(policyRefund(FULL_REFUND_UNTIL_START, 45000, 0)).toEqual({ refundCents: 45000, rule: 'full' });
  });

  it('is never negative, never above what was paid, and never grows as the start comes closer', () => {
    const policy = fc
      .record({
        fullUntilDays: fc.integer({ min: 1, max: 365 }),
        percent: fc.integer({ min: 1, max: 99 }),
        untilFraction: fc.double({ min: 0, max: 0.99, noNaN: true }),
        withPartial: fc.boolean(),
        cancellationFeeCents: fc.integer({ min: 0, max: 100_000 }),
      })
      .map(
        (raw): RefundPolicy => ({
          fullUntilDays: raw.fullUntilDays,
          partial: raw.withPartial
            ? { percent: raw.percent, untilDays: Math.floor(raw.fullUntilDays * raw.untilFraction) }
            : null,
          cancellationFeeCents: raw.cancellationFeeCents,
        }),
      );
    fc.assert(
      fc.property(
        policy,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (rules, paid, a, b) => {
          expect(refundPolicySchema.safeParse(rules).success).toBe(true);
          const early = policyRefund(rules, paid, Math.max(a, b)).refundCents;
          const late = policyRefund(rules, paid, Math.min(a, b)).refundCents;
          for (const refund of [early, late]) {
            expect(refund).toBeGreaterThanOrEqual(0);
            expect(refund).toBeLessThanOrEqual(paid);
            expect(Number.isInteger(refund)).toBe(true);
          }
          expect(late).toBeLessThanOrEqual(early);
        },
      ),
    );
  });
});

describe('the policy as hosts set it and parents read it', () => {
  it('refuses a partial refund that ends before the full one, and out-of-range values', () => {
    const issues = (value: object) =>
      refundPolicySchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ ...TIERED, partial: { percent: 50, untilDays: 14 } })).toEqual([
      messages.refundPolicyPartialAfterFull,
    ]);
    expect(issues({ ...TIERED, fullUntilDays: 400 })).toContain(messages.refundPolicyDaysInvalid);
    expect(issues({ ...TIERED, partial: { percent: 100, untilDays: 7 } })).toContain(
      messages.refundPolicyPercentInvalid,
    );
    expect(issues({ ...TIERED, cancellationFeeCents: -1 })).toContain(messages.refundPolicyFeeInvalid);
  });

  it('says each rule in words', () => {
    expect(refundPolicyText(FULL_REFUND_UNTIL_START)).toBe(
      'Full refund if you cancel before the session starts.',
    );
    expect(refundPolicyText(TIERED)).toBe(
      'Full refund if you cancel at least 14 days before the session starts, then 50% refund until 7 days before; no refund after that. A $25 cancellation fee is kept from any refund.',
    );
    expect(refundPolicyText({ fullUntilDays: 1, partial: null, cancellationFeeCents: 0 })).toBe(
      'Full refund if you cancel at least 1 day before the session starts; no refund after that.',
    );
    expect(
      refundPolicyText({
        fullUntilDays: 30,
        partial: { percent: 25, untilDays: 0 },
        cancellationFeeCents: 0,
      }),
    ).toBe(
      'Full refund if you cancel at least 30 days before the session starts, then 25% refund after that, until it starts.',
    );
  });
});
