import type { Quote } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { describe, expect, it } from 'vitest';
import {
  checkPaymentPlan,
  type PaymentPlanFormValues,
  paymentPlanFormValues,
  paymentPlanServerProblems,
  paymentPlanText,
} from '../src/components/payment-plans/payment-plan-form.ts';
import { dueNow, scheduleFor } from '../src/components/payment-plans/plan-choice.tsx';

const typed = (values: Partial<PaymentPlanFormValues>): PaymentPlanFormValues => ({
  on: true,
  deposit: '100',
  balanceDueDays: '14',
  maxInstalments: '3',
  onFinalFailure: 'keep',
  ...values,
});

describe('the deposit settings form', () => {
  it('turns what was typed into the settings, or nothing when deposits are off', () => {
    expect(checkPaymentPlan(typed({ deposit: '$100.50' }))).toEqual({
      body: { depositCents: 10_050, balanceDueDays: 14, maxInstalments: 3, onFinalFailure: 'keep' },
    });
    expect(checkPaymentPlan(typed({ on: false, deposit: '' }))).toEqual({ body: null });
  });

  it('puts each problem beside its field', () => {
    expect(checkPaymentPlan(typed({ deposit: '', balanceDueDays: 'two', maxInstalments: '9' }))).toEqual({
      errors: {
        deposit: messages.fieldRequired.replace('{field}', 'Deposit per place'),
        balanceDueDays: messages.planDaysInvalid,
        maxInstalments: messages.planInstalmentsInvalid,
      },
    });
    expect(
      paymentPlanServerProblems(messages.planDepositNotBelowPrice, {
        'plan.depositCents': messages.planDepositNotBelowPrice,
      }).fields,
    ).toEqual({ deposit: messages.planDepositNotBelowPrice });
  });

  it('starts from what is saved and reads it back in words', () => {
    const saved = {
      depositCents: 5000,
      balanceDueDays: 1,
      maxInstalments: 1,
      onFinalFailure: 'release' as const,
    };
    expect(paymentPlanFormValues(saved)).toMatchObject({ on: true, deposit: '50', balanceDueDays: '1' });
    expect(paymentPlanText(saved)).toBe(
      'Families may pay a $50 deposit per place and the balance in one payment, due 1 day before the session starts. If the last try to charge an instalment fails, the place is released to the waitlist.',
    );
    expect(paymentPlanText(null)).toBe('Families pay in full when they book.');
  });
});

describe('the checkout’s choice', () => {
  const quote: Quote = {
    lines: [
      {
        childId: 1,
        childName: 'Maya',
        sessionId: 1,
        sessionName: 'Week 1',
        placement: 'place',
        listPriceCents: 45_000,
        adjustments: [],
        amountCents: 45_000,
      },
      {
        childId: 2,
        childName: 'Leo',
        sessionId: 1,
        sessionName: 'Week 1',
        placement: 'waitlist',
        listPriceCents: 45_000,
        adjustments: [],
        amountCents: 0,
      },
    ],
    listTotalCents: 45_000,
    discountTotalCents: 0,
    totalCents: 45_000,
    promoCode: null,
    planOffer: {
      depositPerPlaceCents: 10_000,
      balanceDueDate: '2030-05-20',
      maxInstalments: 2,
      today: '2030-01-01',
    },
  };

  it('charges the deposit of the places now, never more instalments than offered', () => {
    expect(dueNow(quote, { kind: 'plan', instalments: 2 })).toBe(10_000);
    expect(dueNow(quote, { kind: 'full' })).toBe(45_000);
    expect(scheduleFor(quote, 6)?.instalments.map((row) => row.amountCents)).toEqual([17_500, 17_500]);
    expect(dueNow({ ...quote, planOffer: null }, { kind: 'plan', instalments: 2 })).toBe(45_000);
  });
});
