import type { BasketCamp, CheckoutResult } from '@campwise/contract/family-basket';
import { describe, expect, it } from 'vitest';
import {
  basketCountText,
  campLines,
  checkoutTitle,
  flagText,
} from '../src/components/family-basket/basket-text.ts';

const result = (campName: string, status: 'confirmed' | 'waitlisted' | null): CheckoutResult => ({
  campId: campName.length,
  campName,
  outcome: status ? { status, registrationIds: [1], amountCents: 0, receiptNumber: null } : null,
  error: status ? null : 'Your card was declined.',
});

describe('the family basket in words', () => {
  it('titles the confirmation with what was done', () => {
    expect(checkoutTitle([result('Riverside', 'confirmed'), result('Hilltop', 'confirmed')])).toBe(
      'Registered for Riverside and Hilltop',
    );
    expect(checkoutTitle([result('Riverside', 'waitlisted')])).toBe('On the waitlist for Riverside');
    expect(checkoutTitle([result('Riverside', 'confirmed'), result('Hilltop', null)])).toBe(
      'Registered for Riverside, not everything',
    );
    expect(checkoutTitle([result('Hilltop', null)])).toBe('Nothing was booked');
  });

  it('says each flag, and the basket’s size', () => {
    expect(flagText({ kind: 'price', fromCents: 15000, toCents: 17550 })).toBe(
      'The price changed from $150 to $175.50 since you added it.',
    );
    expect(flagText({ kind: 'full', waitlist: false })).toContain('no waitlist');
    expect(basketCountText(0)).toBe('Basket, empty');
    expect(basketCountText(1)).toBe('Basket, 1 session');
    expect(basketCountText(3)).toBe('Basket, 3 sessions');
  });

  it('pays only for bookable sessions with children chosen', () => {
    const base = { startDate: null, endDate: null, startTime: null, endTime: null, weekdays: null };
    const camp: BasketCamp = {
      campId: 1,
      campName: 'Riverside',
      orgName: 'River Org',
      city: null,
      state: null,
      isVirtual: true,
      sessions: [
        {
          ...base,
          sessionId: 10,
          sessionName: 'Week 1',
          priceCents: 1,
          seenPriceCents: 1,
          spotsLeft: 3,
          allowsWaitlist: false,
          bookable: true,
          childIds: [1, 2],
        },
        {
          ...base,
          sessionId: 11,
          sessionName: 'Week 2',
          priceCents: 1,
          seenPriceCents: 1,
          spotsLeft: 3,
          allowsWaitlist: false,
          bookable: false,
          childIds: [1],
        },
        {
          ...base,
          sessionId: 12,
          sessionName: 'Week 3',
          priceCents: 1,
          seenPriceCents: 1,
          spotsLeft: 3,
          allowsWaitlist: false,
          bookable: true,
          childIds: [],
        },
      ],
    };
    expect(campLines(camp)).toEqual([
      { childId: 1, sessionId: 10 },
      { childId: 2, sessionId: 10 },
    ]);
  });
});
