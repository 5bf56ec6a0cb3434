import type { PopularPlace } from '@campwise/contract/search';
import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { camps, registrations } from '../../db/schema.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The ZIP (with its city and state) whose camps took the most confirmed places in the last
 * year: the home page's camps near a visitor it knows nothing of, with no address read from
 * the visitor (decision 068).
 */
export async function popularPlace(db: Database, now = new Date()): Promise<PopularPlace | null> {
  const places = sql<number>`count(*)`;
  const [top] = await db
    .select({ zip: camps.zip, city: camps.city, state: camps.state })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .where(
      and(
        eq(registrations.status, 'confirmed'),
        gte(registrations.createdAt, new Date(now.getTime() - YEAR_MS)),
        eq(camps.isVirtual, false),
        isNotNull(camps.zip),
        isNotNull(camps.city),
        isNotNull(camps.state),
      ),
    )
    .groupBy(camps.zip, camps.city, camps.state)
    .orderBy(desc(places), asc(camps.zip))
    .limit(1);
  return top?.zip && top.city && top.state ? { zip: top.zip, city: top.city, state: top.state } : null;
}
