import { campMoment, campWallClock } from '@campwise/contract/camp-clock';
import { messages } from '@campwise/contract/messages';
import {
  type HostCampSession,
  type SessionData,
  sessionsOverlap,
  shiftDate,
} from '@campwise/contract/sessions';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions } from '../../db/schema.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { listCampSessionsForHost, lockCampSessions, type SessionRow } from '../../shared/session-reads.ts';
import { campAccess, sessionAccess } from '../access/index.ts';

/**
 * The rules that need the camp: dates unless the camp is year-round, no overlap with another
 * scheduled session of the camp, and a capacity not below the places already taken.
 */
function checkAgainstCamp(
  data: SessionData,
  camp: { isYearRound: boolean },
  siblings: SessionRow[],
  current: SessionRow | null,
) {
  if (!camp.isYearRound && data.startDate === null) {
    throw badRequest(messages.sessionDatesRequired, {
      startDate: messages.sessionDatesRequired,
      endDate: messages.sessionDatesRequired,
    });
  }
  const clash = siblings.find(
    (other) => other.status === 'scheduled' && other.id !== current?.id && sessionsOverlap(data, other),
  );
  if (clash) throw conflict(messages.sessionOverlaps.replace('{name}', clash.name));
  if (current && data.capacity < current.spotsTaken) {
    throw conflict(messages.sessionCapacityBelowTaken.replace('{count}', String(current.spotsTaken)));
  }
}

/** The window's wall-clock ends ("yyyy-MM-ddTHH:mm") as instants where the camp is (decision 047). */
const instantAt = (wall: string | null, timeZone: string) =>
  wall ? campMoment(wall.slice(0, 10), wall.slice(11, 16), timeZone) : null;

const columnsOf = (data: SessionData, timeZone: string) => ({
  ...data,
  registrationOpensAt: instantAt(data.registrationOpensAt, timeZone),
  registrationClosesAt: instantAt(data.registrationClosesAt, timeZone),
});

/** An instant a week later on the camp's wall clock (the same local time across a clock change). */
const weekLater = (at: Date | null, timeZone: string) => {
  if (!at) return null;
  const wall = campWallClock(at, timeZone);
  return `${shiftDate(wall.slice(0, 10), 7)}${wall.slice(10)}`;
};

async function hostView(db: Database, campId: number, sessionId: number): Promise<HostCampSession> {
  const session = (await listCampSessionsForHost(db, campId)).find((row) => row.id === sessionId);
  if (!session) throw new Error('the saved session is missing');
  return session;
}

export async function addSession(
  db: Database,
  hostId: number,
  campId: number,
  data: SessionData,
): Promise<HostCampSession> {
  const camp = await campAccess(db, hostId, campId, 'camps:manage');
  const id = await db.transaction(async (tx) => {
    const siblings = await lockCampSessions(tx, campId);
    checkAgainstCamp(data, camp, siblings, null);
    const [row] = await tx
      .insert(campSessions)
      .values({ ...columnsOf(data, camp.timeZone), campId })
      .returning({ id: campSessions.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  });
  return hostView(db, campId, id);
}

/**
 * Changes a session. A new price applies to new places only: what families paid is stored on
 * their registrations and never re-priced.
 */
export async function editSession(
  db: Database,
  hostId: number,
  sessionId: number,
  data: SessionData,
): Promise<HostCampSession> {
  const session = await sessionAccess(db, hostId, sessionId, 'camps:manage');
  if (session.status === 'cancelled') throw conflict(messages.sessionCancelled);
  await db.transaction(async (tx) => {
    const siblings = await lockCampSessions(tx, session.campId);
    const current = siblings.find((row) => row.id === sessionId) ?? null;
    if (!current || current.status === 'cancelled') throw conflict(messages.sessionCancelled);
    checkAgainstCamp(data, session, siblings, current);
    await tx
      .update(campSessions)
      .set({ ...columnsOf(data, session.timeZone), updatedAt: new Date() })
      .where(eq(campSessions.id, sessionId));
  });
  return hostView(db, session.campId, sessionId);
}

/**
 * "Copy to the next week": the same session seven days later (dates and registration window
 * shifted), named after the original with the week counted on. Year-round sessions have no week.
 */
export async function copySessionToNextWeek(
  db: Database,
  hostId: number,
  sessionId: number,
): Promise<HostCampSession> {
  const session = await sessionAccess(db, hostId, sessionId, 'camps:manage');
  if (session.startDate === null || session.endDate === null) throw conflict(messages.sessionCopyNeedsDates);
  const data: SessionData = {
    name: nextName(session.name),
    startDate: shiftDate(session.startDate, 7),
    endDate: shiftDate(session.endDate, 7),
    startTime: session.startTime,
    endTime: session.endTime,
    weekdays: session.weekdays,
    priceCents: session.priceCents,
    capacity: session.capacity,
    allowsWaitlist: session.allowsWaitlist,
    registrationOpensAt: weekLater(session.registrationOpensAt, session.timeZone),
    registrationClosesAt: weekLater(session.registrationClosesAt, session.timeZone),
  };
  return addSession(db, hostId, session.campId, data);
}

/** "Week 1" → "Week 2"; a name without a number at its end gets " (copy)". */
export function nextName(name: string): string {
  const match = /^(.*?)(\d+)$/.exec(name);
  return match ? `${match[1]}${Number(match[2]) + 1}` : `${name} (copy)`.slice(0, 80);
}
