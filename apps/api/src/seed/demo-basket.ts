import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campSessions, camps, children, organizations } from '../db/schema.ts';
import { setBasketChildren } from '../modules/family-basket/index.ts';
import { quoteBasket } from '../modules/registrations/index.ts';
import type { SeedContext } from './common.ts';

/**
 * The demo parent's family basket (decision 069), waiting to be paid: a week at one of the demo
 * host's camps for the first child and a week at another organisation's camp for the second, each
 * a session the child can have a place in (priced as the checkout would price it). Answers how
 * many sessions it holds.
 */
export async function fillDemoBasket(
  context: SeedContext,
  db: Database,
  ids: { parentId: number; hostId: number },
): Promise<number> {
  const soon = new Date(context.today.getTime() + 21 * 86_400_000).toISOString().slice(0, 10);
  const kids = await db
    .select({ id: children.id })
    .from(children)
    .where(eq(children.parentId, ids.parentId))
    .orderBy(asc(children.id));
  const candidates = (hostId: 'theirs' | 'others') =>
    db
      .select({ sessionId: campSessions.id, campId: camps.id })
      .from(campSessions)
      .innerJoin(camps, eq(camps.id, campSessions.campId))
      .innerJoin(organizations, eq(organizations.id, camps.orgId))
      .where(
        and(
          hostId === 'theirs' ? eq(organizations.hostId, ids.hostId) : ne(organizations.hostId, ids.hostId),
          eq(camps.listed, true),
          eq(campSessions.status, 'scheduled'),
          gt(campSessions.startDate, soon),
          sql`${campSessions.capacity} - ${campSessions.spotsTaken} >= 3`,
        ),
      )
      .orderBy(asc(campSessions.startDate), asc(campSessions.id))
      .limit(80);
  let added = 0;
  for (const [index, side] of (['theirs', 'others'] as const).entries()) {
    const child = kids[index];
    if (!child) break;
    for (const { sessionId, campId } of await candidates(side)) {
      // A session the child can come to and has no place or overlap in: the checkout prices it.
      const fits = await quoteBasket(db, ids.parentId, campId, {
        lines: [{ childId: child.id, sessionId }],
      }).then(
        (quote) => quote.lines.every((line) => line.placement === 'place'),
        () => false,
      );
      if (!fits) continue;
      await setBasketChildren(db, ids.parentId, sessionId, { childIds: [child.id] });
      added += 1;
      break;
    }
  }
  return added;
}
