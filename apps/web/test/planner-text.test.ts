import type { Maybe } from '@campwise/contract/planner';
import { describe, expect, it } from 'vitest';
import { maybePrintText, maybesCountText } from '../src/components/planner/planner-text.ts';
import { entriesInWeek, yearRoundEntries } from '../src/components/planner/planner-weeks.ts';

function maybe(overrides: Partial<Maybe>): Maybe {
  return {
    id: 1,
    childId: 1,
    campId: 1,
    campName: 'Lakeside Days',
    sessionId: 10,
    sessionName: 'Week 2',
    severalSessions: true,
    startDate: '2027-06-21',
    endDate: '2027-06-25',
    startTime: '09:00',
    endTime: '15:00',
    weekdays: [1, 2, 3, 4, 5],
    priceCents: 45000,
    spotsLeft: 4,
    allowsWaitlist: false,
    city: 'Springfield',
    state: 'IL',
    isVirtual: false,
    bookable: true,
    ...overrides,
  };
}

const inPlanner = { now: new Date('2027-06-14T12:00:00Z') };

describe('maybePrintText', () => {
  it('writes a maybe on one line: the camp and session, when, the price and the spots left', () => {
    expect(maybePrintText(maybe({}), inPlanner)).toBe(
      'Maybe: Lakeside Days · Week 2, June 21 – June 25 · Mon–Fri · 9 AM – 3 PM, $450, 4 spots left',
    );
  });

  it('says a full session’s waitlist, and leaves out the session of a camp that has one', () => {
    expect(
      maybePrintText(maybe({ severalSessions: false, spotsLeft: 0, allowsWaitlist: true }), inPlanner),
    ).toBe('Maybe: Lakeside Days, June 21 – June 25 · Mon–Fri · 9 AM – 3 PM, $450, Waitlist');
  });

  it('says when a maybe can no longer be booked instead of its price', () => {
    expect(maybePrintText(maybe({ bookable: false, severalSessions: false }), inPlanner)).toBe(
      'Maybe: Lakeside Days · Week 2, June 21 – June 25 · Mon–Fri · 9 AM – 3 PM, No longer available',
    );
  });
});

describe('maybesCountText', () => {
  const saved = (bookable: boolean) => ({ bookable });

  it('counts the saved sessions', () => {
    expect([[], [saved(true)], [saved(true), saved(true), saved(true)]].map(maybesCountText)).toEqual([
      'None saved',
      '1 saved session',
      '3 saved sessions',
    ]);
  });

  it('says how many the total leaves out since they can no longer be booked', () => {
    expect(maybesCountText([saved(true), saved(false)])).toBe('2 saved sessions, 1 no longer available');
  });
});

describe('maybes over the weeks', () => {
  it('puts a child’s maybe in the weeks it meets and a year-round one apart', () => {
    const june21 = { start: '2027-06-21', end: '2027-06-27' };
    const mine = maybe({ id: 2 });
    const brothers = maybe({ id: 3, childId: 2 });
    const yearRound = maybe({ id: 4, startDate: null, endDate: null });
    expect(entriesInWeek([mine, brothers, yearRound], 1, june21)).toEqual([mine]);
    expect(yearRoundEntries([mine, brothers, yearRound])).toEqual([yearRound]);
  });
});
