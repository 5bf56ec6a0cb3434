import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BasketSession, basketCheckoutBody, basketClashes, basketFlags } from '../src/family-basket.ts';
import { messages } from '../src/messages.ts';

const session = (overrides: Partial<BasketSession> = {}): BasketSession => ({
  sessionId: 1,
  sessionName: 'Week 1',
  startDate: '2027-06-07',
  endDate: '2027-06-11',
  startTime: null,
  endTime: null,
  weekdays: null,
  priceCents: 15000,
  seenPriceCents: 15000,
  spotsLeft: 10,
  allowsWaitlist: false,
  bookable: true,
  childIds: [1, 2],
  ...overrides,
});

describe('basketFlags', () => {
  it('says nothing of a session as it was when added, with room for the children chosen', () => {
    expect(basketFlags(session())).toEqual([]);
    expect(basketFlags(session({ spotsLeft: 2 }))).toEqual([]);
    // Nobody chosen yet: a full session is not yet a problem of theirs.
    expect(basketFlags(session({ spotsLeft: 0, childIds: [] }))).toEqual([]);
  });

  it('flags a closed session alone, and otherwise fewer spots than children and a new price', () => {
    expect(basketFlags(session({ bookable: false, priceCents: 9900, spotsLeft: 0 }))).toEqual([
      { kind: 'closed' },
    ]);
    expect(basketFlags(session({ spotsLeft: 1, allowsWaitlist: true, priceCents: 17500 }))).toEqual([
      { kind: 'full', waitlist: true },
      { kind: 'price', fromCents: 15000, toCents: 17500 },
    ]);
  });

  it('flags a price exactly when it differs from the one seen', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (seen, now) => {
        const flags = basketFlags(session({ seenPriceCents: seen, priceCents: now }));
        expect(flags.some((flag) => flag.kind === 'price')).toBe(seen !== now);
      }),
    );
  });
});

describe('basketCheckoutBody', () => {
  const camp = { campId: 3, lines: [{ childId: 1, sessionId: 2 }], expectedTotalCents: 15000 };
  it('takes each camp once', () => {
    const twice = basketCheckoutBody.safeParse({ camps: [camp, camp], idempotencyKey: 'attempt-0001' });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe(messages.basketCampsRepeated);
    expect(basketCheckoutBody.safeParse({ camps: [camp], idempotencyKey: 'attempt-0001' }).success).toBe(
      true,
    );
  });
});

describe('basketClashes', () => {
  const camp = (campId: number, sessions: BasketSession[]) => ({
    campId,
    campName: `Camp ${campId}`,
    orgName: 'Org',
    city: null,
    state: null,
    isVirtual: true,
    sessions,
  });
  it('finds a child chosen for two sessions of different camps that meet at the same time', () => {
    const morning = session({ sessionId: 1, startTime: '09:00', endTime: '12:00', childIds: [1, 2] });
    const afternoon = session({ sessionId: 2, startTime: '12:00', endTime: '15:00', childIds: [1] });
    const allDay = session({ sessionId: 3, childIds: [2] });
    const clashes = basketClashes({
      camps: [camp(1, [morning]), camp(2, [afternoon, allDay])],
      sessionCount: 3,
    });
    // 9–12 and 12–15 do not overlap; the whole day overlaps the morning, for child 2 only.
    expect(clashes.map((clash) => [clash.childId, clash.first.sessionId, clash.second.sessionId])).toEqual([
      [2, 1, 3],
    ]);
    // A session no longer bookable is not paid for, so it clashes with nothing.
    expect(
      basketClashes({
        camps: [camp(1, [morning]), camp(2, [{ ...allDay, bookable: false }])],
        sessionCount: 2,
      }),
    ).toEqual([]);
  });
});
