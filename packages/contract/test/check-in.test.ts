import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attendanceState,
  checkInDayRefusal,
  checkOutBody,
  defaultCheckInDay,
  nextMeetingDay,
  pickupAdultBody,
  placeHeldOn,
} from '../src/check-in.ts';
import { messages } from '../src/messages.ts';
import { shiftDate } from '../src/sessions.ts';

const NOW = new Date('2026-07-08T12:00:00Z');
const week = {
  status: 'scheduled' as const,
  startDate: '2026-07-06',
  endDate: '2026-07-10',
  weekdays: [1, 2, 3, 4, 5],
  timeZone: 'America/Chicago',
};

describe('checkInDayRefusal', () => {
  it('admits a meeting day of the session up to today', () => {
    expect(checkInDayRefusal(week, '2026-07-06', NOW)).toBeNull();
    expect(checkInDayRefusal(week, '2026-07-08', NOW)).toBeNull();
  });

  it('refuses days before, after, off the weekdays, ahead of today, and a cancelled session', () => {
    const outside = (day: string) => messages.checkInDayNotInSession.replace('{day}', day);
    expect(checkInDayRefusal(week, '2026-07-05', NOW)).toBe(outside('2026-07-05'));
    expect(checkInDayRefusal(week, '2026-07-11', NOW)).toBe(outside('2026-07-11'));
    expect(
      checkInDayRefusal({ ...week, endDate: '2026-07-12' }, '2026-07-11', new Date('2026-07-12T12:00:00Z')),
    ).toBe(outside('2026-07-11'));
    expect(checkInDayRefusal(week, '2026-07-10', NOW)).toBe(messages.checkInDayAhead);
    // 5 PM on 8 July in Seattle is past midnight in UTC, and the 9th has not begun in Seattle.
    const fivePm = new Date('2026-07-09T00:00:00Z');
    const seattle = { ...week, timeZone: 'America/Los_Angeles' };
    expect(checkInDayRefusal(seattle, '2026-07-08', fivePm)).toBeNull();
    expect(checkInDayRefusal(seattle, '2026-07-09', fivePm)).toBe(messages.checkInDayAhead);
    expect(checkInDayRefusal({ ...week, status: 'cancelled' }, '2026-07-08', NOW)).toBe(
      messages.checkInSessionCancelled,
    );
  });

  it('lets a year-round session meet any day up to today', () => {
    const yearRound = {
      status: 'scheduled' as const,
      startDate: null,
      endDate: null,
      weekdays: null,
      timeZone: 'America/Chicago',
    };
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 0 }), (offset) => {
        expect(checkInDayRefusal(yearRound, shiftDate('2026-07-08', offset), NOW)).toBeNull();
      }),
    );
  });
});

describe('placeHeldOn', () => {
  it('counts a place from the day it was taken where the camp is, and every day after', () => {
    // Taken at 06:00 UTC on 8 July: still 7 July, 11 PM, in Seattle.
    const taken = new Date('2026-07-08T06:00:00Z');
    const seattle = 'America/Los_Angeles';
    expect(placeHeldOn(taken, '2026-07-06', seattle)).toBe(false);
    expect(placeHeldOn(taken, '2026-07-07', seattle)).toBe(true);
    expect(placeHeldOn(taken, '2026-07-08', seattle)).toBe(true);
    // In Boston it is already 8 July: the 7th was before the place.
    expect(placeHeldOn(taken, '2026-07-07', 'America/New_York')).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), (offset) => {
        expect(placeHeldOn(taken, shiftDate('2026-07-07', offset), seattle)).toBe(true);
        expect(placeHeldOn(taken, shiftDate('2026-07-06', -offset), seattle)).toBe(false);
      }),
    );
  });
});

describe('attendance', () => {
  it('is out after a check-out, in after a check-in, expected otherwise', () => {
    expect(attendanceState([])).toBe('expected');
    expect(attendanceState(['check_in', 'refused'])).toBe('in');
    expect(attendanceState(['check_in', 'check_out'])).toBe('out');
  });

  it('opens on today, or the nearest day of the session', () => {
    expect(defaultCheckInDay(week, '2026-07-08')).toBe('2026-07-08');
    expect(defaultCheckInDay(week, '2026-06-01')).toBe('2026-07-06');
    expect(defaultCheckInDay(week, '2026-08-01')).toBe('2026-07-10');
    // A Sunday goes back to Friday.
    expect(defaultCheckInDay({ ...week, endDate: '2026-07-17' }, '2026-07-12')).toBe('2026-07-10');
  });

  it('steps to the next and previous meeting days, stopping at the ends', () => {
    const twoWeeks = { ...week, endDate: '2026-07-17' };
    expect(nextMeetingDay(twoWeeks, '2026-07-10', 1)).toBe('2026-07-13');
    expect(nextMeetingDay(twoWeeks, '2026-07-13', -1)).toBe('2026-07-10');
    expect(nextMeetingDay(twoWeeks, '2026-07-17', 1)).toBeNull();
    expect(nextMeetingDay(twoWeeks, '2026-07-06', -1)).toBeNull();
  });
});

describe('schemas', () => {
  it('trims an adult and refuses control characters and bad phones', () => {
    expect(pickupAdultBody.parse({ name: ' Rose ', relationship: ' Aunt ', phone: '512-555-0177' })).toEqual({
      name: 'Rose',
      relationship: 'Aunt',
      phone: '512-555-0177',
    });
    expect(
      pickupAdultBody.safeParse({ name: 'Ro\u0000se', relationship: 'Aunt', phone: '512-555-0177' }).success,
    ).toBe(false);
    expect(pickupAdultBody.safeParse({ name: 'Rose', relationship: 'Aunt', phone: '555' }).success).toBe(
      false,
    );
  });

  it('needs an adult and a UUID key to check out', () => {
    const key = '1b4e28ba-2fa1-4d2b-883f-0016d3cca427';
    expect(checkOutBody.safeParse({ childId: 1, day: '2026-07-08', key, pickupAdultId: 2 }).success).toBe(
      true,
    );
    expect(checkOutBody.safeParse({ childId: 1, day: '2026-07-08', key }).success).toBe(false);
    expect(
      checkOutBody.safeParse({ childId: 1, day: '2026-07-08', key: 'x', pickupAdultId: 2 }).success,
    ).toBe(false);
  });
});
