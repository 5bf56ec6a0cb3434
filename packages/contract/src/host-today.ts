import { z } from 'zod';
import { type SessionDays, sessionMeetsOn } from './check-in.ts';
import { shiftDate } from './sessions.ts';

/** How far ahead a host's home looks: today and the six days after it. */
export const HOST_WEEK_DAYS = 7;

/** The first day within the week from `today` that a session meets, or null. */
export function nextMeeting(session: SessionDays, today: string): string | null {
  for (let step = 0; step < HOST_WEEK_DAYS; step += 1) {
    const day = shiftDate(today, step);
    if (sessionMeetsOn(session, day)) return day;
  }
  return null;
}

/** A session meeting today or later this week, as a host's home lists it. */
export const todaySessionSchema = z.object({
  sessionId: z.number().int(),
  sessionName: z.string().nullable(),
  campId: z.number().int(),
  campName: z.string(),
  orgName: z.string(),
  /** Today where the camp is (decision 047). */
  today: z.string(),
  /** The first day it meets from today on, within the week. */
  meetsOn: z.string(),
  /** Children with a confirmed place. */
  places: z.number().int(),
  /** Of them, checked in today (0 when it does not meet today). */
  checkedIn: z.number().int(),
  /** Of them, children whose family still owes the camp's questions or waivers something. */
  formsMissing: z.number().int(),
});
export type TodaySession = z.infer<typeof todaySessionSchema>;

/** A place booked lately, as a host's home lists it. */
export const newPlaceSchema = z.object({
  registrationId: z.number().int(),
  childFirstName: z.string(),
  campId: z.number().int(),
  campName: z.string(),
  sessionName: z.string().nullable(),
  at: z.string(),
});

/** How many days ahead a host's home counts instalments as coming due. */
export const MONEY_DUE_DAYS = 30;

/** Families' instalments still to come in (decision 026), for those who see the money. */
export const moneyDueSchema = z.object({
  /** Scheduled to be charged within MONEY_DUE_DAYS. */
  dueSoonCents: z.number().int(),
  dueSoonCount: z.number().int(),
  /** Tried and failed, to be tried again or followed up. */
  failedCents: z.number().int(),
  failedCount: z.number().int(),
});
export type MoneyDue = z.infer<typeof moneyDueSchema>;

export const hostTodaySchema = z.object({
  /** Meeting today first, then later this week, each in order. */
  sessions: z.array(todaySessionSchema),
  /** Places confirmed in the last seven days, across the host's organisations. */
  newPlaces: z.object({ count: z.number().int(), latest: z.array(newPlaceSchema) }),
  /** Null for someone without the money right in any of the organisations. */
  moneyDue: moneyDueSchema.nullable(),
});
export type HostToday = z.infer<typeof hostTodaySchema>;
export const hostTodayResponse = z.object({ data: hostTodaySchema });
