import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBirthday,
  formatCampDates,
  formatCampSchedule,
  formatDate,
  formatDateRange,
  formatMoment,
  formatMomentDay,
  formatMoney,
  formatPriceRange,
  formatTime,
  formatTimeRange,
  formatWeekdays,
  moneyFormatFor,
} from '../src/format.ts';

/** Noon on 1 July 2026 UTC: the same calendar year in every time zone. */
const now = new Date('2026-07-01T12:00:00Z');

/** Reads formatMoney's output back into cents, refusing anything it would not write. */
function readMoney(text: string): number | null {
  const match = /^(-?)\$(0|[1-9]\d{0,2}(?:,\d{3})*)(?:\.(\d{2}))?$/.exec(text);
  if (!match || match[3] === '00') return null;
  const cents = Number((match[2] ?? '').replaceAll(',', '')) * 100 + Number(match[3] ?? '0');
  return match[1] ? -cents : cents;
}

describe('formatMoney', () => {
  it('drops the cents of round amounts', () => {
    expect(formatMoney(2900)).toBe('$29');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(150000)).toBe('$1,500');
    expect(formatMoney(123_456_789_00)).toBe('$123,456,789');
  });

  it('shows two decimals otherwise', () => {
    expect(formatMoney(2950)).toBe('$29.50');
    expect(formatMoney(2905)).toBe('$29.05');
    expect(formatMoney(1)).toBe('$0.01');
    expect(formatMoney(123450)).toBe('$1,234.50');
  });

  it('puts the sign before the dollar sign', () => {
    expect(formatMoney(-500)).toBe('-$5');
    expect(formatMoney(-123450)).toBe('-$1,234.50');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });

  it('writes every whole amount of dollars without cents, grouped in thousands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90_071_992_547 }), (dollars) => {
        const text = formatMoney(dollars * 100);
        expect(text).toMatch(/^\$(0|[1-9]\d{0,2}(,\d{3})*)$/);
        expect(text.replace(/[$,]/g, '')).toBe(String(dollars));
      }),
    );
  });

  it('writes two decimals exactly when there are cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(/\.\d{2}$/.test(formatMoney(cents))).toBe(cents % 100 !== 0);
      }),
    );
  });

  it('reads back as the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(readMoney(formatMoney(cents))).toBe(cents);
      }),
    );
  });

  it('matches the US dollar format of the runtime', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        const dollars = (cents / 100).toLocaleString('en-US', {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
        });
        expect(formatMoney(cents)).toBe(dollars);
      }),
    );
  });
});

describe('formatPriceRange', () => {
  it('shows one price when every session costs the same, else the lowest and the highest', () => {
    expect(formatPriceRange(15000, 15000)).toBe('$150');
    expect(formatPriceRange(15000, 21050)).toBe('$150 – $210.50');
  });
});

describe('moneyFormatFor', () => {
  it('shows cents on every amount of a view when one has them', () => {
    const money = moneyFormatFor([41_400, 37_260, -4_140]);
    expect([41_400, 37_260, -4_140, 0].map(money)).toEqual(['$414.00', '$372.60', '-$41.40', '$0.00']);
  });

  it('keeps whole dollars when none has cents', () => {
    const money = moneyFormatFor([41_400, 120_000]);
    expect([41_400, 120_000].map(money)).toEqual(['$414', '$1,200']);
  });

  it('matches formatMoney on each amount whatever the view, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { minLength: 1 }),
        (amounts) => {
          const money = moneyFormatFor(amounts);
          for (const cents of amounts) {
            expect(Number(money(cents).replace(/[$,]/g, '')) * 100).toBeCloseTo(cents, 6);
          }
        },
      ),
    );
  });
});

describe('formatBirthday', () => {
  it('writes the month by name and always the year, this year too', () => {
    expect(formatBirthday('2016-04-09')).toBe('April 9, 2016');
    expect(formatBirthday(`${new Date().getFullYear()}-01-02`)).toBe(
      `January 2, ${new Date().getFullYear()}`,
    );
  });
});

describe('formatDate', () => {
  it('leaves out this year and writes any other', () => {
    expect(formatDate('2026-06-05', { now })).toBe('June 5');
    expect(formatDate('2027-06-05', { now })).toBe('June 5, 2027');
    expect(formatDate('2025-12-31', { now })).toBe('December 31, 2025');
  });

  it('adds the weekday when asked', () => {
    expect(formatDate('2026-06-15', { now, weekday: 'long' })).toBe('Monday, June 15');
    expect(formatDate('2027-06-15', { now, weekday: 'short' })).toBe('Tue, June 15, 2027');
  });

  it('reads the date as written, whatever the time zone', () => {
    expect(formatDate('2026-01-01', { now })).toBe('January 1');
    expect(formatDate('2026-12-31', { now })).toBe('December 31');
  });

  it('takes this year from the current date by default', () => {
    const year = new Date().getFullYear();
    expect(formatDate(`${year}-03-04`)).toBe('March 4');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => formatDate('June 5', { now })).toThrow(RangeError);
  });
});

describe('formatDateRange', () => {
  it('joins two days with an en dash', () => {
    expect(formatDateRange('2026-06-15', '2026-07-10', { now })).toBe('June 15 – July 10');
  });

  it('writes the year once when the range is in another year', () => {
    expect(formatDateRange('2027-06-15', '2027-06-19', { now })).toBe('June 15 – June 19, 2027');
  });

  it('writes both years when the range crosses into a new year', () => {
    expect(formatDateRange('2026-12-28', '2027-01-03', { now })).toBe('December 28, 2026 – January 3, 2027');
  });

  it('writes one day for a one-day range or a range with no end', () => {
    expect(formatDateRange('2026-06-20', '2026-06-20', { now })).toBe('June 20');
    expect(formatDateRange('2026-06-20', null, { now })).toBe('June 20');
  });

  it('carries weekdays on both ends', () => {
    expect(formatDateRange('2026-06-15', '2026-06-19', { now, weekday: 'short' })).toBe(
      'Mon, June 15 – Fri, June 19',
    );
  });

  it('always shows both ends of a range of several days, and a year only when it is not now', () => {
    const day = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2032-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const text = formatDateRange(start, end, { now });
        expect(text.includes('–')).toBe(start !== end);
        const [startYear, endYear] = [start.slice(0, 4), end.slice(0, 4)];
        const years = text.match(/\d{4}/g) ?? [];
        if (startYear !== endYear) expect(years).toEqual([startYear, endYear]);
        else expect(years).toEqual(startYear === '2026' ? [] : [startYear]);
      }),
    );
  });
});

describe('formatWeekdays', () => {
  it('writes three or more days in a row as a range, Monday first', () => {
    expect(formatWeekdays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(formatWeekdays([5, 4, 3])).toBe('Wed–Fri');
    expect(formatWeekdays([1, 2, 3, 4, 5, 6])).toBe('Mon–Sat');
  });

  it('lists days apart or in pairs', () => {
    expect(formatWeekdays([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(formatWeekdays([0, 6])).toBe('Sat, Sun');
    expect(formatWeekdays([1, 2, 4])).toBe('Mon, Tue, Thu');
  });

  it('says every day for all seven', () => {
    expect(formatWeekdays([0, 1, 2, 3, 4, 5, 6])).toBe('Every day');
  });
});

describe('formatTime', () => {
  it('drops the minutes of a whole hour', () => {
    expect(formatTime('09:00')).toBe('9 AM');
    expect(formatTime('00:00')).toBe('12 AM');
    expect(formatTime('12:00')).toBe('12 PM');
    expect(formatTime('15:00:00')).toBe('3 PM');
  });

  it('keeps other minutes', () => {
    expect(formatTime('09:30')).toBe('9:30 AM');
    expect(formatTime('23:05')).toBe('11:05 PM');
  });

  it('refuses what is not a time of day', () => {
    expect(() => formatTime('25:00')).toThrow(RangeError);
    expect(() => formatTime('9am')).toThrow(RangeError);
  });

  it('joins a daily span with an en dash', () => {
    expect(formatTimeRange('09:00', '15:30')).toBe('9 AM – 3:30 PM');
  });
});

describe('formatCampDates', () => {
  const dated = { startDate: '2026-06-15', endDate: '2026-06-19', isYearRound: false };

  it("keeps the spec's words", () => {
    expect(formatCampDates(dated, { now })).toBe('Camp runs June 15 – June 19');
    expect(formatCampDates({ startDate: null, endDate: null, isYearRound: false }, { now })).toBe(
      'Year Round',
    );
    expect(formatCampDates({ ...dated, isYearRound: true }, { now })).toBe('Year Round');
  });

  it('names the weekday of a one-day camp', () => {
    expect(formatCampDates({ ...dated, endDate: '2026-06-15' }, { now })).toBe('Camp runs Monday, June 15');
    expect(formatCampSchedule({ ...dated, endDate: null }, { now })).toBe('Monday, June 15');
  });

  it('adds the days and hours when they are known', () => {
    expect(
      formatCampSchedule(
        { ...dated, weekdays: [1, 2, 3, 4, 5], dailyTimes: { start: '09:00', end: '15:00' } },
        { now },
      ),
    ).toBe('June 15 – June 19 · Mon–Fri · 9 AM – 3 PM');
    expect(
      formatCampSchedule(
        { ...dated, endDate: '2026-06-15', dailyTimes: { start: '10:00', end: '12:30' } },
        { now },
      ),
    ).toBe('Monday, June 15 · 10 AM – 12:30 PM');
  });

  it('writes the year of a camp in another year', () => {
    expect(formatCampDates({ ...dated, startDate: '2027-06-14', endDate: '2027-06-18' }, { now })).toBe(
      'Camp runs June 14 – June 18, 2027',
    );
  });
});

describe('formatMoment', () => {
  const at = '2026-06-03T16:00:00Z';

  it('writes the day and the time in the given time zone', () => {
    expect(formatMoment(at, { now, timeZone: 'UTC' })).toBe('June 3 at 4 PM');
    expect(formatMoment('2026-06-03T16:30:00Z', { now, timeZone: 'America/Chicago' })).toBe(
      'June 3 at 11:30 AM',
    );
    expect(formatMoment('2026-06-04T02:00:00Z', { now, timeZone: 'America/Los_Angeles' })).toBe(
      'June 3 at 7 PM',
    );
  });

  it('adds the weekday, the year and the zone when asked or needed', () => {
    expect(formatMoment(at, { now, timeZone: 'UTC', weekday: 'long', showTimeZone: true })).toBe(
      'Wednesday, June 3 at 4 PM UTC',
    );
    expect(formatMoment('2027-06-03T16:00:00Z', { now, timeZone: 'UTC' })).toBe('June 3, 2027 at 4 PM');
  });

  it('is compact for tables', () => {
    expect(formatMoment('2026-11-23T13:59:00Z', { now, timeZone: 'UTC', compact: true })).toBe(
      'Nov 23, 1:59 PM',
    );
  });

  it('writes the day alone', () => {
    expect(formatMomentDay(new Date(at), { now, timeZone: 'UTC' })).toBe('June 3');
    expect(formatMomentDay('2025-02-01T00:30:00Z', { now, timeZone: 'UTC' })).toBe('February 1, 2025');
    expect(formatMomentDay('2025-02-01T00:30:00Z', { now, timeZone: 'America/New_York' })).toBe(
      'January 31, 2025',
    );
  });

  it('refuses what is not a moment', () => {
    expect(() => formatMoment('soon', { now })).toThrow(RangeError);
  });
});
