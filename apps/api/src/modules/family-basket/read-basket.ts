import type { BasketCamp, BasketSession, FamilyBasket } from '@campwise/contract/family-basket';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { basketSessions, campSessions, camps, children, organizations } from '../../db/schema.ts';
import { isPubliclyListed } from '../camps/index.ts';

/**
 * The parent's family basket, camp by camp in the order each camp's first session was added,
 * each session with what it costs and how many spots it has now. A child no longer on the
 * account is left out of the children chosen.
 */
export async function readBasket(db: Database, parentId: number): Promise<FamilyBasket> {
  const [rows, family] = await Promise.all([
    db
      .select({
        sessionId: campSessions.id,
        sessionName: campSessions.name,
        startDate: campSessions.startDate,
        endDate: campSessions.endDate,
        startTime: campSessions.startTime,
        endTime: campSessions.endTime,
        weekdays: campSessions.weekdays,
        priceCents: campSessions.priceCents,
        seenPriceCents: basketSessions.seenPriceCents,
        spotsLeft: sql<number>`greatest(0, ${campSessions.capacity} - ${campSessions.spotsTaken})::int`,
        allowsWaitlist: campSessions.allowsWaitlist,
        bookable: sql<boolean>`(${campSessions.status} = 'scheduled' and coalesce(${isPubliclyListed}, false))`,
        childIds: basketSessions.childIds,
        campId: camps.id,
        campName: camps.name,
        orgName: organizations.name,
        city: camps.city,
        state: camps.state,
        isVirtual: camps.isVirtual,
      })
      .from(basketSessions)
      .innerJoin(campSessions, eq(campSessions.id, basketSessions.sessionId))
      .innerJoin(camps, eq(camps.id, campSessions.campId))
      .innerJoin(organizations, eq(organizations.id, camps.orgId))
      .where(eq(basketSessions.parentId, parentId))
      .orderBy(
        asc(basketSessions.addedAt),
        sql`${campSessions.startDate} asc nulls last`,
        asc(campSessions.id),
      ),
    db.select({ id: children.id }).from(children).where(eq(children.parentId, parentId)),
  ]);
  const ours = new Set(family.map((child) => child.id));
  const byCamp = new Map<number, BasketCamp>();
  for (const { campId, campName, orgName, city, state, isVirtual, childIds, ...session } of rows) {
    const camp = byCamp.get(campId) ?? { campId, campName, orgName, city, state, isVirtual, sessions: [] };
    byCamp.set(campId, camp);
    const line: BasketSession = { ...session, childIds: childIds.filter((id) => ours.has(id)) };
    camp.sessions.push(line);
  }
  // Within a camp, its sessions in the order they meet.
  for (const camp of byCamp.values()) {
    camp.sessions.sort(
      (a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.sessionId - b.sessionId,
    );
  }
  return { camps: [...byCamp.values()], sessionCount: rows.length };
}
