import { NO_DISCOUNTS } from '@campwise/contract/baskets';
import { formatDate } from '@campwise/contract/format';
import { describe, expect, it } from 'vitest';
import { discountsSummaryText } from '../src/components/discounts/discount-text.ts';

describe("a camp's discounts in one line", () => {
  it('says there are none', () => {
    expect(discountsSummaryText(NO_DISCOUNTS, 0)).toBe('No discounts or promo codes.');
  });

  it('lists each discount in the order they apply, then the promo codes', () => {
    const text = discountsSummaryText(
      {
        earlyBird: { kind: 'percent', value: 10, until: '2027-03-01' },
        multiSession: { kind: 'amount', value: 2500, fromSession: 2 },
        sibling: { kind: 'percent', value: 5 },
      },
      2,
    );
    expect(text).toBe(
      `Early-bird discount 10% off until ${formatDate('2027-03-01')} · Multi-week discount $25 off · Sibling discount 5% off · 2 promo codes`,
    );
  });

  it('counts one promo code in the singular', () => {
    expect(discountsSummaryText(NO_DISCOUNTS, 1)).toBe('1 promo code');
  });
});
