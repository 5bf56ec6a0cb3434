import { messages } from '@campwise/contract/messages';
import {
  FULL_REFUND_UNTIL_START,
  type RefundPolicy,
  refundPolicyText,
} from '@campwise/contract/refund-policy';
import type { ParentRegistration } from '@campwise/contract/registrations';
import { describe, expect, it } from 'vitest';
import {
  checkRefundPolicy,
  type RefundPolicyFormValues,
  refundPolicyFormValues,
  refundPolicyServerProblems,
} from '../src/components/refund-policy/refund-policy-form.ts';
import { cancelConsequence, nothingPaidNote } from '../src/components/registrations/cancel-text.ts';

const tiered: RefundPolicy = {
  fullUntilDays: 14,
  partial: { percent: 50, untilDays: 3 },
  cancellationFeeCents: 2500,
};

const typed = (values: Partial<RefundPolicyFormValues>): RefundPolicyFormValues => ({
  fullUntilDays: '14',
  partialOn: true,
  partialPercent: '50',
  partialUntilDays: '3',
  fee: '25',
  ...values,
});

describe('the refund policy form', () => {
  it('starts from the saved policy, the fee in dollars and an unused tier empty', () => {
    expect(refundPolicyFormValues(tiered)).toEqual(typed({}));
    expect(refundPolicyFormValues({ ...tiered, cancellationFeeCents: 1250 }).fee).toBe('12.50');
    expect(refundPolicyFormValues(FULL_REFUND_UNTIL_START)).toEqual({
      fullUntilDays: '0',
      partialOn: false,
      partialPercent: '',
      partialUntilDays: '',
      fee: '',
    });
  });

  it('sends what was typed as the contract takes it, the fee in cents', () => {
    expect(checkRefundPolicy(typed({}))).toEqual({ body: tiered });
    expect(checkRefundPolicy(typed({ partialPercent: '50%', fee: '$25.00' }))).toEqual({ body: tiered });
    expect(checkRefundPolicy(typed({ partialOn: false, partialPercent: 'x', fee: '' }))).toEqual({
      body: { fullUntilDays: 14, partial: null, cancellationFeeCents: 0 },
    });
  });

  it('says beside each field what is wrong, in the contract’s words', () => {
    expect(checkRefundPolicy(typed({ fullUntilDays: '' }))).toEqual({
      errors: { fullUntilDays: 'Full refund until is required' },
    });
    expect(checkRefundPolicy(typed({ fullUntilDays: '400', partialPercent: '100', fee: '1000.01' }))).toEqual(
      {
        errors: {
          fullUntilDays: messages.refundPolicyDaysInvalid,
          partialPercent: messages.refundPolicyPercentInvalid,
          fee: messages.refundPolicyFeeInvalid,
        },
      },
    );
    expect(checkRefundPolicy(typed({ fullUntilDays: '2.5', fee: 'ten' }))).toEqual({
      errors: { fullUntilDays: messages.refundPolicyDaysInvalid, fee: messages.refundPolicyFeeInvalid },
    });
    expect(checkRefundPolicy(typed({ partialUntilDays: '14' }))).toEqual({
      errors: { partialUntilDays: messages.refundPolicyPartialAfterFull },
    });
  });

  it('puts the server’s field errors beside their fields, anything else above the form', () => {
    expect(
      refundPolicyServerProblems('Invalid', {
        'partial.untilDays': messages.refundPolicyPartialAfterFull,
        cancellationFeeCents: messages.refundPolicyFeeInvalid,
      }),
    ).toEqual({
      fields: {
        partialUntilDays: messages.refundPolicyPartialAfterFull,
        fee: messages.refundPolicyFeeInvalid,
      },
      banner: null,
    });
    expect(refundPolicyServerProblems(messages.tryAgain, undefined)).toEqual({
      fields: {},
      banner: messages.tryAgain,
    });
  });
});

const place = (overrides: Partial<ParentRegistration>) => ({
  status: 'confirmed' as const,
  amountCents: 45000,
  refundedCents: 0,
  cancelRefundCents: 45000,
  refundPolicy: tiered,
  ...overrides,
});

describe('what cancelling a place gives back', () => {
  it('everything left of what was paid: in full, without the policy', () => {
    expect(cancelConsequence(place({}))).toEqual({
      consequence: 'You will be refunded $450 in full.',
      policy: null,
    });
    expect(cancelConsequence(place({ refundedCents: 5000, cancelRefundCents: 40000 })).consequence).toBe(
      'You will be refunded $400 in full.',
    );
  });

  it('part of it under the policy, with the policy', () => {
    expect(cancelConsequence(place({ cancelRefundCents: 20000 }))).toEqual({
      consequence: 'Under the camp’s refund policy you will be refunded $200.',
      policy: refundPolicyText(tiered),
    });
  });

  it('nothing under the policy, with the policy', () => {
    expect(cancelConsequence(place({ cancelRefundCents: 0 }))).toEqual({
      consequence: messages.noRefundUnderPolicy,
      policy: refundPolicyText(tiered),
    });
  });

  it('a free place or a waitlist place holds no money', () => {
    expect(cancelConsequence(place({ amountCents: 0, cancelRefundCents: 0 }))).toEqual({
      consequence: nothingPaidNote,
      policy: null,
    });
    expect(
      cancelConsequence(place({ status: 'waitlisted', amountCents: 0, cancelRefundCents: null })),
    ).toEqual({ consequence: messages.leaveWaitlistNote, policy: null });
  });
});
