import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transferDifference } from '../src/transfers.ts';

const cents = fc.integer({ min: 0, max: 1_000_000 });

describe('the price of moving a place', () => {
  it('is the difference of the list prices, discounts staying with the place', () => {
    expect(transferDifference({ listPriceCents: 15000, paidCents: 12000 }, 20000, 'parent')).toBe(5000);
    expect(transferDifference({ listPriceCents: 15000, paidCents: 12000 }, 12000, 'parent')).toBe(-3000);
    expect(transferDifference({ listPriceCents: 15000, paidCents: 12000 }, 15000, 'parent')).toBe(0);
  });

  it('never charges more for a move the host makes', () => {
    expect(transferDifference({ listPriceCents: 15000, paidCents: 15000 }, 20000, 'host')).toBe(0);
    expect(transferDifference({ listPriceCents: 15000, paidCents: 15000 }, 10000, 'host')).toBe(-5000);
  });

  it('never refunds more than is left of what was paid, so a place never costs less than nothing', () => {
    expect(transferDifference({ listPriceCents: 15000, paidCents: 1000 }, 5000, 'parent')).toBe(-1000);
    fc.assert(
      fc.property(
        cents,
        cents,
        cents,
        fc.constantFrom('parent' as const, 'host' as const),
        (list, paid, next, by) => {
          const difference = transferDifference({ listPriceCents: list, paidCents: paid }, next, by);
          expect(paid + difference).toBeGreaterThanOrEqual(0);
          expect(Math.abs(difference)).toBeLessThanOrEqual(Math.abs(next - list));
          if (by === 'host') expect(difference).toBeLessThanOrEqual(0);
          if (next >= list && by === 'parent') expect(difference).toBe(next - list);
        },
      ),
    );
  });

  it('costs nothing to move there and back again when nothing was refunded to nothing', () => {
    fc.assert(
      fc.property(cents, cents, fc.integer({ min: 0, max: 1_000_000 }), (list, next, extra) => {
        const paid = list + extra;
        const there = transferDifference({ listPriceCents: list, paidCents: paid }, next, 'parent');
        const back = transferDifference({ listPriceCents: next, paidCents: paid + there }, list, 'parent');
        expect(there + back).toBe(0);
      }),
    );
  });
});
