import { createHash, randomBytes } from 'node:crypto';
import { type CalendarFeed, calendarFeedPath, type NewCalendarFeed } from '@campwise/contract/calendar-feed';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  calendarFeeds,
  campSessions,
  camps,
  children,
  organizations,
  registrations,
} from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { calendarColumns, calendarFile } from '../registrations/index.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How far back a feed keeps places: last summer's stay in the calendar, older ones leave it. */
const FEED_PAST_DAYS = 400;

export async function readFeed(db: Database, parentId: number): Promise<CalendarFeed> {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.parentId, parentId));
  return feed ? { createdAt: feed.createdAt.toISOString() } : null;
}

/** A new address for the family's feed; the one before (if any) stops working. */
export async function createFeed(
  db: Database,
  parentId: number,
  publicUrl: string,
  now = new Date(),
): Promise<NewCalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(calendarFeeds)
    .values({ parentId, tokenHash: hashToken(token), createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.parentId,
      set: { tokenHash: hashToken(token), createdAt: now },
    });
  return { url: `${publicUrl}${calendarFeedPath(token)}`, createdAt: now.toISOString() };
}

export async function removeFeed(db: Database, parentId: number): Promise<void> {
  const removed = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.parentId, parentId))
    .returning({ parentId: calendarFeeds.parentId });
  if (removed.length === 0) throw notFound(messages.calendarFeedNotFound);
}

/**
 * The family's calendar, for the app that subscribed to it: every place of every child from about
 * a year ago on, cancelled and moved ones included (a cancelled one says so, a moved one is the
 * same event at its new time with a higher SEQUENCE), timed in each camp's own zone.
 */
export async function familyCalendar(
  db: Database,
  token: string,
  publicUrl: string,
  now = new Date(),
): Promise<string> {
  const [feed] = await db
    .select({ parentId: calendarFeeds.parentId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) throw notFound(messages.calendarFeedNotFound);
  const places = await db
    .select(calendarColumns)
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .where(
      and(
        eq(registrations.parentId, feed.parentId),
        sql`coalesce(${campSessions.endDate}, ${campSessions.startDate}) >= ${now.toISOString().slice(0, 10)}::date - ${FEED_PAST_DAYS}::int`,
      ),
    )
    .orderBy(sql`${campSessions.startDate} asc nulls last`, asc(registrations.id));
  return calendarFile(places, publicUrl, now);
}
