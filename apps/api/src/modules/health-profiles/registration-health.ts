import { messages } from '@campwise/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { childHealthProfiles, children } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';

/**
 * Copies each child's health profile, still sealed, to the places just taken: the version the
 * parent reviewed at checkout is the one the camp's hosts are shown. Runs in the transaction
 * that takes the places; a child without a profile has no copy until the parent fills it in.
 */
export async function snapshotHealthProfiles(tx: Database, registrationIds: number[]): Promise<void> {
  if (registrationIds.length === 0) return;
  await queryRows(
    tx,
    sql`insert into registration_health_snapshots (registration_id, profile_sealed, version)
        select r.id, p.profile_sealed, p.version
        from registrations r join child_health_profiles p on p.child_id = r.child_id
        where r.id in (${sql.join(
          registrationIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        on conflict (registration_id) do nothing`,
  );
}

/**
 * "Still correct?" answered at checkout: each reviewed version must be the profile's current
 * one, or the parent reviewed something that has since changed (in another tab, say) and is
 * asked to look again before anything is charged.
 */
export async function checkHealthReviews(
  db: Database,
  parentId: number,
  reviews: { childId: number; version: number }[],
): Promise<void> {
  if (reviews.length === 0) return;
  const rows = await db
    .select({ id: children.id, firstName: children.firstName, version: childHealthProfiles.version })
    .from(children)
    .leftJoin(childHealthProfiles, eq(childHealthProfiles.childId, children.id))
    .where(
      and(
        eq(children.parentId, parentId),
        inArray(
          children.id,
          reviews.map((review) => review.childId),
        ),
      ),
    );
  for (const review of reviews) {
    const row = rows.find((child) => child.id === review.childId);
    if (!row) throw notFound(messages.childNotFound);
    if (row.version !== review.version) {
      throw new AppError(
        409,
        'HEALTH_PROFILE_CHANGED',
        messages.healthProfileChanged.replace('{name}', row.firstName),
      );
    }
  }
}
