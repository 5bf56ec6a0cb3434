import type { PlannerEntry } from '@campwise/contract/planner';
import { describe, expect, it } from 'vitest';
import {
  entriesInWeek,
  gapSearch,
  meetsInWeek,
  rangeLabel,
  weekLabel,
  yearRoundEntries,
} from '../src/components/planner/planner-weeks.ts';

let nextId = 1;
function entry(overrides: Partial<PlannerEntry>): PlannerEntry {
  nextId += 1;
  return {
    registrationId: nextId,
    childId: 1,
    campId: 1,
    campName: 'Lakeside Day Camp',
    sessionId: 1,
    sessionName: 'Week 1',
    severalSessions: false,
    status: 'confirmed',
    startDate: '2027-06-14',
    endDate: '2027-06-18',
    startTime: '09:00',
    endTime: '15:00',
    weekdays: [1, 2, 3, 4, 5],
    city: 'Springfield',
    state: 'IL',
    isVirtual: false,
    amountCents: 45000,
    refundedCents: 0,
    offerExpiresAt: null,
    ...overrides,
  };
}

const week = (start: string, end: string) => ({ start, end });
const june14 = week('2027-06-14', '2027-06-20');
const june21 = week('2027-06-21', '2027-06-27');
const june28 = week('2027-06-28', '2027-07-04');

describe('meetsInWeek', () => {
  it('puts a Monday-to-Friday session in its own week only', () => {
    const place = entry({});
    expect(meetsInWeek(place, june14)).toBe(true);
    expect(meetsInWeek(place, june21)).toBe(false);
  });

  it('puts a two-week session in each week it spans', () => {
    const place = entry({ endDate: '2027-06-25' });
    expect([june14, june21, june28].map((w) => meetsInWeek(place, w))).toEqual([true, true, false]);
  });

  it('leaves out a week whose days of the overlap are none the session meets on', () => {
    // Saturdays only, from a Monday to the next Friday: the second week has no Saturday in it.
    const saturdays = entry({ startDate: '2027-06-14', endDate: '2027-06-25', weekdays: [6] });
    expect(meetsInWeek(saturdays, june14)).toBe(true);
    expect(meetsInWeek(saturdays, june21)).toBe(false);
  });

  it('counts a one-day session without an end date or days on its day', () => {
    const day = entry({ startDate: '2027-06-23', endDate: null, weekdays: null });
    expect(meetsInWeek(day, june21)).toBe(true);
    expect(meetsInWeek(day, june14)).toBe(false);
  });

  it('never puts a year-round place in a week', () => {
    expect(meetsInWeek(entry({ startDate: null, endDate: null }), june14)).toBe(false);
  });
});

describe('entriesInWeek and yearRoundEntries', () => {
  it('answers one child’s places of a week and the undated ones apart', () => {
    const mine = entry({ childId: 1 });
    const sisters = entry({ childId: 2 });
    const yearRound = entry({ childId: 1, startDate: null, endDate: null });
    const entries = [mine, sisters, yearRound];
    expect(entriesInWeek(entries, 1, june14)).toEqual([mine]);
    expect(entriesInWeek(entries, 2, june21)).toEqual([]);
    expect(yearRoundEntries(entries)).toEqual([yearRound]);
  });
});

describe('gapSearch', () => {
  const child = { id: 1, firstName: 'Maya', lastName: 'Fielding', age: 9 };

  it('searches the child’s age from the week’s Monday to its Friday near home', () => {
    expect(gapSearch(child, june21, { homeZip: '60614', radiusMiles: 10 })).toEqual({
      age: '9',
      startsFrom: '2027-06-21',
      endsBy: '2027-06-25',
      zip: '60614',
      radius: '10',
    });
  });

  it('leaves out what the family has not set, and the distance without a ZIP', () => {
    expect(gapSearch(child, june21, { homeZip: null, radiusMiles: 10 })).toEqual({
      age: '9',
      startsFrom: '2027-06-21',
      endsBy: '2027-06-25',
    });
  });

  it('leaves out an age search does not take', () => {
    expect(gapSearch({ ...child, age: 0 }, june21, { homeZip: null, radiusMiles: null })).not.toHaveProperty(
      'age',
    );
  });
});

describe('labels', () => {
  it('writes weeks without the planner’s year and the range with it', () => {
    expect(weekLabel(june14, { from: '2027-06-14' })).toBe('June 14 – June 20');
    expect(rangeLabel({ weeks: [june14, june21, june28] })).toBe('June 14 – July 4, 2027');
  });
});
