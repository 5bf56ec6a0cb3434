import type { CampSession, HostCampSession } from '@campwise/contract/sessions';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { fromJson } from '../db/raw.ts';
import { campSessions } from '../db/schema.ts';

export const sessionColumns = {
  id: campSessions.id,
  campId: campSessions.campId,
  name: campSessions.name,
  startDate: campSessions.startDate,
  endDate: campSessions.endDate,
  startTime: campSessions.startTime,
  endTime: campSessions.endTime,
  weekdays: campSessions.weekdays,
  priceCents: campSessions.priceCents,
  capacity: campSessions.capacity,
  spotsTaken: campSessions.spotsTaken,
  allowsWaitlist: campSessions.allowsWaitlist,
  registrationOpensAt: campSessions.registrationOpensAt,
  registrationClosesAt: campSessions.registrationClosesAt,
  status: campSessions.status,
  /** The camp's zone (decision 047); by table name, as a select of one table leaves columns bare. */
  timeZone: sql<string>`(select c.time_zone from camps c where c.id = camp_sessions.camp_id)`,
};

const sessionRows = (db: Database) => db.select(sessionColumns).from(campSessions);
export type SessionRow = Awaited<ReturnType<typeof sessionRows>>[number];

/** First session first; year-round ones (no dates) after dated ones, then by id. */
export const sessionOrder = [
  sql`${campSessions.startDate} asc nulls last`,
  asc(campSessions.startTime),
  asc(campSessions.id),
];

export function toCampSession({ spotsTaken, ...row }: SessionRow): CampSession {
  return {
    ...row,
    spotsLeft: row.status === 'scheduled' ? Math.max(0, row.capacity - spotsTaken) : 0,
    registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
    registrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
  };
}

/** A session as publicSessionsJson builds it: its moments as JSON text. */
type SessionJson = Omit<SessionRow, 'registrationOpensAt' | 'registrationClosesAt'> & {
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
};

/**
 * The scheduled sessions of the camp `campId` (a column of the statement it is part of) as one
 * JSON array in session order, so a camp's profile reads them in its own statement
 * (fromSessionsJson reads them back).
 */
export function publicSessionsJson(campId: SQL): SQL<SessionJson[] | string> {
  const fields = Object.entries(sessionColumns).map(([name, column]) => sql`${name}::text, ${column}`);
  return sql<SessionJson[] | string>`(select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})
      order by ${sql.join(sessionOrder, sql`, `)}), '[]'::json)
    from ${campSessions} where ${campSessions.campId} = ${campId} and ${campSessions.status} = 'scheduled')`;
}

export function fromSessionsJson(value: SessionJson[] | string): CampSession[] {
  return fromJson(value).map((row) =>
    toCampSession({
      ...row,
      registrationOpensAt: row.registrationOpensAt === null ? null : new Date(row.registrationOpensAt),
      registrationClosesAt: row.registrationClosesAt === null ? null : new Date(row.registrationClosesAt),
    }),
  );
}

/** A camp's sessions as its host sees them: cancelled ones too, with places taken and paid. */
export async function listCampSessionsForHost(db: Database, campId: number): Promise<HostCampSession[]> {
  const rows = await db
    .select({
      ...sessionColumns,
      // Written out in full: a select from one table names its columns without the table, and
      // inside the subquery a bare "id" would be the registration's.
      paidPlaces: sql<number>`(select count(*)::int from registrations r where r.session_id = camp_sessions.id and r.status in ('confirmed', 'pending_payment'))`,
      waitlisted: sql<number>`(select count(*)::int from registrations r where r.session_id = camp_sessions.id and r.status = 'waitlisted')`,
    })
    .from(campSessions)
    .where(eq(campSessions.campId, campId))
    .orderBy(...sessionOrder);
  return rows.map(({ paidPlaces, waitlisted, ...row }) => ({
    ...toCampSession(row),
    spotsTaken: row.spotsTaken,
    paidPlaces,
    waitlisted,
  }));
}

/**
 * Locks every session of a camp, in id order, for the rest of the transaction. Changes to a
 * camp's sessions and to their places take these locks first (then, through the summary
 * trigger, the camp row), so two transactions always lock in the same order.
 */
export async function lockCampSessions(db: Database, campId: number) {
  return db
    .select(sessionColumns)
    .from(campSessions)
    .where(eq(campSessions.campId, campId))
    .orderBy(asc(campSessions.id))
    .for('update');
}
