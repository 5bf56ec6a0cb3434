import type { AccountExport } from '@campwise/contract/privacy';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { children, friendInvitations, friendShares, friendships } from '../../db/schema.ts';
import { friendshipsOf } from './friendships.ts';

/** A parent's friends, sent invitations and shares, for the data export (decision 020). */
export async function friendRecords(
  db: Database,
  parentId: number,
): Promise<Pick<AccountExport, 'friends' | 'friendInvitations' | 'friendShares'>> {
  const friends = await friendshipsOf(db, parentId);
  const invitations = await db
    .select({
      email: friendInvitations.email,
      createdAt: friendInvitations.createdAt,
      expiresAt: friendInvitations.expiresAt,
      acceptedAt: friendInvitations.acceptedAt,
    })
    .from(friendInvitations)
    .where(eq(friendInvitations.inviterId, parentId))
    .orderBy(asc(friendInvitations.id));
  const shares =
    friends.length === 0
      ? []
      : await db
          .select({
            friendshipId: friendShares.friendshipId,
            childId: friendShares.childId,
            since: friendShares.createdAt,
          })
          .from(friendShares)
          .innerJoin(children, eq(children.id, friendShares.childId))
          .where(
            and(
              eq(children.parentId, parentId),
              inArray(
                friendShares.friendshipId,
                friends.map((friend) => friend.id),
              ),
            ),
          )
          .orderBy(asc(friendShares.childId), asc(friendShares.friendshipId));
  return {
    friends: friends.map((friend) => ({
      firstName: friend.firstName,
      lastName: friend.lastName,
      since: friend.since.toISOString(),
    })),
    friendInvitations: invitations.map((invitation) => ({
      email: invitation.email,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      acceptedAt: invitation.acceptedAt ? invitation.acceptedAt.toISOString() : null,
    })),
    friendShares: shares.flatMap((share) => {
      const friend = friends.find((one) => one.id === share.friendshipId);
      return friend
        ? [
            {
              childId: share.childId,
              friendFirstName: friend.firstName,
              friendLastName: friend.lastName,
              since: share.since.toISOString(),
            },
          ]
        : [];
    }),
  };
}

/**
 * Erasing an account ends its friendships (the shares of both families go with them), and removes
 * the invitations it sent and those still waiting at its address.
 */
export async function eraseFriends(db: Database, parentId: number, email: string): Promise<void> {
  await db
    .delete(friendships)
    .where(or(eq(friendships.parentAId, parentId), eq(friendships.parentBId, parentId)));
  await db
    .delete(friendInvitations)
    .where(
      or(eq(friendInvitations.inviterId, parentId), sql`lower(${friendInvitations.email}) = lower(${email})`),
    );
}
