import { messages } from '@campwise/contract/messages';
import type { Maybe, SaveMaybeBody } from '@campwise/contract/planner';
import { and, asc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, savedSessions } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { isPubliclyListed } from '../camps/index.ts';

const maybeColumns = {
  id: savedSessions.id,
  childId: savedSessions.childId,
  campId: camps.id,
  campName: camps.name,
  sessionId: campSessions.id,
  sessionName: campSessions.name,
  sessionCount: camps.sessionCount,
  startDate: campSessions.startDate,
  endDate: campSessions.endDate,
  startTime: campSessions.startTime,
  endTime: campSessions.endTime,
  weekdays: campSessions.weekdays,
  priceCents: campSessions.priceCents,
  spotsLeft: sql<number>`greatest(0, ${campSessions.capacity} - ${campSessions.spotsTaken})::int`,
  allowsWaitlist: campSessions.allowsWaitlist,
  city: camps.city,
  state: camps.state,
  isVirtual: camps.isVirtual,
  bookable: sql<boolean>`(${campSessions.status} = 'scheduled' and coalesce(${isPubliclyListed}, false))`,
};

/** The parent's maybes, soonest first; `where` narrows them (the planner's range). */
export async function listMaybes(db: Database, parentId: number, where?: SQL): Promise<Maybe[]> {
  const rows = await db
    .select(maybeColumns)
    .from(savedSessions)
    .innerJoin(campSessions, eq(campSessions.id, savedSessions.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(and(eq(savedSessions.parentId, parentId), where))
    .orderBy(sql`${campSessions.startDate} asc nulls last`, asc(savedSessions.id));
  return rows.map(({ sessionCount, ...row }) => ({ ...row, severalSessions: sessionCount > 1 }));
}

/** Maybes whose session meets between the dates (and year-round ones). */
export function maybesIn(from: string, to: string): SQL | undefined {
  return or(
    isNull(campSessions.startDate),
    and(
      lte(campSessions.startDate, to),
      sql`coalesce(${campSessions.endDate}, ${campSessions.startDate}) >= ${from}`,
    ),
  );
}

/**
 * Saves a session of a listed camp as a maybe for one of the parent's children. Saving it again
 * changes nothing and answers the same maybe (`created` false).
 */
export async function saveMaybe(
  db: Database,
  parentId: number,
  body: SaveMaybeBody,
): Promise<{ maybe: Maybe; created: boolean }> {
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, body.childId), eq(children.parentId, parentId)));
  if (!child) throw notFound(messages.childNotFound);
  const [session] = await db
    .select({ id: campSessions.id })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(and(eq(campSessions.id, body.sessionId), eq(campSessions.status, 'scheduled'), isPubliclyListed));
  if (!session) throw notFound(messages.sessionNotFound);
  const inserted = await db
    .insert(savedSessions)
    .values({ parentId, childId: body.childId, sessionId: body.sessionId })
    .onConflictDoNothing()
    .returning({ id: savedSessions.id });
  const [maybe] = await listMaybes(
    db,
    parentId,
    and(eq(savedSessions.childId, body.childId), eq(savedSessions.sessionId, body.sessionId)),
  );
  if (!maybe) throw notFound(messages.sessionNotFound);
  return { maybe, created: inserted.length > 0 };
}

export async function removeMaybe(db: Database, parentId: number, id: number): Promise<void> {
  const removed = await db
    .delete(savedSessions)
    .where(and(eq(savedSessions.id, id), eq(savedSessions.parentId, parentId)))
    .returning({ id: savedSessions.id });
  if (removed.length === 0) throw notFound(messages.maybeNotFound);
}
