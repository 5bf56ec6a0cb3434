import { campDay } from '@campwise/contract/camp-clock';
import { messages } from '@campwise/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campDailyViews, camps, orgDailyViews } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { isPubliclyListed } from '../camps/index.ts';

/**
 * Counts one opening of a listed camp's public profile on today's counters (today where the camp
 * is, its organisation's day), the camp's and its organisation's. Only the count is kept: nothing about who looked. A camp families cannot
 * see is 404, as on its profile.
 */
export async function countCampView(db: Database, campId: number, now: Date): Promise<void> {
  const [camp] = await db
    .select({ orgId: camps.orgId, timeZone: camps.timeZone })
    .from(camps)
    .where(and(eq(camps.id, campId), isPubliclyListed));
  if (!camp) throw notFound(messages.campNotFound);
  const day = campDay(now, camp.timeZone);
  await db.transaction(async (tx) => {
    await tx
      .insert(campDailyViews)
      .values({ campId, day, views: 1 })
      .onConflictDoUpdate({
        target: [campDailyViews.campId, campDailyViews.day],
        set: { views: sql`${campDailyViews.views} + 1` },
      });
    await tx
      .insert(orgDailyViews)
      .values({ orgId: camp.orgId, day, views: 1 })
      .onConflictDoUpdate({
        target: [orgDailyViews.orgId, orgDailyViews.day],
        set: { views: sql`${orgDailyViews.views} + 1` },
      });
  });
}
