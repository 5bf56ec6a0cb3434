import type { FriendsOverview } from '@campwise/contract/friends';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { children } from '../../db/schema.ts';
import { friendsOf } from './friendships.ts';
import { pendingInvitations } from './invitations.ts';

/** The friends page: the parent's children, friends and open invitations. */
export async function readFriendsOverview(
  db: Database,
  parentId: number,
  now = new Date(),
): Promise<FriendsOverview> {
  const kids = await db
    .select({ id: children.id, firstName: children.firstName })
    .from(children)
    .where(eq(children.parentId, parentId))
    .orderBy(asc(children.firstName), asc(children.id));
  return {
    children: kids,
    friends: await friendsOf(db, parentId),
    invitations: await pendingInvitations(db, parentId, now),
  };
}
