import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  earningsFigures,
  feeBasisPoints,
  feeRefundedAfter,
  feeRefundFor,
  payoutAccountStatus,
  platformFee,
} from '../src/payouts.ts';

const cents = fc.integer({ min: 1, max: 5_000_000 });
const bps = fc.integer({ min: 0, max: 5_000 });

describe('the platform fee', () => {
  it('is the percent of the amount with half a cent and more rounded up', () => {
    expect(feeBasisPoints(5)).toBe(500);
    expect(feeBasisPoints(2.5)).toBe(250);
    expect(platformFee(15_000, 500)).toBe(750);
    expect(platformFee(34_999, 500)).toBe(1750); // 1749.95
    expect(platformFee(34_989, 500)).toBe(1749); // 1749.45
    expect(platformFee(10, 500)).toBe(1); // 0.5
    expect(platformFee(9, 500)).toBe(0); // 0.45
    expect(platformFee(12_345, 0)).toBe(0);
  });

  it('is never negative, never more than the amount, and within half a cent of the exact share', () => {
    fc.assert(
      fc.property(cents, bps, (amount, rate) => {
        const fee = platformFee(amount, rate);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amount);
        expect(Math.abs(fee - (amount * rate) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('the fee given back with refunds', () => {
  it('is the fee in proportion to what is refunded, the whole fee for a whole refund', () => {
    expect(feeRefundedAfter(1750, 34_999, 12_500)).toBe(625);
    expect(feeRefundedAfter(1750, 34_999, 34_999)).toBe(1750);
    expect(feeRefundedAfter(1750, 34_999, 0)).toBe(0);
    expect(feeRefundFor({ amountCents: 34_999, feeCents: 1750, refundedCents: 12_500 }, 22_499)).toBe(1125);
  });

  it('adds up to the same, refunded in any number of parts, and the whole fee once all is refunded', () => {
    fc.assert(
      fc.property(
        cents,
        bps,
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 8 }),
        (amount, rate, weights) => {
          const fee = platformFee(amount, rate);
          const parts = allocate(amount, weights).filter((part) => part > 0);
          let refunded = 0;
          let feeBack = 0;
          for (const part of parts) {
            const back = feeRefundFor({ amountCents: amount, feeCents: fee, refundedCents: refunded }, part);
            expect(back).toBeGreaterThanOrEqual(0);
            expect(back).toBeLessThanOrEqual(part);
            refunded += part;
            feeBack += back;
            expect(feeBack).toBe(feeRefundedAfter(fee, amount, refunded));
          }
          expect(refunded).toBe(amount);
          expect(feeBack).toBe(fee);
        },
      ),
    );
  });
});

describe('allocating money over places', () => {
  it('splits by weight, every part within a cent of its share, adding up exactly', () => {
    expect(allocate(1750, [15_000, 19_999])).toEqual([750, 1000]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [0, 0])).toEqual([5, 5]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const parts = allocate(amount, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          parts.forEach((part, index) => {
            const share = total > 0 ? (amount * (weights[index] ?? 0)) / total : amount / weights.length;
            expect(Math.abs(part - share)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('the books', () => {
  /** A charge with refunds in random parts, as the server records them. */
  const chargeWithRefunds = fc
    .record({
      amount: cents,
      rate: bps,
      refundParts: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 5 }),
      refundShare: fc.integer({ min: 0, max: 100 }),
      feeRefunded: fc.boolean(),
    })
    .map(({ amount, rate, refundParts, refundShare, feeRefunded }) => {
      const fee = platformFee(amount, rate);
      const toRefund = Math.floor((amount * refundShare) / 100);
      const entries: { kind: 'charge' | 'refund'; amountCents: number; feeCents: number }[] = [
        { kind: 'charge', amountCents: amount, feeCents: fee },
      ];
      let refunded = 0;
      for (const part of refundParts.length > 0 ? allocate(toRefund, refundParts) : []) {
        if (part === 0) continue;
        const back = feeRefunded
          ? feeRefundFor({ amountCents: amount, feeCents: fee, refundedCents: refunded }, part)
          : 0;
        entries.push({ kind: 'refund', amountCents: part, feeCents: back });
        refunded += part;
      }
      return entries;
    });

  it('balance for any charges and refunds: paid by parents = host net + platform fees + refunds', () => {
    fc.assert(
      fc.property(fc.array(chargeWithRefunds, { minLength: 1, maxLength: 10 }), (charges) => {
        const entries = charges.flat();
        const paid = entries.filter((e) => e.kind === 'charge').reduce((sum, e) => sum + e.amountCents, 0);
        const figures = earningsFigures(entries);
        expect(figures.grossCents).toBe(paid);
        expect(figures.netCents + figures.feeCents + figures.refundedCents).toBe(paid);
        expect(figures.feeCents).toBeGreaterThanOrEqual(0);
        // By charge, what the host's account receives less what refunds take back is its net.
        const hostLedger = entries.reduce(
          (sum, e) =>
            sum + (e.kind === 'charge' ? e.amountCents - e.feeCents : -(e.amountCents - e.feeCents)),
          0,
        );
        expect(hostLedger).toBe(figures.netCents);
      }),
    );
  });
});

describe('a payout account’s status', () => {
  it('reads the provider’s flags', () => {
    expect(payoutAccountStatus(null)).toBe('none');
    expect(
      payoutAccountStatus({ chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false }),
    ).toBe('incomplete');
    expect(payoutAccountStatus({ chargesEnabled: true, payoutsEnabled: false, detailsSubmitted: true })).toBe(
      'restricted',
    );
    expect(payoutAccountStatus({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true })).toBe(
      'active',
    );
  });
});
