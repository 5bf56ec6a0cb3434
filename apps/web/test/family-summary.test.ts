import type { SavedCard } from '@campwise/contract/cards';
import { FULL_REFUND_UNTIL_START } from '@campwise/contract/refund-policy';
import type { ParentRegistration } from '@campwise/contract/registrations';
import { describe, expect, it } from 'vitest';
import { familyTodos, upcomingByChild } from '../src/components/dashboard/family-summary.ts';

let nextId = 1;
function registration(overrides: Partial<ParentRegistration>): ParentRegistration {
  nextId += 1;
  return {
    id: nextId,
    campId: 1,
    campName: 'Camp',
    sessionId: 1,
    sessionName: 'Session 1',
    orgName: 'Org',
    childId: 1,
    childName: 'Maya Fielding',
    status: 'confirmed',
    startDate: '2027-06-01',
    endDate: '2027-06-05',
    startTime: null,
    endTime: null,
    weekdays: null,
    isYearRound: false,
    amountCents: 45000,
    refundedCents: 0,
    listPriceCents: 45000,
    adjustments: [],
    waitlistPosition: null,
    offerExpiresAt: null,
    createdAt: '2026-11-01T00:00:00Z',
    upcoming: true,
    canCancel: true,
    refundPolicy: FULL_REFUND_UNTIL_START,
    cancelRefundCents: 45000,
    canTransfer: false,
    forms: 'none',
    plan: null,
    calendarLinks: null,
    ...overrides,
  };
}

function card(expMonth: number, expYear: number, isExpired = false): SavedCard {
  return {
    id: expMonth * 10000 + expYear,
    brand: 'visa',
    last4: '4242',
    expMonth,
    expYear,
    holderName: 'Casey Fielding',
    isExpired,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

describe('upcomingByChild', () => {
  it('lists each child’s confirmed upcoming camps soonest first, at most three, and counts the rest', () => {
    const leo = { childId: 2, childName: 'Leo Fielding' };
    const summary = upcomingByChild([
      registration({ campName: 'July', startDate: '2027-07-01' }),
      registration({ campName: 'June', startDate: '2027-06-01' }),
      registration({ campName: 'August', startDate: '2027-08-01' }),
      registration({ campName: 'Year round', startDate: null, isYearRound: true }),
      registration({ campName: 'Past', upcoming: false }),
      registration({ campName: 'Waiting', status: 'waitlisted' }),
      registration({ ...leo, campName: 'May', startDate: '2027-05-01' }),
    ]);
    expect(summary.map((child) => child.childName)).toEqual(['Leo Fielding', 'Maya Fielding']);
    expect(summary[1]?.registrations.map((row) => row.campName)).toEqual(['June', 'July', 'August']);
    expect(summary[1]?.more).toBe(1);
    expect(summary[0]?.more).toBe(0);
  });

  it('is empty without confirmed upcoming camps', () => {
    expect(upcomingByChild([registration({ status: 'cancelled' })])).toEqual([]);
  });
});

describe('familyTodos', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('puts held spots first, soonest deadline first, and drops offers that have run out', () => {
    const later = registration({ status: 'offered', offerExpiresAt: '2026-11-27T12:00:00Z' });
    const sooner = registration({ status: 'offered', offerExpiresAt: '2026-11-26T12:00:00Z' });
    const gone = registration({ status: 'offered', offerExpiresAt: '2026-11-25T11:00:00Z' });
    const todos = familyTodos([later, gone, sooner], [], now);
    expect(todos.map((todo) => (todo.kind === 'offer' ? todo.registration.id : 0))).toEqual([
      sooner.id,
      later.id,
    ]);
  });

  it('warns of a card expiring within 45 days and of an expired one, not of others', () => {
    const todos = familyTodos(
      [],
      [card(12, 2026), card(1, 2027), card(10, 2026, true), card(5, 2030), card(6, 2031, true)],
      now,
    );
    expect(
      todos.map((todo) => (todo.kind === 'offer' ? todo.kind : [todo.kind, todo.card.expMonth])),
    ).toEqual([
      ['card-expiring', 12],
      ['card-expired', 10],
      ['card-expired', 6],
    ]);
  });
});
