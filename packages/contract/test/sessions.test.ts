import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import {
  dollarsToCents,
  registrationWindow,
  sessionBody,
  sessionsOverlap,
  shiftDate,
} from '../src/sessions.ts';

const WEEK = {
  name: 'Week 1',
  startDate: '2030-06-15',
  endDate: '2030-06-20',
  startTime: '09:00',
  endTime: '15:00',
  price: '249.50',
  capacity: '12',
  allowsWaitlist: true,
};

const fieldErrors = (input: object) => {
  const parsed = sessionBody.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('dollarsToCents', () => {
  it('reads dollars and cents as text, exactly', () => {
    expect(dollarsToCents('250')).toBe(25000);
    expect(dollarsToCents('249.5')).toBe(24950);
    expect(dollarsToCents('0.07')).toBe(7);
    for (const bad of ['', '-1', '1.234', '1e3', '$5', '1,000']) expect(dollarsToCents(bad)).toBeNull();
  });

  it('agrees with whole cents for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(dollarsToCents(text)).toBe(cents);
      }),
    );
  });
});

describe('sessionBody', () => {
  it('reads a week as the form sends it', () => {
    expect(sessionBody.parse({ ...WEEK, registrationOpensAt: '2030-03-01T09:30' })).toEqual({
      name: 'Week 1',
      startDate: '2030-06-15',
      endDate: '2030-06-20',
      startTime: '09:00',
      endTime: '15:00',
      weekdays: null,
      priceCents: 24950,
      capacity: 12,
      allowsWaitlist: true,
      registrationOpensAt: '2030-03-01T09:30',
      registrationClosesAt: null,
    });
    // A date alone opens at the start of that day, on the camp's clock.
    expect(sessionBody.parse({ ...WEEK, registrationOpensAt: '2030-03-01' }).registrationOpensAt).toBe(
      '2030-03-01T00:00',
    );
  });

  it('puts each problem on its field', () => {
    expect(fieldErrors({ ...WEEK, endDate: '2030-06-01' })).toEqual({ endDate: messages.endBeforeStart });
    expect(fieldErrors({ ...WEEK, endDate: '' })).toEqual({ endDate: messages.sessionDatesTogether });
    expect(fieldErrors({ ...WEEK, startTime: '15:00' })).toEqual({
      endTime: messages.sessionEndTimeBeforeStart,
    });
    expect(fieldErrors({ ...WEEK, endTime: '25:00' })).toEqual({ endTime: messages.sessionTimeInvalid });
    expect(fieldErrors({ ...WEEK, price: 'free' })).toEqual({ price: messages.sessionPriceInvalid });
    expect(fieldErrors({ ...WEEK, capacity: '2.5' })).toEqual({ capacity: messages.wholeNumberRequired });
    expect(fieldErrors({ ...WEEK, registrationOpensAt: '2030-02-30' })).toEqual({
      registrationOpensAt: messages.invalidDate,
    });
    expect(
      fieldErrors({ ...WEEK, registrationOpensAt: '2030-03-02', registrationClosesAt: '2030-03-01' }),
    ).toEqual({ registrationClosesAt: messages.sessionWindowInverted });
  });

  it('keeps the days of the week it meets, in order, and every day as none', () => {
    expect(sessionBody.parse({ ...WEEK, weekdays: [5, 1, 3, 3] }).weekdays).toEqual([1, 3, 5]);
    expect(sessionBody.parse({ ...WEEK, weekdays: [] }).weekdays).toBeNull();
    expect(sessionBody.parse({ ...WEEK, weekdays: [0, 1, 2, 3, 4, 5, 6] }).weekdays).toBeNull();
    expect(fieldErrors({ ...WEEK, weekdays: [7] })).toEqual({ weekdays: messages.sessionWeekdaysInvalid });
    // June 15–16, 2030 is a Saturday and a Sunday: a weekday-only session never meets.
    expect(fieldErrors({ ...WEEK, endDate: '2030-06-16', weekdays: [1, 2, 3, 4, 5] })).toEqual({
      weekdays: messages.sessionMeetsOnNoDay,
    });
  });

  it('takes a session without dates or times (a year-round camp decides the rest on the server)', () => {
    const parsed = sessionBody.parse({ ...WEEK, startDate: '', endDate: '', startTime: '', endTime: '' });
    expect(parsed).toMatchObject({ startDate: null, endDate: null, startTime: null, endTime: null });
  });
});

describe('sessionsOverlap', () => {
  const span = (
    startDate: string | null,
    endDate: string | null,
    startTime: string | null = null,
    endTime: string | null = null,
  ) => ({
    startDate,
    endDate,
    startTime,
    endTime,
  });

  it('needs shared days and shared hours; a session without times takes the whole day', () => {
    expect(sessionsOverlap(span('2030-06-15', '2030-06-20'), span('2030-06-20', '2030-06-25'))).toBe(true);
    expect(sessionsOverlap(span('2030-06-15', '2030-06-20'), span('2030-06-21', '2030-06-25'))).toBe(false);
    const morning = span('2030-06-15', '2030-06-20', '09:00', '12:00');
    expect(sessionsOverlap(morning, span('2030-06-15', '2030-06-20', '12:00', '15:00'))).toBe(false);
    expect(sessionsOverlap(morning, span('2030-06-18', '2030-06-18', '11:00', '13:00'))).toBe(true);
    expect(sessionsOverlap(morning, span('2030-06-18', '2030-06-18'))).toBe(true);
    expect(sessionsOverlap(morning, span(null, null))).toBe(true);
  });

  it('needs a day both meet on: Mondays and Wednesdays never meet Tuesdays and Thursdays', () => {
    const mondaysWednesdays = { ...span('2030-06-03', '2030-06-28', '09:00', '12:00'), weekdays: [1, 3] };
    const tuesdaysThursdays = { ...span('2030-06-03', '2030-06-28', '09:00', '12:00'), weekdays: [2, 4] };
    expect(sessionsOverlap(mondaysWednesdays, tuesdaysThursdays)).toBe(false);
    expect(sessionsOverlap(mondaysWednesdays, span('2030-06-05', '2030-06-05'))).toBe(true);
    // June 4, 2030 is a Tuesday: the only shared date is not a Monday or a Wednesday.
    expect(sessionsOverlap(mondaysWednesdays, span('2030-06-04', '2030-06-04'))).toBe(false);
    expect(sessionsOverlap(mondaysWednesdays, { ...span(null, null), weekdays: [3] })).toBe(true);
    expect(sessionsOverlap({ ...span(null, null), weekdays: [6] }, mondaysWednesdays)).toBe(false);
  });

  it('is symmetric', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((n) => `2030-06-${String(n).padStart(2, '0')}`);
    const hour = fc.integer({ min: 6, max: 20 }).map((n) => `${String(n).padStart(2, '0')}:00`);
    const weekdays = fc.option(
      fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }),
    );
    const session = fc
      .tuple(day, day, fc.option(fc.tuple(hour, hour)), weekdays)
      .map(([a, b, times, days]) => ({
        startDate: a < b ? a : b,
        endDate: a < b ? b : a,
        startTime: times ? (times[0] < times[1] ? times[0] : times[1]) : null,
        endTime: times ? (times[0] < times[1] ? times[1] : times[0]) : null,
        weekdays: days,
      }));
    fc.assert(fc.property(session, session, (a, b) => sessionsOverlap(a, b) === sessionsOverlap(b, a)));
  });
});

describe('registrationWindow and shiftDate', () => {
  it('is open between the opening (inclusive) and the closing (exclusive)', () => {
    const window = {
      registrationOpensAt: '2030-03-01T09:00:00.000Z',
      registrationClosesAt: '2030-06-01T00:00:00.000Z',
    };
    expect(registrationWindow(window, new Date('2030-03-01T08:59:59Z'))).toBe('not_open');
    expect(registrationWindow(window, new Date('2030-03-01T09:00:00Z'))).toBe('open');
    expect(registrationWindow(window, new Date('2030-06-01T00:00:00Z'))).toBe('closed');
    expect(registrationWindow({ registrationOpensAt: null, registrationClosesAt: null }, new Date())).toBe(
      'open',
    );
  });

  it('shifts dates across months and years', () => {
    expect(shiftDate('2030-06-28', 7)).toBe('2030-07-05');
    expect(shiftDate('2030-12-29', 7)).toBe('2031-01-05');
  });
});
