import { z } from 'zod';
import { dateField } from './dates.ts';
import { idFromText } from './ids.ts';
import { messages } from './messages.ts';

/**
 * A host's season at a glance (docs/decisions/032): places sold, profile views, waitlist demand
 * and revenue over a date range, and how full each session is now. The server sums recorded
 * events per day; these rules turn the sums into the figures both sides show.
 */

/** The longest range the dashboard sums over. */
export const MAX_INSIGHTS_DAYS = 366;
/** Ranges longer than this are charted by week, so a phone-width chart stays readable. */
export const DAILY_SERIES_MAX_DAYS = 62;
/** The range the dashboard opens with: the last 90 days up to today. */
export const DEFAULT_INSIGHTS_DAYS = 90;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (0 when they are the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
}

export const insightsQuerySchema = z
  .object({
    orgId: idFromText.optional(),
    campId: idFromText.optional(),
    from: dateField.optional(),
    to: dateField.optional(),
  })
  .strict()
  .refine(
    ({ from, to }) =>
      !from || !to || (daysBetween(from, to) >= 0 && daysBetween(from, to) < MAX_INSIGHTS_DAYS),
    { message: messages.insightsRangeInvalid, path: ['to'] },
  );
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/**
 * The range asked for, completed: no end is today, no start is DEFAULT_INSIGHTS_DAYS before the
 * end. A start given alone ends at today, or a year after it when that is sooner.
 */
export function insightsRange(
  query: { from?: string; to?: string },
  today: string,
): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.to) return { from: addDays(query.to, -(DEFAULT_INSIGHTS_DAYS - 1)), to: query.to };
  if (query.from) {
    const yearOn = addDays(query.from, MAX_INSIGHTS_DAYS - 1);
    const to = daysBetween(query.from, today) < 0 ? query.from : yearOn < today ? yearOn : today;
    return { from: query.from, to };
  }
  return { from: addDays(today, -(DEFAULT_INSIGHTS_DAYS - 1)), to: today };
}

/** What happened on one day (or in one week, from `day`). */
export const insightsPointSchema = z.object({
  day: z.string(),
  views: z.number().int(),
  placesSold: z.number().int(),
  waitlistJoins: z.number().int(),
  /** What families paid less what was refunded, in cents (may be negative on a day of refunds). */
  revenueCents: z.number().int(),
  /** Of the places sold, those booked through the host's own website's widget (decision 075). */
  widgetPlaces: z.number().int(),
});
export type InsightsPoint = z.infer<typeof insightsPointSchema>;

export const sessionFillSchema = z.object({
  sessionId: z.number().int(),
  campId: z.number().int(),
  campName: z.string(),
  name: z.string(),
  startDate: z.string().nullable(),
  capacity: z.number().int(),
  confirmed: z.number().int(),
  /** Places being paid for right now (counted as taken, like confirmed ones). */
  pending: z.number().int(),
  offered: z.number().int(),
  waitlisted: z.number().int(),
  /** Confirmed places as a whole percentage of capacity. */
  fillPercent: z.number().int(),
});
export type SessionFill = z.infer<typeof sessionFillSchema>;

export const insightsTotalsSchema = z.object({
  views: z.number().int(),
  placesSold: z.number().int(),
  waitlistJoins: z.number().int(),
  revenueCents: z.number().int(),
  widgetPlaces: z.number().int(),
  /** Places sold per hundred profile views, one decimal; null without views. */
  conversionPercent: z.number().nullable(),
});
export type InsightsTotals = z.infer<typeof insightsTotalsSchema>;

export const insightsSchema = z.object({
  /** The organisation shown: the one asked for, else the host's first by name; null without any. */
  orgId: z.number().int().nullable(),
  /** Its camps by name (the host's organisations for the picker come from GET /host/orgs). */
  camps: z.array(z.object({ id: z.number().int(), name: z.string() })),
  campId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  /** The organisation's IANA zone: its days are the days counted (null without an organisation). */
  timeZone: z.string().nullable(),
  /** Today in that zone (in UTC without an organisation). */
  today: z.string(),
  /** 'week' when the range is longer than DAILY_SERIES_MAX_DAYS; each point then starts a week. */
  unit: z.enum(['day', 'week']),
  totals: insightsTotalsSchema,
  series: z.array(insightsPointSchema),
  sessions: z.array(sessionFillSchema),
});
export type Insights = z.infer<typeof insightsSchema>;
export const insightsResponse = z.object({ data: insightsSchema });

/** Confirmed places as a whole percentage of capacity, rounded half up; 0 without capacity. */
export function fillPercent(confirmed: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return Math.floor((confirmed * 200 + capacity) / (capacity * 2));
}

/** Places sold per hundred views, to one decimal (half up); null when nobody looked. */
export function conversionPercent(placesSold: number, views: number): number | null {
  if (views <= 0) return null;
  return Math.floor((placesSold * 2000 + views) / (views * 2)) / 10;
}

export type DayCounts = Partial<Omit<InsightsPoint, 'day'>> & { day: string };

/**
 * One point per day from `from` to `to`, summing the counts given for each day (days without
 * any are zero; days outside the range are left out), grouped into weeks from `from` when the
 * range is longer than DAILY_SERIES_MAX_DAYS (the last week may be shorter).
 */
export function insightsSeries(
  from: string,
  to: string,
  counts: readonly DayCounts[],
): { unit: 'day' | 'week'; series: InsightsPoint[] } {
  const length = daysBetween(from, to) + 1;
  if (length <= 0) return { unit: 'day', series: [] };
  const unit = length > DAILY_SERIES_MAX_DAYS ? 'week' : 'day';
  const size = unit === 'week' ? 7 : 1;
  const series: InsightsPoint[] = Array.from({ length: Math.ceil(length / size) }, (_, index) => ({
    day: addDays(from, index * size),
    views: 0,
    placesSold: 0,
    waitlistJoins: 0,
    revenueCents: 0,
    widgetPlaces: 0,
  }));
  for (const count of counts) {
    const offset = daysBetween(from, count.day);
    const point = offset >= 0 && offset < length ? series[Math.floor(offset / size)] : undefined;
    if (!point) continue;
    point.views += count.views ?? 0;
    point.placesSold += count.placesSold ?? 0;
    point.waitlistJoins += count.waitlistJoins ?? 0;
    point.revenueCents += count.revenueCents ?? 0;
    point.widgetPlaces += count.widgetPlaces ?? 0;
  }
  return { unit, series };
}

/** The range's totals: the series summed, and the conversion from them. */
export function insightsTotals(series: readonly InsightsPoint[]): InsightsTotals {
  const sum = (pick: (point: InsightsPoint) => number) =>
    series.reduce((total, point) => total + pick(point), 0);
  const views = sum((point) => point.views);
  const placesSold = sum((point) => point.placesSold);
  return {
    views,
    placesSold,
    waitlistJoins: sum((point) => point.waitlistJoins),
    revenueCents: sum((point) => point.revenueCents),
    widgetPlaces: sum((point) => point.widgetPlaces),
    conversionPercent: conversionPercent(placesSold, views),
  };
}
