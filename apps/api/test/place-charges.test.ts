import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlaceCharge, splitRefund } from '../src/modules/registrations/place-charges.ts';

const charge = (
  paymentId: number,
  heldCents: number,
  chargeId: string | null = `ch_${paymentId}`,
): PlaceCharge => ({
  paymentId,
  chargeId,
  heldCents,
});

describe('which charges a refund comes from', () => {
  it('takes from the newest charge first, each up to what it holds', () => {
    expect(splitRefund([charge(3, 5000), charge(1, 15000)], 8000)).toEqual([
      { paymentId: 3, chargeId: 'ch_3', amountCents: 5000 },
      { paymentId: 1, chargeId: 'ch_1', amountCents: 3000 },
    ]);
    expect(splitRefund([charge(3, 0), charge(1, 15000)], 2000)).toEqual([
      { paymentId: 1, chargeId: 'ch_1', amountCents: 2000 },
    ]);
  });

  it('answers nothing to send for nothing, and null when the charges cannot cover it', () => {
    expect(splitRefund([charge(1, 15000)], 0)).toEqual([]);
    expect(splitRefund([charge(1, 1000)], 2000)).toBeNull();
    // A charge still in flight has no processor id yet.
    expect(splitRefund([charge(1, 1000, null)], 500)).toBeNull();
    // A $0 basket's payment was never charged and holds nothing: it is passed over.
    expect(splitRefund([charge(2, 500), charge(1, 0, null)], 500)).toEqual([
      { paymentId: 2, chargeId: 'ch_2', amountCents: 500 },
    ]);
  });

  it('refunds exactly the amount, never more than a charge holds, for any charges', () => {
    const charges = fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(charges, fc.integer({ min: 0, max: 700_000 }), (held, amount) => {
        const list = held.map((cents, index) => charge(index + 1, cents));
        const total = held.reduce((sum, cents) => sum + cents, 0);
        const pieces = splitRefund(list, amount);
        if (amount > total) {
          expect(pieces).toBeNull();
          return;
        }
        expect(pieces).not.toBeNull();
        expect((pieces ?? []).reduce((sum, piece) => sum + piece.amountCents, 0)).toBe(amount);
        for (const piece of pieces ?? []) {
          expect(piece.amountCents).toBeGreaterThan(0);
          expect(piece.amountCents).toBeLessThanOrEqual(held[piece.paymentId - 1] ?? 0);
        }
      }),
    );
  });

  it('gives back every cent once when a place is refunded in parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 5 }),
        (paid, parts) => {
          const held = paid.map((cents, index) => charge(index + 1, cents));
          let left = paid.reduce((sum, cents) => sum + cents, 0);
          for (const part of parts) {
            const pieces = splitRefund(held, Math.min(part, left)) ?? [];
            for (const piece of pieces) {
              const from = held.find((entry) => entry.paymentId === piece.paymentId);
              if (from) from.heldCents -= piece.amountCents;
            }
            left -= Math.min(part, left);
          }
          // What is left, refunded at the end, empties every charge exactly.
          const last = splitRefund(held, left) ?? [];
          for (const piece of last) {
            const from = held.find((entry) => entry.paymentId === piece.paymentId);
            if (from) from.heldCents -= piece.amountCents;
          }
          expect(held.every((entry) => entry.heldCents === 0)).toBe(true);
        },
      ),
    );
  });
});
