import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSummer, openingRange, PLANNER_MAX_WEEKS, weeksSpanned } from '../src/planner.ts';
import { shiftDate } from '../src/sessions.ts';

const today = '2026-12-07';
const summer = defaultSummer(today);

describe('openingRange', () => {
  it('opens on the coming summer when nothing is booked, or something is booked in it', () => {
    expect(openingRange(today, [])).toEqual(summer);
    expect(
      openingRange(today, [
        { startDate: '2027-01-11', endDate: '2027-01-15' },
        { startDate: shiftDate(summer.from, 7), endDate: shiftDate(summer.from, 11) },
      ]),
    ).toEqual(summer);
  });

  it('opens on a January booking, from its week, for as long as a summer', () => {
    const range = openingRange(today, [{ startDate: '2027-01-13', endDate: '2027-01-15' }]);
    expect(range.from).toBe('2027-01-11');
    expect(weeksSpanned(range.from, range.to)).toBe(weeksSpanned(summer.from, summer.to));
  });

  it('leaves out places already over, and starts this week for one under way', () => {
    expect(openingRange(today, [{ startDate: '2026-10-05', endDate: '2026-10-09' }])).toEqual(summer);
    const under = openingRange(today, [{ startDate: '2026-11-02', endDate: '2027-02-26' }]);
    expect(under.from).toBe('2026-12-07');
  });

  it('always holds every coming place it can, within the most weeks a planner shows', () => {
    const day = fc.integer({ min: 0, max: 500 }).map((offset) => shiftDate(today, offset));
    const place = fc.tuple(day, fc.integer({ min: 0, max: 60 })).map(([start, length]) => ({
      startDate: start,
      endDate: shiftDate(start, length),
    }));
    fc.assert(
      fc.property(fc.array(place, { maxLength: 6 }), (places) => {
        const range = openingRange(today, places);
        expect(range.from <= range.to).toBe(true);
        expect(weeksSpanned(range.from, range.to)).toBeLessThanOrEqual(PLANNER_MAX_WEEKS);
        // Whatever it opens on holds at least one coming place, when there is one.
        if (places.length > 0) {
          expect(
            places.some((p) => p.startDate <= range.to && (p.endDate ?? p.startDate) >= range.from),
          ).toBe(true);
        }
      }),
    );
  });
});
