import { describe, expect, it } from 'vitest';
import { type PlaceHistory, paymentRefunds } from '../src/modules/receipts/payment-refunds.ts';

const at = (day: number) => new Date(Date.UTC(2031, 5, day));

/** Bought with charge 1 for $150; moved up with charge 2 ($50), up again with charge 3 ($30), then cancelled. */
const movedTwiceThenCancelled = (refunded: number): PlaceHistory => ({
  childName: 'Ada',
  placeName: 'Lake Camp (Week 3)',
  basketPaymentId: 1,
  refundedCents: refunded,
  cancelledAt: at(20),
  moves: [
    { at: at(2), fromName: 'Week 1', toName: 'Week 2', paymentId: 2, refunds: [] },
    { at: at(3), fromName: 'Week 2', toName: 'Week 3', paymentId: 3, refunds: [] },
  ],
});

describe('what each payment gave back', () => {
  it('takes a cancellation from the newest charges first, and the basket last', () => {
    // $180 back of $230 paid: all of charges 3 and 2 ($80), then $100 of the basket's.
    const place = movedTwiceThenCancelled(18000);
    const refunded = new Map([
      [2, 5000],
      [3, 3000],
    ]);
    const amounts = [1, 2, 3].map((id) =>
      paymentRefunds(id, [place], refunded).map((item) => item.amountCents),
    );
    expect(amounts).toEqual([[10000], [5000], [3000]]);
  });

  it('leaves a charge nothing was taken from out', () => {
    // $20 back: all from charge 3.
    const place = movedTwiceThenCancelled(2000);
    const refunded = new Map([
      [2, 0],
      [3, 2000],
    ]);
    expect(paymentRefunds(1, [place], refunded)).toEqual([]);
    expect(paymentRefunds(2, [place], refunded)).toEqual([]);
    expect(paymentRefunds(3, [place], refunded)).toEqual([
      {
        at: at(20).toISOString(),
        description: 'Ada’s place at Lake Camp (Week 3) cancelled',
        amountCents: 2000,
      },
    ]);
  });

  it('names a move to a cheaper session on the charges it gave back from, oldest first', () => {
    const place: PlaceHistory = {
      childName: 'Ben',
      placeName: 'Lake Camp (Week 1)',
      basketPaymentId: 1,
      refundedCents: 7000,
      cancelledAt: null,
      moves: [
        {
          at: at(2),
          fromName: 'Week 3',
          toName: 'Week 2',
          paymentId: null,
          refunds: [{ paymentId: 1, amountCents: 3000 }],
        },
        {
          at: at(4),
          fromName: 'Week 2',
          toName: 'Week 1',
          paymentId: null,
          refunds: [{ paymentId: 1, amountCents: 4000 }],
        },
      ],
    };
    expect(paymentRefunds(1, [place], new Map())).toEqual([
      { at: at(2).toISOString(), description: 'Ben moved from Week 3 to Week 2', amountCents: 3000 },
      { at: at(4).toISOString(), description: 'Ben moved from Week 2 to Week 1', amountCents: 4000 },
    ]);
  });
});
