import { type FriendGoing, type FriendPlace, friendGoingLabel } from '@campwise/contract/friends';
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, registrations } from '../../db/schema.ts';
import { campTimeZoneSql, campTodaySql } from '../../platform/camp-clock.ts';
import { friendshipsOf, sharesOf } from './friendships.ts';

/**
 * The confirmed places of the children friends share with the parent (decision 020), each with
 * the line the parent reads about it; `where` narrows them (some camps, a range of weeks). A
 * child nobody shared, a stranger's or a friend's unshared child, never appears.
 */
async function friendPlaces(db: Database, parentId: number, where: SQL | undefined) {
  const friendships = await friendshipsOf(db, parentId);
  const shares = await sharesOf(
    db,
    friendships.map((friendship) => friendship.id),
  );
  const labelOf = new Map<number, { friendshipId: number; viewerChildren: string[]; lastName: string }>();
  for (const friendship of friendships) {
    const viewerChildren = shares
      .filter((share) => share.friendshipId === friendship.id && share.parentId === parentId)
      .map((share) => share.firstName);
    for (const share of shares) {
      if (share.friendshipId === friendship.id && share.parentId === friendship.friendId) {
        labelOf.set(share.childId, {
          friendshipId: friendship.id,
          viewerChildren,
          lastName: friendship.lastName,
        });
      }
    }
  }
  if (labelOf.size === 0) return [];
  const rows = await db
    .select({
      childId: children.id,
      childFirstName: children.firstName,
      campId: camps.id,
      campName: camps.name,
      sessionId: campSessions.id,
      sessionName: campSessions.name,
      sessionCount: camps.sessionCount,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
    })
    .from(registrations)
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .where(
      and(
        inArray(registrations.childId, [...labelOf.keys()]),
        eq(registrations.status, 'confirmed'),
        eq(campSessions.status, 'scheduled'),
        where,
      ),
    )
    .orderBy(sql`${campSessions.startDate} asc nulls last`, asc(children.firstName), asc(registrations.id));
  return rows.flatMap(({ childId, childFirstName, sessionCount, ...row }) => {
    const shared = labelOf.get(childId);
    if (!shared) return [];
    const label = friendGoingLabel(childFirstName, shared.viewerChildren, shared.lastName);
    return [{ ...row, severalSessions: sessionCount > 1, label }];
  });
}

/** GET /camper/friends/going: at these camps, which friends' shared children are going to which session. */
export async function friendsGoing(
  db: Database,
  parentId: number,
  campIds: number[],
): Promise<FriendGoing[]> {
  // Only places still to come or under way: last summer's are no one's news.
  const today = campTodaySql(campTimeZoneSql(campSessions.campId));
  const notOver = sql`coalesce(${campSessions.endDate}, ${campSessions.startDate}, ${today}) >= ${today}`;
  const places = await friendPlaces(db, parentId, and(inArray(registrations.campId, campIds), notOver));
  return places.map((place) => ({ campId: place.campId, sessionId: place.sessionId, label: place.label }));
}

/** For the planner: friends' shared children's places that meet in the weeks (a year-round place has no week). */
export async function friendPlacesIn(
  db: Database,
  parentId: number,
  from: string,
  to: string,
): Promise<FriendPlace[]> {
  return await friendPlaces(
    db,
    parentId,
    and(
      lte(campSessions.startDate, to),
      sql`coalesce(${campSessions.endDate}, ${campSessions.startDate}) >= ${from}`,
    ),
  );
}
