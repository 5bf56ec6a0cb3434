import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import {
  addDays,
  daysBetween,
  MAX_INSTALMENTS,
  type PaymentPlanSettings,
  paymentPlanSettingsSchema,
  planCancelRefund,
  planOffer,
  planSchedule,
} from '../src/payment-plans.ts';
import { policyRefund, type RefundPolicy } from '../src/refund-policy.ts';

const SETTINGS: PaymentPlanSettings = {
  depositCents: 5000,
  balanceDueDays: 14,
  maxInstalments: 3,
  onFinalFailure: 'release',
};

const TIERED: RefundPolicy = {
  fullUntilDays: 30,
  partial: { percent: 50, untilDays: 7 },
  cancellationFeeCents: 2500,
};

const day = fc.integer({ min: 0, max: 3000 }).map((offset) => addDays('2026-01-01', offset));

describe('what a basket is offered', () => {
  it('a deposit per place and the balance by a date before the first session, in up to N parts', () => {
    expect(
      planOffer(
        SETTINGS,
        { sessionStarts: ['2030-06-10', '2030-06-03'], lineAmounts: [15000, 20000] },
        '2030-01-01',
      ),
    ).toEqual({
      depositPerPlaceCents: 5000,
      balanceDueDate: '2030-05-20',
      maxInstalments: 3,
      today: '2030-01-01',
    });
  });

  it('fewer instalments when fewer days are left, none once the balance date is here', () => {
    const basket = { sessionStarts: ['2030-06-03'], lineAmounts: [15000] };
    expect(planOffer(SETTINGS, basket, '2030-05-18')?.maxInstalments).toBe(2);
    expect(planOffer(SETTINGS, basket, '2030-05-20')).toBeNull();
  });

  it('nothing for a camp without a plan, a year-round session, or places the deposit pays in full', () => {
    expect(planOffer(null, { sessionStarts: ['2030-06-03'], lineAmounts: [15000] }, '2030-01-01')).toBeNull();
    expect(planOffer(SETTINGS, { sessionStarts: [null], lineAmounts: [15000] }, '2030-01-01')).toBeNull();
    expect(
      planOffer(SETTINGS, { sessionStarts: ['2030-06-03'], lineAmounts: [4000] }, '2030-01-01'),
    ).toBeNull();
    expect(planOffer(SETTINGS, { sessionStarts: [], lineAmounts: [] }, '2030-01-01')).toBeNull();
  });
});

describe('the schedule', () => {
  const offer = { depositPerPlaceCents: 5000, balanceDueDate: '2030-05-20', today: '2030-01-01' };

  it('splits each place’s balance into parts a cent apart, the first parts taking the odd cents', () => {
    const schedule = planSchedule(offer, [15000, 10001], 3);
    expect(schedule.lineDeposits).toEqual([5000, 5000]);
    expect(schedule.lineParts).toEqual([
      [3334, 3333, 3333],
      [1667, 1667, 1667],
    ]);
    expect(schedule.instalments).toEqual([
      { dueDate: '2030-02-16', amountCents: 5001 },
      { dueDate: '2030-04-03', amountCents: 5000 },
      { dueDate: '2030-05-20', amountCents: 5000 },
    ]);
    expect(schedule.depositCents).toBe(10000);
    expect(schedule.totalCents).toBe(25001);
  });

  it('charges a place cheaper than the deposit in full now', () => {
    const schedule = planSchedule(offer, [3000, 15000], 2);
    expect(schedule.lineDeposits).toEqual([3000, 5000]);
    expect(schedule.lineParts[0]).toEqual([0, 0]);
  });

  it('always sums to the price: deposit and instalments, none negative, the last on or before the balance date', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 100, max: 200_000 }),
        fc.integer({ min: 1, max: MAX_INSTALMENTS }),
        day,
        fc.integer({ min: 1, max: 400 }),
        (amounts, deposit, count, today, days) => {
          const plan = { depositPerPlaceCents: deposit, today, balanceDueDate: addDays(today, days) };
          const schedule = planSchedule(plan, amounts, count);
          const instalmentsTotal = schedule.instalments.reduce((sum, row) => sum + row.amountCents, 0);
          const price = amounts.reduce((sum, amount) => sum + amount, 0);
          expect(schedule.depositCents + instalmentsTotal).toBe(price);
          expect(schedule.totalCents).toBe(price);
          expect(schedule.instalments.length).toBe(Math.min(count, days));
          for (const [line, amount] of amounts.entries()) {
            const parts = schedule.lineParts[line] ?? [];
            expect((schedule.lineDeposits[line] ?? 0) + parts.reduce((sum, part) => sum + part, 0)).toBe(
              amount,
            );
            expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
            for (const part of parts) expect(part).toBeGreaterThanOrEqual(0);
          }
          let previous = today;
          for (const row of schedule.instalments) {
            expect(row.amountCents).toBeGreaterThanOrEqual(0);
            expect(row.dueDate > previous).toBe(true);
            previous = row.dueDate;
          }
          expect(schedule.instalments.at(-1)?.dueDate).toBe(plan.balanceDueDate);
        },
      ),
    );
  });
});

describe('cancelling a place on a plan', () => {
  it('refunds what was paid beyond what the policy keeps of the price', () => {
    // 9 days before: half of $300 is kept; $50 deposit + $100 paid → $0 back ($150 kept, capped at $150).
    expect(planCancelRefund(TIERED, 30000, 15000, 9)).toBe(0);
    // 40 days before: only the $25 fee is kept.
    expect(planCancelRefund(TIERED, 30000, 15000, 40)).toBe(12500);
    // Less paid than the policy keeps: nothing back, and nothing more charged.
    expect(planCancelRefund(TIERED, 30000, 5000, 3)).toBe(0);
    // Paid in full, it is the policy's refund.
    expect(planCancelRefund(TIERED, 30000, 30000, 9)).toBe(policyRefund(TIERED, 30000, 9).refundCents);
  });

  it('is never negative, never above what was paid, and leaves the family paying what paying in full would have, at most', () => {
    const policy = fc.record({
      fullUntilDays: fc.integer({ min: 0, max: 60 }),
      partial: fc.option(
        fc.record({ percent: fc.integer({ min: 1, max: 99 }), untilDays: fc.integer({ min: 0, max: 0 }) }),
        {
          nil: null,
        },
      ),
      cancellationFeeCents: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(
        policy,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.integer({ min: -5, max: 400 }), { nil: null }),
        (rules, price, share, days) => {
          const paid = Math.floor(price * share);
          const refund = planCancelRefund(rules, price, paid, days);
          expect(refund).toBeGreaterThanOrEqual(0);
          expect(refund).toBeLessThanOrEqual(paid);
          const keptInFull = price - policyRefund(rules, price, days).refundCents;
          expect(paid - refund).toBe(Math.min(paid, keptInFull));
        },
      ),
    );
  });
});

describe('the host’s settings', () => {
  it('take a deposit of at least $1, 1 to 365 days and 1 to 6 instalments', () => {
    expect(paymentPlanSettingsSchema.safeParse(SETTINGS).success).toBe(true);
    const issue = (value: object) =>
      paymentPlanSettingsSchema.safeParse({ ...SETTINGS, ...value }).error?.issues[0]?.message;
    expect(issue({ depositCents: 50 })).toBe(messages.planDepositInvalid);
    expect(issue({ balanceDueDays: 0 })).toBe(messages.planDaysInvalid);
    expect(issue({ maxInstalments: 7 })).toBe(messages.planInstalmentsInvalid);
    expect(issue({ onFinalFailure: 'forget' })).toBe(messages.planRuleInvalid);
  });

  it('count calendar days', () => {
    expect(daysBetween('2030-02-27', '2030-03-01')).toBe(2);
    expect(addDays('2030-06-03', -14)).toBe('2030-05-20');
  });
});
