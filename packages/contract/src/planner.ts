import { z } from 'zod';
import { dateField } from './dates.ts';
import { friendPlaceSchema } from './friends.ts';
import { messages } from './messages.ts';
import { zipField } from './orgs.ts';
import { registrationStatusSchema } from './registrations.ts';
import { MAX_ID } from './row-ids.ts';
import { shiftDate } from './sessions.ts';

/** A planner covers at most half a year of weeks. */
export const PLANNER_MAX_WEEKS = 26;
export const PLANNER_RADIUS_MAX = 100;

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The Monday of the week a date falls in (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  return shiftDate(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The school summer a family plans by default: from the second Monday of June to the week of
 * August 31st, of this year until that week is over, then of next year.
 */
export function defaultSummer(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const summerOf = (y: number) => {
    const june = `${y}-06-01`;
    const firstMonday = shiftDate(june, (8 - weekdayOf(june)) % 7);
    return { from: shiftDate(firstMonday, 7), to: shiftDate(mondayOf(`${y}-08-31`), 6) };
  };
  const thisYear = summerOf(year);
  return today > thisYear.to ? summerOf(year + 1) : thisYear;
}

/** A place's days, as the planner opens on them. */
export interface DatedPlace {
  startDate: string;
  endDate: string | null;
}

/**
 * The weeks a planner opens on (decision 067): the coming school summer, unless the family has
 * places still to come and none of them in that summer (a January booking, an autumn term);
 * then as many weeks as a summer from the week of the first of them, longer to reach the last,
 * up to the most weeks a planner shows.
 */
export function openingRange(today: string, places: readonly DatedPlace[]): { from: string; to: string } {
  const summer = defaultSummer(today);
  const coming = places.filter((place) => (place.endDate ?? place.startDate) >= today);
  const inSummer = (place: DatedPlace) =>
    place.startDate <= summer.to && (place.endDate ?? place.startDate) >= summer.from;
  if (coming.length === 0 || coming.some(inSummer)) return summer;
  const first = coming.reduce(
    (earliest, place) => (place.startDate < earliest ? place.startDate : earliest),
    coming[0]?.startDate ?? today,
  );
  const last = coming.reduce((latest, place) => {
    const end = place.endDate ?? place.startDate;
    return end > latest ? end : latest;
  }, first);
  const from = mondayOf(first > today ? first : today);
  const summerLength = weeksSpanned(summer.from, summer.to);
  const weeks = Math.min(Math.max(summerLength, weeksSpanned(from, last)), PLANNER_MAX_WEEKS);
  return { from, to: shiftDate(from, weeks * 7 - 1) };
}

/** How many Monday-to-Sunday weeks the dates touch. */
export function weeksSpanned(from: string, to: string): number {
  return Math.round((Date.parse(mondayOf(to)) - Date.parse(mondayOf(from))) / (7 * 86_400_000)) + 1;
}

/** The Monday-to-Sunday weeks from the week of `from` to the week of `to`. */
export function plannerWeeks(from: string, to: string): { start: string; end: string }[] {
  const weeks: { start: string; end: string }[] = [];
  for (
    let start = mondayOf(from);
    start <= to && weeks.length < PLANNER_MAX_WEEKS;
    start = shiftDate(start, 7)
  ) {
    weeks.push({ start, end: shiftDate(start, 6) });
  }
  return weeks;
}

/** Both ends given and real dates (the object's checks also run when a field failed its own). */
const bothDates = (query: { from?: unknown; to?: unknown }): query is { from: string; to: string } =>
  dateField.safeParse(query.from).success && dateField.safeParse(query.to).success;

/** GET /camper/planner: the weeks to show; both left out for the coming school summer. */
export const plannerQuery = z
  .object({ from: dateField.optional(), to: dateField.optional() })
  .strict()
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: messages.plannerRangeBoth,
    path: ['to'],
  })
  .refine((query) => !bothDates(query) || query.from <= query.to, {
    message: messages.searchDatesInverted,
    path: ['to'],
  })
  .refine((query) => !bothDates(query) || weeksSpanned(query.from, query.to) <= PLANNER_MAX_WEEKS, {
    message: messages.plannerRangeTooLong,
    path: ['to'],
  });
export type PlannerQuery = z.infer<typeof plannerQuery>;

/** One of the family's places, waitlist places or offers, as the planner lays it over the weeks. */
export const plannerEntrySchema = z.object({
  registrationId: z.number().int(),
  childId: z.number().int(),
  campId: z.number().int(),
  campName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  /** The camp has several sessions, so the session's name says which. */
  severalSessions: z.boolean(),
  status: registrationStatusSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  isVirtual: z.boolean(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  offerExpiresAt: z.string().nullable(),
});
export type PlannerEntry = z.infer<typeof plannerEntrySchema>;

/** A session saved as a "maybe" for a child: not booked, shown in the planner and the saved list. */
export const maybeSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  campId: z.number().int(),
  campName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  severalSessions: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  priceCents: z.number().int(),
  spotsLeft: z.number().int(),
  allowsWaitlist: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  isVirtual: z.boolean(),
  /** Cancelled by the host since it was saved, or the camp no longer listed: it cannot be booked. */
  bookable: z.boolean(),
});
export type Maybe = z.infer<typeof maybeSchema>;
export const maybeListResponse = z.object({ data: z.array(maybeSchema) });
export const maybeResponse = z.object({ data: maybeSchema });

const id = z.number().int().positive().max(MAX_ID);
/** POST /camper/maybes: save a session as a maybe for one of the parent's children. */
export const saveMaybeBody = z.object({ childId: id, sessionId: id }).strict();
export type SaveMaybeBody = z.infer<typeof saveMaybeBody>;

export const plannerWarningSchema = z.object({
  kind: z.enum(['overlap', 'drop_off']),
  /** The places it is about. */
  registrationIds: z.array(z.number().int()),
  message: z.string(),
});
export type PlannerWarning = z.infer<typeof plannerWarningSchema>;

export const plannerResponse = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    weeks: z.array(z.object({ start: z.string(), end: z.string() })),
    children: z.array(
      z.object({
        id: z.number().int(),
        firstName: z.string(),
        lastName: z.string(),
        /** Age on the planner's first day: what a search for a gap asks for. */
        age: z.number().int(),
      }),
    ),
    /** Places, waitlist places and offers that meet in the range, and year-round ones. */
    entries: z.array(plannerEntrySchema),
    /** Sessions saved as maybes that meet in the range (and year-round ones). */
    maybes: z.array(maybeSchema),
    totals: z.object({
      /** Paid for the places in the range, less refunds. */
      paidCents: z.number().int(),
      /** What the maybes would cost at today's prices. */
      maybesCents: z.number().int(),
      places: z.number().int(),
      waitlisted: z.number().int(),
      offered: z.number().int(),
    }),
    warnings: z.array(plannerWarningSchema),
    homeZip: z.string().nullable(),
    radiusMiles: z.number().int().nullable(),
    /** Friends' shared children's places that meet in the range (decision 020). */
    friendPlaces: z.array(friendPlaceSchema),
  }),
});
export type Planner = z.infer<typeof plannerResponse>['data'];

/** PUT /camper/planner/preferences: where the family searches from for a gap. */
export const plannerPreferencesBody = z
  .object({
    homeZip: zipField.nullable(),
    radiusMiles: z
      .number({ error: messages.plannerRadiusInvalid })
      .int(messages.plannerRadiusInvalid)
      .min(1, messages.plannerRadiusInvalid)
      .max(PLANNER_RADIUS_MAX, messages.plannerRadiusInvalid)
      .nullable(),
  })
  .strict();
export type PlannerPreferences = z.infer<typeof plannerPreferencesBody>;
export const plannerPreferencesResponse = z.object({ data: plannerPreferencesBody });
