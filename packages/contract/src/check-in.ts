import { z } from 'zod';
import { NAME_MAX_LENGTH } from './accounts.ts';
import { campDay } from './camp-clock.ts';
import { dateField } from './dates.ts';
import { allergyBadgeSchema } from './health-profiles.ts';
import { messages } from './messages.ts';
import { phoneField } from './phone.ts';
import { shiftDate } from './sessions.ts';
import { noControlCharacters } from './text.ts';

/** The day of camp (docs/decisions/030): authorised pickup adults and daily check-in. */

export const MAX_PICKUP_ADULTS = 8;
export const RELATIONSHIP_MAX_LENGTH = 40;

const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(noControlCharacters, messages.invalidInput);

/** An adult as the parent's form sends it (multipart fields beside an optional `photo`). */
export const pickupAdultBody = z.object({
  name: requiredText(messages.pickupNameRequired, NAME_MAX_LENGTH, messages.nameTooLong),
  relationship: requiredText(
    messages.pickupRelationshipRequired,
    RELATIONSHIP_MAX_LENGTH,
    messages.pickupRelationshipTooLong,
  ),
  phone: phoneField,
});
export type PickupAdultInput = z.input<typeof pickupAdultBody>;
export type PickupAdultData = z.output<typeof pickupAdultBody>;

const photoSchema = z.object({ url: z.string(), smallUrl: z.string() }).nullable();

export const pickupAdultSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  name: z.string(),
  relationship: z.string(),
  phone: z.string(),
  photo: photoSchema,
});
export type PickupAdult = z.infer<typeof pickupAdultSchema>;
export const pickupAdultResponse = z.object({ data: pickupAdultSchema });
export const pickupAdultListResponse = z.object({ data: z.array(pickupAdultSchema) });

// ---------------------------------------------------------------------------------------------
// Check-in.

const dayField = z.string({ error: messages.checkInDayInvalid }).pipe(dateField);
/** The sheet of a day; without one, of today where the camp is. */
export const checkInDayQuery = z.object({ day: dayField.optional() });

/** A tap's own key, made by the phone: sending it again answers the first result. */
const requestKeyField = z.uuid({ error: messages.checkInKeyInvalid });
const childIdField = z.number({ error: messages.checkInChildNotFound }).int().positive().max(2_147_483_647);

/** A tap for a day of camp; without one, for today where the camp is (decision 047). */
export const checkInBody = z.object({
  childId: childIdField,
  day: dayField.optional(),
  key: requestKeyField,
});
export type CheckInBody = z.infer<typeof checkInBody>;

/** Who collects in a check-out: the parent on the child's account, who always may. */
export const PARENT_COLLECTOR = 'parent';

export const checkOutBody = checkInBody.extend({
  /** One of the child's pickup adults, or `parent` for the parent on the account (decision 065). */
  pickupAdultId: z.union(
    [
      z
        .number({ error: messages.checkOutAdultRequired })
        .int(messages.checkOutAdultRequired)
        .positive(messages.checkOutAdultRequired)
        .max(2_147_483_647, messages.checkOutAdultRequired),
      z.literal(PARENT_COLLECTOR, { error: messages.checkOutAdultRequired }),
    ],
    { error: messages.checkOutAdultRequired },
  ),
});
export type CheckOutBody = z.infer<typeof checkOutBody>;

export const pickupRefusalBody = checkInBody.extend({
  name: requiredText(messages.refusedNameRequired, NAME_MAX_LENGTH, messages.nameTooLong),
});
export type PickupRefusalBody = z.infer<typeof pickupRefusalBody>;

export const attendanceStates = ['expected', 'in', 'out'] as const;
export type AttendanceState = (typeof attendanceStates)[number];

/** One child on a session's check-in sheet for a day. */
export const checkInEntrySchema = z.object({
  registrationId: z.number().int(),
  childId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int(),
  parentName: z.string(),
  parentPhone: z.string().nullable(),
  state: z.enum(attendanceStates),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** The authorised adult who collected the child, as they were named then. */
  collectedBy: z.object({ name: z.string(), relationship: z.string().nullable() }).nullable(),
  refusals: z.array(z.object({ name: z.string(), at: z.string() })),
  pickupAdults: z.array(pickupAdultSchema),
});
export type CheckInEntry = z.infer<typeof checkInEntrySchema>;
export const checkInEntryResponse = z.object({ data: checkInEntrySchema });

export const checkInSheetSchema = z.object({
  campId: z.number().int(),
  campName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  /** The camp's IANA zone, its organisation's: its days are that zone's days. */
  timeZone: z.string(),
  /** Today where the camp is. */
  today: z.string(),
  day: z.string(),
  /** Why nobody can be checked in on the day (not a day of the session, say), or null. */
  dayRefusal: z.string().nullable(),
  /** Children with a confirmed place, by first name. */
  children: z.array(checkInEntrySchema),
  /** Allergy badges, most severe first, of the children whose health profile staff may read. */
  allergies: z.array(z.object({ childId: z.number().int(), badges: z.array(allergyBadgeSchema) })),
});
export type CheckInSheet = z.infer<typeof checkInSheetSchema>;
export const checkInSheetResponse = z.object({ data: checkInSheetSchema });

// ---------------------------------------------------------------------------------------------
// Rules.

export interface CheckInSession {
  status: 'scheduled' | 'cancelled';
  startDate: string | null;
  endDate: string | null;
  weekdays: readonly number[] | null;
  /** The camp's IANA zone. */
  timeZone: string;
}

/**
 * Why nobody can be checked in to the session on the day, or null when they can: a cancelled
 * session, a day before its first or after its last, a day of the week it does not meet, or a
 * day that has not begun yet where the camp is. A session without dates (year-round) meets
 * every day.
 */
export function checkInDayRefusal(
  session: CheckInSession,
  day: string,
  now: Date = new Date(),
): string | null {
  if (session.status === 'cancelled') return messages.checkInSessionCancelled;
  const outside =
    (session.startDate !== null && day < session.startDate) ||
    (session.endDate !== null && day > session.endDate) ||
    (session.weekdays !== null && !session.weekdays.includes(new Date(`${day}T00:00:00Z`).getUTCDay()));
  if (outside) return messages.checkInDayNotInSession.replace('{day}', day);
  if (day > campDay(now, session.timeZone)) return messages.checkInDayAhead;
  return null;
}

/**
 * Whether a place taken (or moved to its session) at `heldSince` counts on a day: from that
 * moment's day where the camp is on, so a place booked at the gate on the morning of camp
 * counts that day, and one booked the evening before does not count the day before.
 */
export function placeHeldOn(heldSince: Date, day: string, timeZone: string): boolean {
  return day >= campDay(heldSince, timeZone);
}

/** Where a child is on a day, from what was recorded. */
export function attendanceState(kinds: readonly string[]): AttendanceState {
  if (kinds.includes('check_out')) return 'out';
  if (kinds.includes('check_in')) return 'in';
  return 'expected';
}

/** When a session meets: its dates (none: all year) and weekdays (none: every day). */
export type SessionDays = Pick<CheckInSession, 'startDate' | 'endDate' | 'weekdays'>;

const meetsOn = (session: SessionDays, day: string) =>
  session.weekdays === null || session.weekdays.includes(new Date(`${day}T00:00:00Z`).getUTCDay());

const inDates = (session: SessionDays, day: string) =>
  (session.startDate === null || day >= session.startDate) &&
  (session.endDate === null || day <= session.endDate);

/** Whether the session meets on the day: within its dates, on one of its weekdays. */
export const sessionMeetsOn = (session: SessionDays, day: string) =>
  inDates(session, day) && meetsOn(session, day);

/**
 * The day a check-in screen opens on: today when the session meets today, else the latest
 * day it met before (or its first day, when it has not begun).
 */
export function defaultCheckInDay(session: SessionDays, today: string): string {
  let day = today;
  if (session.startDate !== null && day < session.startDate) day = session.startDate;
  if (session.endDate !== null && day > session.endDate) day = session.endDate;
  for (let step = 0; step < 7 && !meetsOn(session, day); step += 1) {
    const earlier = shiftDate(day, -1);
    if (!inDates(session, earlier)) break;
    day = earlier;
  }
  return day;
}

/** The session's next (1) or previous (-1) meeting day from a day, or null past its ends. */
export function nextMeetingDay(session: SessionDays, day: string, direction: 1 | -1): string | null {
  let candidate = day;
  for (let step = 0; step < 7; step += 1) {
    candidate = shiftDate(candidate, direction);
    if (!inDates(session, candidate)) return null;
    if (meetsOn(session, candidate)) return candidate;
  }
  return null;
}
