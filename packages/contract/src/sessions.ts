import { z } from 'zod';
import { dateField } from './dates.ts';
import { messages } from './messages.ts';
import { noControlCharacters } from './text.ts';

export const SESSION_NAME_MAX = 80;
export const sessionStatusSchema = z.enum(['scheduled', 'cancelled']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/**
 * A session as parents and hosts read it. Times are the camp's wall clock, `HH:MM`; the window's
 * moments are instants (ISO), shown in the camp's zone.
 */
export const campSessionSchema = z.object({
  id: z.number().int(),
  campId: z.number().int(),
  name: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The days of the week it meets (0 is Sunday, in order), or null for every day of its dates. */
  weekdays: z.array(z.number().int()).nullable(),
  priceCents: z.number().int(),
  capacity: z.number().int(),
  spotsLeft: z.number().int(),
  allowsWaitlist: z.boolean(),
  registrationOpensAt: z.string().nullable(),
  registrationClosesAt: z.string().nullable(),
  status: sessionStatusSchema,
  /** The camp's IANA zone, its organisation's: its dates and times are that zone's (decision 047). */
  timeZone: z.string(),
});
export type CampSession = z.infer<typeof campSessionSchema>;

/** What the host sees besides: places taken and whether any are paid (prices then apply to new places only). */
export const hostCampSessionSchema = campSessionSchema.extend({
  spotsTaken: z.number().int(),
  paidPlaces: z.number().int(),
  waitlisted: z.number().int(),
});
export type HostCampSession = z.infer<typeof hostCampSessionSchema>;
export const hostCampSessionsResponse = z.object({ data: z.array(hostCampSessionSchema) });
export const hostCampSessionResponse = z.object({ data: hostCampSessionSchema });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d)?$/;

/** "250", "249.5" or "249.50" dollars as whole cents, read as text so no float rounding creeps in. */
export function dollarsToCents(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const optionalText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value;

/**
 * A registration moment as sent: a date (the start of that day) or a date and time, on the
 * camp's wall clock, answered as "yyyy-MM-ddTHH:mm". The server makes it an instant in the
 * camp's zone (decision 047).
 */
function momentOf(text: string): string | null {
  if (!MOMENT.test(text)) return null;
  const wall = text.length === 10 ? `${text}T00:00` : text;
  const at = new Date(`${wall}:00Z`);
  if (Number.isNaN(at.getTime()) || !at.toISOString().startsWith(text.slice(0, 10))) return null;
  return wall;
}

/** The fields of a session as the form sends them. */
const sessionInput = z.object({
  name: z.preprocess(optionalText, z.string().trim()),
  startDate: z.preprocess(optionalText, z.string().trim()),
  endDate: z.preprocess(optionalText, z.string().trim()),
  startTime: z.preprocess(optionalText, z.string().trim()),
  endTime: z.preprocess(optionalText, z.string().trim()),
  /** The days of the week it meets (0 is Sunday); left out, empty or all seven: every day. */
  weekdays: z
    .array(
      z
        .number({ error: messages.sessionWeekdaysInvalid })
        .int(messages.sessionWeekdaysInvalid)
        .min(0, messages.sessionWeekdaysInvalid)
        .max(6, messages.sessionWeekdaysInvalid),
      { error: messages.sessionWeekdaysInvalid },
    )
    .max(7, messages.sessionWeekdaysInvalid)
    .nullable()
    .optional(),
  price: z.preprocess(optionalText, z.string().trim()),
  capacity: z.preprocess(optionalText, z.string().trim()),
  allowsWaitlist: z.boolean().optional().default(false),
  registrationOpensAt: z.preprocess(optionalText, z.string().trim()),
  registrationClosesAt: z.preprocess(optionalText, z.string().trim()),
});
export type SessionInput = z.input<typeof sessionInput>;

export interface SessionData {
  name: string;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  weekdays: number[] | null;
  priceCents: number;
  capacity: number;
  allowsWaitlist: boolean;
  /** The window's ends on the camp's wall clock, "yyyy-MM-ddTHH:mm". */
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

/**
 * A session's own rules, each reported on its field: a name, dates both given (or both left out,
 * for a year-round camp) and in order, times both given or both left out and in order, a price
 * in dollars and cents, a capacity of at least one, and a registration window that opens before
 * it closes. Rules that need the camp (dates required, overlaps, places taken) are the server's.
 */
export const sessionBody = sessionInput.transform((input, ctx): SessionData => {
  const fail = (path: keyof SessionInput, message: string) => {
    ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (input.name === '') fail('name', messages.fieldRequired.replace('{field}', 'Session name'));
  else if (input.name.length > SESSION_NAME_MAX || !noControlCharacters(input.name))
    fail('name', messages.textTooLong);

  let startDate: string | null = null;
  let endDate: string | null = null;
  if (input.startDate !== '' || input.endDate !== '') {
    const start = dateField.safeParse(input.startDate);
    const end = dateField.safeParse(input.endDate);
    if (!start.success)
      fail('startDate', input.startDate ? messages.invalidDate : messages.sessionDatesTogether);
    if (!end.success) fail('endDate', input.endDate ? messages.invalidDate : messages.sessionDatesTogether);
    if (start.success && end.success) {
      startDate = start.data;
      endDate = end.data;
      if (endDate < startDate) fail('endDate', messages.endBeforeStart);
    }
  }

  let startTime: string | null = null;
  let endTime: string | null = null;
  if (input.startTime !== '' || input.endTime !== '') {
    if (!TIME.test(input.startTime)) fail('startTime', messages.sessionTimeInvalid);
    if (!TIME.test(input.endTime)) fail('endTime', messages.sessionTimeInvalid);
    if (TIME.test(input.startTime) && TIME.test(input.endTime)) {
      startTime = input.startTime;
      endTime = input.endTime;
      if (endTime <= startTime) fail('endTime', messages.sessionEndTimeBeforeStart);
    }
  }

  const weekdays = meetingDays(input.weekdays);
  if (weekdays && startDate && endDate && !meetsOnAnyDay({ startDate, endDate, weekdays })) {
    fail('weekdays', messages.sessionMeetsOnNoDay);
  }

  const priceCents = dollarsToCents(input.price);
  if (priceCents === null)
    fail(
      'price',
      input.price ? messages.sessionPriceInvalid : messages.fieldRequired.replace('{field}', 'Price'),
    );
  const capacity = /^\d{1,6}$/.test(input.capacity) ? Number(input.capacity) : 0;
  if (capacity < 1) fail('capacity', messages.wholeNumberRequired);

  const opens = input.registrationOpensAt === '' ? null : momentOf(input.registrationOpensAt);
  const closes = input.registrationClosesAt === '' ? null : momentOf(input.registrationClosesAt);
  if (input.registrationOpensAt !== '' && opens === null) fail('registrationOpensAt', messages.invalidDate);
  if (input.registrationClosesAt !== '' && closes === null)
    fail('registrationClosesAt', messages.invalidDate);
  if (opens && closes && closes <= opens) fail('registrationClosesAt', messages.sessionWindowInverted);

  return {
    name: input.name,
    startDate,
    endDate,
    startTime,
    endTime,
    weekdays,
    priceCents: priceCents ?? 0,
    capacity,
    allowsWaitlist: input.allowsWaitlist,
    registrationOpensAt: opens,
    registrationClosesAt: closes,
  };
});

/** Shifts a yyyy-mm-dd date by whole days. */
export function shiftDate(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The days a session meets, in order and once each; null (every day) for none or all seven. */
export function meetingDays(days: readonly number[] | null | undefined): number[] | null {
  const chosen = [...new Set(days ?? [])].sort((a, b) => a - b);
  return chosen.length === 0 || chosen.length === 7 ? null : chosen;
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Whether some date from `startDate` to `endDate` (inclusive) falls on one of the weekdays. */
function meetsOnAnyDay(span: { startDate: string; endDate: string; weekdays: readonly number[] }): boolean {
  for (
    let day = span.startDate, seen = 0;
    day <= span.endDate && seen < 7;
    day = shiftDate(day, 1), seen += 1
  ) {
    if (span.weekdays.includes(weekdayOf(day))) return true;
  }
  return false;
}

interface Span {
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  weekdays?: readonly number[] | null;
}

const EVERY_DAY: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/**
 * Two sessions overlap when they meet on a common day (a session without dates runs all year; one
 * without weekdays meets every day of its dates) and their daily times overlap (a session
 * without times takes the whole day). Ends are inclusive for dates and exclusive for times, so a
 * 9–12 and a 12–15 session on one day do not overlap.
 */
export function sessionsOverlap(a: Span, b: Span): boolean {
  const daysA = a.weekdays ?? EVERY_DAY;
  const daysB = b.weekdays ?? EVERY_DAY;
  const common = daysA.filter((day) => daysB.includes(day));
  if (common.length === 0) return false;
  const from =
    [a.startDate, b.startDate]
      .filter((date) => date !== null)
      .sort()
      .at(-1) ?? null;
  const to =
    [a.endDate ?? a.startDate, b.endDate ?? b.startDate].filter((date) => date !== null).sort()[0] ?? null;
  const datesOverlap = from === null || to === null || to >= from;
  if (!datesOverlap) return false;
  if (from !== null && to !== null && !meetsOnAnyDay({ startDate: from, endDate: to, weekdays: common }))
    return false;
  if (!a.startTime || !a.endTime || !b.startTime || !b.endTime) return true;
  return a.startTime < b.endTime && b.startTime < a.endTime;
}

// Free of zod, so the public pages can read it without loading the schemas.
export { registrationWindow, type SessionWindow } from './session-window.ts';

/** The sessions a parent asked to hear about (POST /camper/sessions/{id}/opening-notice). */
export const openingNoticesResponse = z.object({ data: z.array(z.number().int()) });
export const openingNoticeResponse = z.object({ data: z.object({ sessionId: z.number().int() }) });
