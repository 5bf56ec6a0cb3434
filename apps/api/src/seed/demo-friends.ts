import { childBody } from '@campwise/contract/children';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campSessions, children, friendShares, friendships, registrations } from '../db/schema.ts';
import { saveCard } from '../modules/cards/index.ts';
import { createChild } from '../modules/children/index.ts';
import { friendPair } from '../modules/friends/index.ts';
import { registerBasket } from '../modules/registrations/index.ts';
import { demoCard, insertUser, isoDay, type SeedContext } from './common.ts';

/** The demo parent's friend family (decision 020); signs in with the demo password. */
export const DEMO_FRIEND_EMAIL = 'friend@demo.campwise.test';

/**
 * A second family, the Lees, friends with the demo parent: their Ava has a place in the first
 * booked week of the demo parent's camp, and each family shares one child with the other, so the
 * demo parent reads "Ava (friend of Maya) is going" on that camp's page and in the planner.
 * Answers the friend's id, or null when the demo parent booked nothing.
 */
export async function seedDemoFriends(
  context: SeedContext,
  db: Database,
  ids: { parentId: number; passwordHash: string },
): Promise<number | null> {
  const [booked] = await db
    .select({
      campId: registrations.campId,
      sessionId: registrations.sessionId,
      startDate: campSessions.startDate,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(
      and(
        eq(registrations.parentId, ids.parentId),
        eq(registrations.status, 'confirmed'),
        // The summer ahead: the demo family's places at last summer's camp are reviews now.
        sql`${campSessions.startDate} >= current_date`,
      ),
    )
    .orderBy(asc(campSessions.startDate), asc(registrations.id))
    .limit(1);
  const [maya] = await db
    .select({ id: children.id, birthday: children.birthday })
    .from(children)
    .where(eq(children.parentId, ids.parentId))
    .orderBy(asc(children.id))
    .limit(1);
  if (!booked || !maya) return null;
  const friend = { firstName: 'Jordan', lastName: 'Lee' };
  const friendId = await insertUser(db, {
    userType: 'camper',
    ...friend,
    email: DEMO_FRIEND_EMAIL,
    phone: '512-555-0147',
    passwordHash: ids.passwordHash,
  });
  // Ava is a few months younger than Maya, so the camp suits her too.
  const ava = await createChild(
    db,
    friendId,
    childBody.parse({
      firstName: 'Ava',
      lastName: 'Lee',
      gender: 'female',
      shirtSize: 'youth_s',
      birthday: isoDay(new Date(`${maya.birthday}T00:00:00Z`), 60),
    }),
  );
  const card = await saveCard(db, context.processor(db), friendId, {
    kind: 'details',
    card: demoCard(friend.firstName, friend.lastName, context.today),
  });
  await registerBasket(
    { db, payments: context.processor(db), publicUrl: context.publicUrl, platformFee: context.platformFee },
    friendId,
    booked.campId,
    {
      lines: [{ childId: ava.id, sessionId: booked.sessionId }],
      paymentMethodId: card.id,
      idempotencyKey: `demo-friend-${booked.sessionId}`,
    },
  );
  const [friendship] = await db
    .insert(friendships)
    .values(friendPair(ids.parentId, friendId))
    .returning({ id: friendships.id });
  if (!friendship) throw new Error('insert returned no row');
  await db.insert(friendShares).values([
    { friendshipId: friendship.id, childId: maya.id },
    { friendshipId: friendship.id, childId: ava.id },
  ]);
  return friendId;
}
