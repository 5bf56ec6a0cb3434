import { campDay } from '@campwise/contract/camp-clock';
import {
  attendanceState,
  type CheckInEntry,
  type CheckInSheet,
  checkInDayRefusal,
  placeHeldOn,
} from '@campwise/contract/check-in';
import { ageOn } from '@campwise/contract/children';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  attendanceEvents,
  campSessions,
  camps,
  children,
  organizations,
  registrations,
  users,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { memberOf } from '../access/index.ts';
import { adultsOfChildren } from './pickup-adults.ts';

/** The host's session with its camp, or 404 (another host's looks like none). */
export async function hostSession(db: Database, hostId: number, sessionId: number) {
  const [session] = await db
    .select({
      id: campSessions.id,
      name: campSessions.name,
      status: campSessions.status,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      startTime: campSessions.startTime,
      endTime: campSessions.endTime,
      weekdays: campSessions.weekdays,
      campId: camps.id,
      campName: camps.name,
      timeZone: camps.timeZone,
    })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(campSessions.id, sessionId), memberOf(camps.orgId, hostId, 'check-in', campSessions.id)));
  if (!session) throw notFound(messages.sessionNotFound);
  return session;
}

export type HostSession = Awaited<ReturnType<typeof hostSession>>;

/** Refuses a day the session does not meet on (or that has not begun yet where the camp is). */
export function assertCheckInDay(session: HostSession, day: string, now: Date): void {
  const refusal = checkInDayRefusal(session, day, now);
  if (refusal) throw badRequest(refusal, { day: refusal });
}

/**
 * When a place came to its session: when it was taken, or its latest move to that session
 * (decision 017). It counts for check-in from then on (`placeHeldOn`).
 */
// Written out by table name: Drizzle leaves columns unqualified in a query of one table, which
// would make the outer query's columns the subquery's own.
export const placeHeldSince = sql<Date>`coalesce(
    (select max(moves.created_at) from place_transfers moves
      where moves.registration_id = registrations.id and moves.to_session_id = registrations.session_id),
    registrations.created_at)`.mapWith(registrations.createdAt);

/**
 * The children of a session's confirmed places held that day (one, when `childId` is given),
 * each with what was recorded for them that day and their authorised pickup adults. Only a
 * paid, confirmed place lets a host see a family's pickup adults.
 */
async function sheetEntries(
  db: Database,
  storage: FileStorage,
  session: { id: number; timeZone: string },
  day: string,
  childId?: number,
): Promise<CheckInEntry[]> {
  const sessionId = session.id;
  const confirmed = await db
    .select({
      registrationId: registrations.id,
      heldSince: placeHeldSince,
      childId: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthday: children.birthday,
      parentFirstName: users.firstName,
      parentLastName: users.lastName,
      parentPhone: users.phone,
    })
    .from(registrations)
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(users, eq(users.id, registrations.parentId))
    .where(
      and(
        eq(registrations.sessionId, sessionId),
        eq(registrations.status, 'confirmed'),
        childId === undefined ? undefined : eq(registrations.childId, childId),
      ),
    )
    .orderBy(asc(sql`lower(${children.firstName})`), asc(sql`lower(${children.lastName})`), asc(children.id));
  const places = confirmed.filter((place) => placeHeldOn(place.heldSince, day, session.timeZone));
  if (places.length === 0) return [];
  const childIds = places.map((place) => place.childId);
  const events = await db
    .select({
      childId: attendanceEvents.childId,
      kind: attendanceEvents.kind,
      at: attendanceEvents.at,
      personName: attendanceEvents.personName,
      relationship: attendanceEvents.relationship,
    })
    .from(attendanceEvents)
    .where(
      and(
        eq(attendanceEvents.sessionId, sessionId),
        eq(attendanceEvents.day, day),
        inArray(attendanceEvents.childId, childIds),
      ),
    )
    .orderBy(asc(attendanceEvents.at), asc(attendanceEvents.id));
  const adults = await adultsOfChildren(db, storage, childIds);
  return places.map(({ birthday, parentFirstName, parentLastName, heldSince: _, ...place }) => {
    const own = events.filter((event) => event.childId === place.childId);
    const checkIn = own.find((event) => event.kind === 'check_in');
    const checkOut = own.find((event) => event.kind === 'check_out');
    return {
      ...place,
      age: ageOn(birthday, day),
      parentName: `${parentFirstName} ${parentLastName}`,
      state: attendanceState(own.map((event) => event.kind)),
      checkedInAt: checkIn ? checkIn.at.toISOString() : null,
      checkedOutAt: checkOut ? checkOut.at.toISOString() : null,
      collectedBy: checkOut ? { name: checkOut.personName ?? '', relationship: checkOut.relationship } : null,
      refusals: own
        .filter((event) => event.kind === 'refused')
        .map((event) => ({ name: event.personName ?? '', at: event.at.toISOString() })),
      pickupAdults: adults.filter((adult) => adult.childId === place.childId),
    };
  });
}

/**
 * A session's check-in sheet for one day (today where the camp is, when none is asked for):
 * every child with a confirmed place. Any day can be read (a past one shows what happened); one
 * that takes no taps says why.
 */
export async function checkInSheet(
  db: Database,
  storage: FileStorage,
  hostId: number,
  sessionId: number,
  asked: string | undefined,
  now: Date = new Date(),
): Promise<Omit<CheckInSheet, 'allergies'>> {
  const session = await hostSession(db, hostId, sessionId);
  const today = campDay(now, session.timeZone);
  const day = asked ?? today;
  return {
    campId: session.campId,
    campName: session.campName,
    sessionId: session.id,
    sessionName: session.name,
    startDate: session.startDate,
    endDate: session.endDate,
    startTime: session.startTime,
    endTime: session.endTime,
    weekdays: session.weekdays,
    timeZone: session.timeZone,
    today,
    day,
    dayRefusal: checkInDayRefusal(session, day, now),
    children: await sheetEntries(db, storage, session, day),
  };
}

/** One child's line of the sheet, or 404 when the child holds no confirmed place there. */
export async function checkInEntry(
  db: Database,
  storage: FileStorage,
  session: { id: number; timeZone: string },
  day: string,
  childId: number,
): Promise<CheckInEntry> {
  const [entry] = await sheetEntries(db, storage, session, day, childId);
  if (!entry) throw notFound(messages.checkInChildNotFound);
  return entry;
}
