import { ACTIVE_PLACE_STATUSES } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, registrations } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { isPubliclyListed } from '../camps/index.ts';

/**
 * A camp whose forms a parent may read and answer: a listed camp (they may be about to book it),
 * or one where the family holds or held a place. Anything else is "not found".
 */
export async function campForParent(db: Database, parentId: number, campId: number) {
  const [camp] = await db
    .select({ id: camps.id, name: camps.name, timeZone: organizations.timeZone })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(camps.id, campId),
        or(
          isPubliclyListed,
          sql`exists (select 1 from ${registrations} r join ${campSessions} s on s.id = r.session_id
            where s.camp_id = ${camps.id} and r.parent_id = ${parentId})`,
        ),
      ),
    );
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

/** The family's active places at a camp: which child, and when its session starts. */
export async function familyPlaces(db: Database, parentId: number, campId: number) {
  return db
    .select({ childId: registrations.childId, startDate: campSessions.startDate })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(
      and(
        eq(registrations.parentId, parentId),
        eq(campSessions.campId, campId),
        inArray(registrations.status, [...ACTIVE_PLACE_STATUSES]),
      ),
    );
}

export async function parentChildren(db: Database, parentId: number) {
  return db
    .select({ id: children.id, firstName: children.firstName, lastName: children.lastName })
    .from(children)
    .where(eq(children.parentId, parentId))
    .orderBy(children.id);
}
