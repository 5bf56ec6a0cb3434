import {
  type BasketChildrenBody,
  type FamilyBasket,
  MAX_BASKET_SESSIONS,
} from '@campwise/contract/family-basket';
import { messages } from '@campwise/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { basketSessions, campSessions, camps, children } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isPubliclyListed } from '../camps/index.ts';
import { readBasket } from './read-basket.ts';

/**
 * Puts a session in the basket (a scheduled session of a listed camp), or changes the children
 * chosen for one already there; the price it had when added stays, so a change is flagged.
 */
export async function setBasketChildren(
  db: Database,
  parentId: number,
  sessionId: number,
  { childIds }: BasketChildrenBody,
): Promise<FamilyBasket> {
  if (childIds.length > 0) {
    const ours = await db
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.parentId, parentId), inArray(children.id, childIds)));
    if (ours.length !== childIds.length) throw notFound(messages.childNotFound);
  }
  await db.transaction(async (tx) => {
    // One parent's basket changes one at a time, so two tabs cannot take it past its size.
    await queryRows(tx, sql`select pg_advisory_xact_lock(${parentId}::int, 0)`);
    const changed = await tx
      .update(basketSessions)
      .set({ childIds })
      .where(and(eq(basketSessions.parentId, parentId), eq(basketSessions.sessionId, sessionId)))
      .returning({ sessionId: basketSessions.sessionId });
    if (changed.length > 0) return;
    const [session] = await tx
      .select({ priceCents: campSessions.priceCents })
      .from(campSessions)
      .innerJoin(camps, eq(camps.id, campSessions.campId))
      .where(and(eq(campSessions.id, sessionId), eq(campSessions.status, 'scheduled'), isPubliclyListed));
    if (!session) throw notFound(messages.sessionNotFound);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(basketSessions)
      .where(eq(basketSessions.parentId, parentId));
    if ((held?.count ?? 0) >= MAX_BASKET_SESSIONS) {
      throw new AppError(409, 'BASKET_FULL', messages.familyBasketTooLarge);
    }
    await tx
      .insert(basketSessions)
      .values({ parentId, sessionId, childIds, seenPriceCents: session.priceCents });
  });
  return readBasket(db, parentId);
}

export async function removeBasketSession(
  db: Database,
  parentId: number,
  sessionId: number,
): Promise<FamilyBasket> {
  const removed = await db
    .delete(basketSessions)
    .where(and(eq(basketSessions.parentId, parentId), eq(basketSessions.sessionId, sessionId)))
    .returning({ sessionId: basketSessions.sessionId });
  if (removed.length === 0) throw notFound(messages.basketSessionNotFound);
  return readBasket(db, parentId);
}

/** Takes children who now hold a place (or a waitlist place) out of the basket; an emptied session goes. */
export async function takeOutPlaced(
  db: Database,
  parentId: number,
  lines: readonly { childId: number; sessionId: number }[],
): Promise<void> {
  const sessionIds = [...new Set(lines.map((line) => line.sessionId))];
  if (sessionIds.length === 0) return;
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`select pg_advisory_xact_lock(${parentId}::int, 0)`);
    const rows = await tx
      .select({ sessionId: basketSessions.sessionId, childIds: basketSessions.childIds })
      .from(basketSessions)
      .where(and(eq(basketSessions.parentId, parentId), inArray(basketSessions.sessionId, sessionIds)));
    for (const row of rows) {
      const placed = new Set(
        lines.filter((line) => line.sessionId === row.sessionId).map((line) => line.childId),
      );
      const left = row.childIds.filter((id) => !placed.has(id));
      const where = and(eq(basketSessions.parentId, parentId), eq(basketSessions.sessionId, row.sessionId));
      if (left.length === 0) await tx.delete(basketSessions).where(where);
      else await tx.update(basketSessions).set({ childIds: left }).where(where);
    }
  });
}
