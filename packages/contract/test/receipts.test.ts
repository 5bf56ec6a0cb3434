import { describe, expect, it } from 'vitest';
import { receiptLineItems } from '../src/receipts.ts';
import { receiptNumber, receiptPaymentId } from '../src/registrations.ts';

describe('receipt numbers', () => {
  it('lead back to the payment they were made from', () => {
    for (const id of [1, 42, 999_999, 1_234_567]) expect(receiptPaymentId(receiptNumber(id))).toBe(id);
    expect(receiptNumber(42)).toBe('CW-000042');
  });

  it('answer null for anything that is not one', () => {
    for (const text of ['', 'CW-42', 'cw-000042', 'CW-000042x', 'XX-000042']) {
      expect(receiptPaymentId(text)).toBeNull();
    }
  });
});

describe('a receipt line', () => {
  it('lists the price, then each discount taken off it', () => {
    expect(
      receiptLineItems({
        registrationId: 1,
        childName: 'Ada Meadows',
        placeName: 'Lake Camp (Week 2)',
        startDate: '2031-07-14',
        endDate: '2031-07-18',
        listPriceCents: 20000,
        adjustments: [
          { kind: 'early_bird', amountCents: 2000 },
          { kind: 'promo_code', amountCents: 1500 },
        ],
        totalCents: 16500,
      }),
    ).toEqual([
      { label: 'Price', amountCents: 20000 },
      { label: 'Early-bird discount', amountCents: -2000 },
      { label: 'Promo code', amountCents: -1500 },
    ]);
  });
});
