import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BasketLine,
  type CampDiscountRules,
  discountOn,
  type PromoCodeRule,
  priceBasket,
  shareByWeight,
} from '../src/modules/discounts/price-basket.ts';

const line = (
  childId: number,
  sessionId: number,
  listPriceCents: number,
  sessionStart: string | null = null,
) => ({ childId, sessionId, listPriceCents, sessionStart }) satisfies BasketLine;

describe('a single discount', () => {
  it('takes a percent rounded down to the cent, and never more than the amount', () => {
    expect(discountOn(999, { kind: 'percent', value: 10 })).toBe(99);
    expect(discountOn(1000, { kind: 'percent', value: 100 })).toBe(1000);
    expect(discountOn(500, { kind: 'amount', value: 2000 })).toBe(500);
    expect(discountOn(0, { kind: 'amount', value: 2000 })).toBe(0);
  });
});

describe('sharing an amount across lines', () => {
  it('adds up to the cent and favours the larger remainders', () => {
    expect(shareByWeight(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(shareByWeight(1000, [30000, 10000])).toEqual([750, 250]);
    expect(shareByWeight(500, [100, 100])).toEqual([100, 100]);
    expect(shareByWeight(10, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the amount (or everything) and never exceeds a weight', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const shares = shareByWeight(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(total, sum));
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[index] ?? 0);
          });
        },
      ),
    );
  });
});

describe('pricing a basket', () => {
  const weeks = [line(1, 11, 30000, '2030-06-08'), line(1, 12, 30000, '2030-06-15')];

  it('charges list prices when the camp has no discounts', () => {
    const basket = priceBasket([...weeks, line(2, 11, 30000, '2030-06-08')], {}, null, '2030-01-01');
    expect(basket).toMatchObject({ listTotalCents: 90000, discountTotalCents: 0, totalCents: 90000 });
  });

  it('applies early bird, multi-session, sibling and promo code in that order', () => {
    const rules: CampDiscountRules = {
      earlyBird: { kind: 'percent', value: 10, until: '2030-03-01' },
      multiSession: { kind: 'amount', value: 2000, fromSession: 2 },
      sibling: { kind: 'percent', value: 5 },
    };
    const promo: PromoCodeRule = { code: 'SUMMER', kind: 'amount', value: 1000 };
    const basket = priceBasket(
      [...weeks, line(2, 11, 30000, '2030-06-08'), line(2, 12, 30000, '2030-06-15')],
      rules,
      promo,
      '2030-02-01',
    );
    // Child 1 (lower id wins the tie) pays no sibling discount.
    const [a1, a2, b1, b2] = basket.lines;
    expect(a1?.adjustments).toEqual([
      { kind: 'early_bird', amountCents: 3000 },
      { kind: 'promo_code', amountCents: 266 },
    ]);
    expect(a2?.adjustments).toEqual([
      { kind: 'early_bird', amountCents: 3000 },
      { kind: 'multi_session', amountCents: 2000 },
      { kind: 'promo_code', amountCents: 247 },
    ]);
    expect(b1?.adjustments).toEqual([
      { kind: 'early_bird', amountCents: 3000 },
      { kind: 'sibling', amountCents: 1350 },
      { kind: 'promo_code', amountCents: 253 },
    ]);
    expect(b2?.adjustments).toEqual([
      { kind: 'early_bird', amountCents: 3000 },
      { kind: 'multi_session', amountCents: 2000 },
      { kind: 'sibling', amountCents: 1250 },
      { kind: 'promo_code', amountCents: 234 },
    ]);
    expect(basket.totalCents).toBe(120000 - 12000 - 4000 - 2600 - 1000);
  });

  it('ends the early-bird price after its last day', () => {
    const rules: CampDiscountRules = { earlyBird: { kind: 'amount', value: 5000, until: '2030-03-01' } };
    expect(priceBasket(weeks, rules, null, '2030-03-01').totalCents).toBe(50000);
    expect(priceBasket(weeks, rules, null, '2030-03-02').totalCents).toBe(60000);
  });

  it('counts a child’s sessions from the earliest, whatever order they were chosen in', () => {
    const rules: CampDiscountRules = { multiSession: { kind: 'percent', value: 50, fromSession: 3 } };
    const basket = priceBasket(
      [line(1, 3, 10000, '2030-07-01'), line(1, 1, 10000, '2030-06-01'), line(1, 2, 10000, '2030-06-15')],
      rules,
      null,
      '2030-01-01',
    );
    expect(basket.lines.map((priced) => [priced.sessionId, priced.amountCents])).toEqual([
      [1, 10000],
      [2, 10000],
      [3, 5000],
    ]);
  });

  it('gives the sibling discount to every child but the one whose places cost most', () => {
    const rules: CampDiscountRules = { sibling: { kind: 'amount', value: 2500 } };
    const basket = priceBasket(
      [line(7, 1, 20000), line(3, 1, 20000), line(3, 2, 20000), line(9, 1, 20000)],
      rules,
      null,
      '2030-01-01',
    );
    const paid = Object.fromEntries(
      basket.lines.map((priced) => [`${priced.childId}-${priced.sessionId}`, priced.amountCents]),
    );
    expect(paid).toEqual({ '3-1': 20000, '3-2': 20000, '7-1': 17500, '9-1': 17500 });
  });

  it('never takes a line below zero', () => {
    const basket = priceBasket(
      [line(1, 1, 1000), line(2, 1, 1000)],
      { sibling: { kind: 'amount', value: 5000 } },
      { code: 'FREE', kind: 'amount', value: 100_000 },
      '2030-01-01',
    );
    expect(basket.lines.map((priced) => priced.amountCents)).toEqual([0, 0]);
    expect(basket.totalCents).toBe(0);
  });
});

const discountValue = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 100_000 }) }),
);

const rulesArbitrary: fc.Arbitrary<CampDiscountRules> = fc.record(
  {
    earlyBird: fc.tuple(discountValue, fc.constantFrom('2030-01-01', '2030-06-01')).map(([value, until]) => ({
      ...value,
      until,
    })),
    sibling: discountValue,
    multiSession: fc.tuple(discountValue, fc.integer({ min: 2, max: 5 })).map(([value, fromSession]) => ({
      ...value,
      fromSession,
    })),
  },
  { requiredKeys: [] },
);

const promoArbitrary = fc.option(
  discountValue.map((value) => ({ ...value, code: 'CODE' })),
  { nil: null },
);

/** Distinct child × session pairs with prices and start dates. */
const basketArbitrary = fc
  .uniqueArray(
    fc.record({
      childId: fc.integer({ min: 1, max: 4 }),
      sessionId: fc.integer({ min: 1, max: 6 }),
      listPriceCents: fc.nat({ max: 500_000 }),
    }),
    { minLength: 1, maxLength: 24, selector: (entry) => `${entry.childId}-${entry.sessionId}` },
  )
  .map((entries) =>
    entries.map((entry) => ({
      ...entry,
      // One start date per session, as in a real camp.
      sessionStart: entry.sessionId === 6 ? null : `2030-0${entry.sessionId}-15`,
    })),
  );

describe('pricing, for any basket and any discounts', () => {
  const anyBasket = fc.tuple(
    basketArbitrary,
    rulesArbitrary,
    promoArbitrary,
    fc.constantFrom('2029-12-31', '2030-03-01'),
  );

  it('is never negative and never above the sum of list prices', () => {
    fc.assert(
      fc.property(anyBasket, ([lines, rules, promo, today]) => {
        const basket = priceBasket(lines, rules, promo, today);
        expect(basket.totalCents).toBeGreaterThanOrEqual(0);
        expect(basket.totalCents).toBeLessThanOrEqual(basket.listTotalCents);
        expect(basket.listTotalCents).toBe(lines.reduce((sum, entry) => sum + entry.listPriceCents, 0));
        for (const priced of basket.lines) {
          expect(Number.isInteger(priced.amountCents)).toBe(true);
          expect(priced.amountCents).toBeGreaterThanOrEqual(0);
          const taken = priced.adjustments.reduce((sum, adjustment) => sum + adjustment.amountCents, 0);
          expect(priced.amountCents + taken).toBe(priced.listPriceCents);
          for (const adjustment of priced.adjustments) expect(adjustment.amountCents).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(anyBasket, fc.nat(), ([lines, rules, promo, today], seed) => {
        const shuffled = [...lines].sort(
          (a, b) =>
            ((a.childId * 31 + a.sessionId * 17 + seed) % 13) -
            ((b.childId * 31 + b.sessionId * 17 + seed) % 13),
        );
        expect(priceBasket(shuffled, rules, promo, today)).toEqual(priceBasket(lines, rules, promo, today));
      }),
    );
  });

  it('refunds line by line add up to exactly what was paid', () => {
    fc.assert(
      fc.property(
        anyBasket,
        fc.array(fc.boolean(), { maxLength: 24 }),
        ([lines, rules, promo, today], cancelled) => {
          const basket = priceBasket(lines, rules, promo, today);
          // Cancel some lines first, then the rest: what comes back is what each line cost.
          const first = basket.lines.filter((_, index) => cancelled[index]);
          const rest = basket.lines.filter((_, index) => !cancelled[index]);
          const refunded = [...first, ...rest].reduce((sum, priced) => sum + priced.amountCents, 0);
          expect(refunded).toBe(basket.totalCents);
          expect(first.reduce((sum, priced) => sum + priced.amountCents, 0)).toBeLessThanOrEqual(
            basket.totalCents,
          );
        },
      ),
    );
  });
});
