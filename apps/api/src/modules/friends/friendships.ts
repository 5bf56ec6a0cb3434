import type { Friend } from '@campwise/contract/friends';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { children, friendShares, friendships, users } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';

/** A friendship row's two parents: the lower id first. */
export const friendPair = (one: number, other: number) => ({
  parentAId: Math.min(one, other),
  parentBId: Math.max(one, other),
});

export async function friendshipBetween(db: Database, one: number, other: number): Promise<boolean> {
  const pair = friendPair(one, other);
  const [row] = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(and(eq(friendships.parentAId, pair.parentAId), eq(friendships.parentBId, pair.parentBId)));
  return row !== undefined;
}

/** The parent's friendships, with the other family's parent, oldest first; `id` narrows to one. */
export async function friendshipsOf(db: Database, parentId: number, id?: number) {
  const otherId = sql<number>`case when ${friendships.parentAId} = ${parentId} then ${friendships.parentBId} else ${friendships.parentAId} end`;
  return await db
    .select({
      id: friendships.id,
      friendId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      since: friendships.createdAt,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherId))
    .where(
      and(
        or(eq(friendships.parentAId, parentId), eq(friendships.parentBId, parentId)),
        id === undefined ? undefined : eq(friendships.id, id),
      ),
    )
    .orderBy(asc(friendships.createdAt), asc(friendships.id));
}

/** Every share of these friendships, with the child's first name and parent. */
export async function sharesOf(db: Database, friendshipIds: number[]) {
  if (friendshipIds.length === 0) return [];
  return await db
    .select({
      friendshipId: friendShares.friendshipId,
      childId: children.id,
      firstName: children.firstName,
      parentId: children.parentId,
    })
    .from(friendShares)
    .innerJoin(children, eq(children.id, friendShares.childId))
    .where(inArray(friendShares.friendshipId, friendshipIds))
    .orderBy(asc(children.firstName), asc(children.id));
}

export async function friendsOf(db: Database, parentId: number, id?: number): Promise<Friend[]> {
  const rows = await friendshipsOf(db, parentId, id);
  const shares = await sharesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const mine = shares.filter((share) => share.friendshipId === row.id);
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      since: row.since.toISOString(),
      theirSharedChildren: mine
        .filter((share) => share.parentId === row.friendId)
        .map((share) => share.firstName),
      sharedChildIds: mine.filter((share) => share.parentId === parentId).map((share) => share.childId),
    };
  });
}

export async function readFriend(db: Database, parentId: number, friendshipId: number): Promise<Friend> {
  const [friend] = await friendsOf(db, parentId, friendshipId);
  if (!friend) throw notFound(messages.friendNotFound);
  return friend;
}

/**
 * Shares one of the parent's children's sessions with a friend family, or stops at once. Only
 * the child's own parent decides; saying the same twice changes nothing.
 */
export async function setShare(
  db: Database,
  parentId: number,
  friendshipId: number,
  childId: number,
  shared: boolean,
): Promise<{ childId: number; shared: boolean }> {
  const [friendship] = await friendshipsOf(db, parentId, friendshipId);
  if (!friendship) throw notFound(messages.friendNotFound);
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  if (!child) throw notFound(messages.friendChildNotFound);
  if (shared) {
    await db.insert(friendShares).values({ friendshipId, childId }).onConflictDoNothing();
  } else {
    await db
      .delete(friendShares)
      .where(and(eq(friendShares.friendshipId, friendshipId), eq(friendShares.childId, childId)));
  }
  return { childId, shared };
}

/** Ends a friendship: both families stop sharing with each other at once. */
export async function endFriendship(db: Database, parentId: number, friendshipId: number): Promise<void> {
  const deleted = await db
    .delete(friendships)
    .where(
      and(
        eq(friendships.id, friendshipId),
        or(eq(friendships.parentAId, parentId), eq(friendships.parentBId, parentId)),
      ),
    )
    .returning({ id: friendships.id });
  if (deleted.length === 0) throw notFound(messages.friendNotFound);
}
