import { messages } from '@campwise/contract/messages';
import {
  criteriaKey,
  describeSearch,
  SAVED_SEARCH_LIMIT,
  type SavedSearch,
  type saveSearchBody,
  searchCriteria,
} from '@campwise/contract/saved-searches';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { savedSearches, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { resolveSearch } from '../search/index.ts';

type SavedSearchRow = typeof savedSearches.$inferSelect;

const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  description: describeSearch(row.criteria),
  criteria: row.criteria,
  digest: row.digest,
  createdAt: row.createdAt.toISOString(),
  lastDigestSentAt: row.digestSentAt?.toISOString() ?? null,
});

/** A parent's saved searches, oldest first. */
export async function listSavedSearches(db: Database, parentId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.parentId, parentId))
    .orderBy(asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/**
 * Saves a search with its weekly digest on. The same search twice, or more than the limit, is
 * refused with a message that says so; the parent's row is locked so two tabs cannot pass the
 * limit together. Without a name, the search is named by its filters.
 */
export async function saveSearch(
  db: Database,
  parentId: number,
  body: z.output<typeof saveSearchBody>,
  now: Date = new Date(),
): Promise<SavedSearch> {
  // An unknown ZIP is refused here, as the search itself refuses it.
  resolveSearch(body.search);
  const criteria = searchCriteria(body.search);
  const key = criteriaKey(criteria);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, parentId)).for('update');
    const [same] = await tx
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(and(eq(savedSearches.parentId, parentId), eq(savedSearches.criteriaKey, key)));
    if (same) throw conflict(messages.savedSearchDuplicate.replace('{name}', same.name));
    const [kept] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.parentId, parentId));
    if ((kept?.n ?? 0) >= SAVED_SEARCH_LIMIT) throw conflict(messages.savedSearchLimit);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        parentId,
        name: body.name ?? describeSearch(criteria),
        criteria,
        criteriaKey: key,
        digest: true,
        digestCheckedAt: now,
        createdAt: now,
      })
      .returning();
    if (!row) throw notFound(messages.savedSearchNotFound);
    return toSavedSearch(row);
  });
}

/**
 * Turns a saved search's weekly digest on or off. Turning it back on starts a new week from now:
 * sessions added while it was off are not sent as news.
 */
export async function setSavedSearchDigest(
  db: Database,
  parentId: number,
  id: number,
  digest: boolean,
  now: Date = new Date(),
): Promise<SavedSearch> {
  const [row] = await db
    .update(savedSearches)
    .set({
      digest,
      digestCheckedAt: digest
        ? sql`case when ${savedSearches.digest} then ${savedSearches.digestCheckedAt} else ${now.toISOString()}::timestamptz end`
        : savedSearches.digestCheckedAt,
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.parentId, parentId)))
    .returning();
  if (!row) throw notFound(messages.savedSearchNotFound);
  return toSavedSearch(row);
}

export async function removeSavedSearch(db: Database, parentId: number, id: number): Promise<void> {
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.parentId, parentId)))
    .returning({ id: savedSearches.id });
  if (removed.length === 0) throw notFound(messages.savedSearchNotFound);
}
