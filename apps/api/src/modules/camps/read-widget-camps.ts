import { campDay } from '@campwise/contract/camp-clock';
import type { CampSession } from '@campwise/contract/sessions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { camps, organizations } from '../../db/schema.ts';
import { fromSessionsJson, publicSessionsJson } from '../../shared/session-reads.ts';
import { isPubliclyListed, takesRegistrations } from './read-camps.ts';

/** A listed camp as the booking widget shows it: its ages and its sessions still to come. */
export interface WidgetCamp {
  id: number;
  name: string;
  minAge: number;
  maxAge: number;
  /** Whether its host can be paid yet (otherwise the widget leads to the camp's page). */
  takesRegistrations: boolean;
  sessions: CampSession[];
}

/**
 * An organisation's listed camps with their scheduled sessions that are not over where the camp
 * is, in one statement; camps left without such a session are left out.
 */
export async function listWidgetCamps(db: Database, orgId: number, now: Date): Promise<WidgetCamp[]> {
  const rows = await db
    .select({
      id: camps.id,
      name: camps.name,
      minAge: camps.minAge,
      maxAge: camps.maxAge,
      takesRegistrations,
      sessions: publicSessionsJson(sql`${camps.id}`),
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(camps.orgId, orgId), isPubliclyListed))
    .orderBy(sql`${camps.startDate} asc nulls last`, asc(camps.name), asc(camps.id));
  return rows.flatMap(({ sessions, ...camp }) => {
    const upcoming = fromSessionsJson(sessions).filter(
      (session) => session.endDate === null || session.endDate >= campDay(now, session.timeZone),
    );
    return upcoming.length > 0 ? [{ ...camp, sessions: upcoming }] : [];
  });
}
