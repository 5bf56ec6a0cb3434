import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  conversionPercent,
  DAILY_SERIES_MAX_DAYS,
  daysBetween,
  fillPercent,
  insightsQuerySchema,
  insightsRange,
  insightsSeries,
  insightsTotals,
  MAX_INSIGHTS_DAYS,
} from '../src/insights.ts';
import { messages } from '../src/messages.ts';
import { reminderDue } from '../src/reminders.ts';

const day = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2035, 0, 1) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('days', () => {
  it('adds and counts days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -800, max: 800 }),
        (from, n) => daysBetween(from, addDays(from, n)) === n,
      ),
    );
  });
});

describe('the range', () => {
  it('defaults to the last 90 days up to today', () => {
    expect(insightsRange({}, '2026-06-30')).toEqual({ from: '2026-04-02', to: '2026-06-30' });
    expect(insightsRange({ to: '2026-01-31' }, '2026-06-30')).toEqual({
      from: '2025-11-03',
      to: '2026-01-31',
    });
    expect(insightsRange({ from: '2026-06-01' }, '2026-06-30')).toEqual({
      from: '2026-06-01',
      to: '2026-06-30',
    });
    expect(insightsRange({ from: '2024-01-01' }, '2026-06-30')).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(insightsRange({ from: '2027-01-01' }, '2026-06-30')).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
    });
  });

  it('always answers a range the query schema would accept', () => {
    fc.assert(
      fc.property(
        fc.option(day, { nil: undefined }),
        fc.option(day, { nil: undefined }),
        day,
        (from, to, today) => {
          const asked = insightsQuerySchema.safeParse({ from, to });
          if (!asked.success) return;
          const range = insightsRange(asked.data, today);
          expect(insightsQuerySchema.safeParse(range).success).toBe(true);
        },
      ),
    );
  });

  it('refuses an end before the start, or more than a year', () => {
    for (const query of [
      { from: '2026-05-02', to: '2026-05-01' },
      { from: '2026-01-01', to: addDays('2026-01-01', MAX_INSIGHTS_DAYS) },
    ]) {
      const parsed = insightsQuerySchema.safeParse(query);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(messages.insightsRangeInvalid);
    }
    expect(
      insightsQuerySchema.safeParse({ from: '2026-01-01', to: addDays('2026-01-01', 365) }).success,
    ).toBe(true);
  });
});

describe('figures', () => {
  it('fills to a whole percentage, half up, and 0 without capacity', () => {
    expect(fillPercent(1, 3)).toBe(33);
    expect(fillPercent(1, 8)).toBe(13);
    expect(fillPercent(24, 24)).toBe(100);
    expect(fillPercent(5, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(10_000), (capacity, confirmed) => {
        expect(Math.abs(fillPercent(confirmed, capacity) - (confirmed * 100) / capacity)).toBeLessThanOrEqual(
          0.5,
        );
      }),
    );
  });

  it('converts views to places to one decimal, null without views', () => {
    expect(conversionPercent(1, 4)).toBe(25);
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(3, 0)).toBeNull();
  });
});

describe('the series', () => {
  it('has one point per day of a short range, zeros where nothing happened', () => {
    const { unit, series } = insightsSeries('2026-06-01', '2026-06-03', [
      { day: '2026-06-02', views: 5, placesSold: 1, widgetPlaces: 1 },
      { day: '2026-06-02', revenueCents: 15_000 },
      { day: '2026-05-31', views: 100 },
      { day: '2026-06-04', views: 100 },
    ]);
    expect(unit).toBe('day');
    expect(series).toEqual([
      { day: '2026-06-01', views: 0, placesSold: 0, waitlistJoins: 0, revenueCents: 0, widgetPlaces: 0 },
      { day: '2026-06-02', views: 5, placesSold: 1, waitlistJoins: 0, revenueCents: 15_000, widgetPlaces: 1 },
      { day: '2026-06-03', views: 0, placesSold: 0, waitlistJoins: 0, revenueCents: 0, widgetPlaces: 0 },
    ]);
  });

  it('groups a long range into weeks from its start, losing nothing in range', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: MAX_INSIGHTS_DAYS - 1 }),
        fc.array(
          fc.record({
            offset: fc.integer({ min: -10, max: 400 }),
            views: fc.nat(50),
            revenueCents: fc.integer({ min: -5000, max: 5000 }),
          }),
        ),
        (from, length, events) => {
          const to = addDays(from, length);
          const counts = events.map((event) => ({
            day: addDays(from, event.offset),
            views: event.views,
            revenueCents: event.revenueCents,
          }));
          const { unit, series } = insightsSeries(from, to, counts);
          const inRange = events.filter((event) => event.offset >= 0 && event.offset <= length);
          expect(unit).toBe(length + 1 > DAILY_SERIES_MAX_DAYS ? 'week' : 'day');
          expect(series).toHaveLength(Math.ceil((length + 1) / (unit === 'week' ? 7 : 1)));
          expect(series[0]?.day).toBe(from);
          const totals = insightsTotals(series);
          expect(totals.views).toBe(inRange.reduce((sum, event) => sum + event.views, 0));
          expect(totals.revenueCents).toBe(inRange.reduce((sum, event) => sum + event.revenueCents, 0));
        },
      ),
    );
  });
});

describe('reminders', () => {
  it('are due a week ahead (caught up until two days before) and the day before', () => {
    const start = '2026-07-10';
    const due = Array.from({ length: 10 }, (_, n) => reminderDue(start, addDays(start, n - 9)));
    expect(due).toEqual([null, null, 'week', 'week', 'week', 'week', 'week', 'week', 'day', null]);
  });
});
