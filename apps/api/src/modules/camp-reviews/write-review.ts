import { campDay } from '@campwise/contract/camp-clock';
import type { ModeratedCampReview } from '@campwise/contract/camp-reviews';
import { messages } from '@campwise/contract/messages';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campReviews, campSessions, camps, organizations, registrations, users } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { campReviewReceivedMail, queueMail } from '../mail/index.ts';
import { type PlaceAtSession, placeIsOver, reviewRefusal } from './eligibility.ts';
import { listOwnReviews, moderatedReview } from './read-reviews.ts';

const placeColumns = {
  sessionId: registrations.sessionId,
  status: registrations.status,
  startDate: campSessions.startDate,
  endDate: campSessions.endDate,
  isYearRound: camps.isYearRound,
  takenAt: registrations.createdAt,
  timeZone: camps.timeZone,
};

/** Places with their session's dates; each caller narrows them to one parent. */
function placesOf(db: Database) {
  return db
    .select(placeColumns)
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .$dynamic();
}

/** A place as the rules read it: the day it was taken is a day where the camp is (decision 047). */
const asPlace = ({
  takenAt,
  timeZone,
  ...row
}: { takenAt: Date; timeZone: string } & Omit<PlaceAtSession, 'takenOn'>): PlaceAtSession => ({
  ...row,
  takenOn: campDay(takenAt, timeZone),
});

/**
 * Writes the parent's review of a session one of their children attended and that is over;
 * one per parent and session. The host is e-mailed. Text is stored as written: every screen and
 * e-mail shows it as text.
 */
export async function writeReview(
  db: Database,
  parentId: number,
  sessionId: number,
  body: { rating: number; text: string },
  links: { hostReviewsUrl: (campId: number) => string },
  now: Date = new Date(),
): Promise<ModeratedCampReview> {
  const { rating, text } = body;
  const [session] = await db
    .select({ id: campSessions.id, campId: campSessions.campId, timeZone: camps.timeZone })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(eq(campSessions.id, sessionId));
  if (!session) throw notFound(messages.sessionNotFound);
  const places = await placesOf(db).where(
    and(eq(registrations.parentId, parentId), eq(registrations.sessionId, sessionId)),
  );
  const refusal = reviewRefusal(places.map(asPlace), campDay(now, session.timeZone));
  if (refusal === messages.campReviewNotAttended) throw forbidden(refusal);
  if (refusal) throw conflict(refusal);
  const id = await db.transaction(async (tx) => {
    const [written] = await tx
      .insert(campReviews)
      .values({ sessionId, campId: session.campId, parentId, rating, text, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: campReviews.id });
    if (!written) throw conflict(messages.campReviewAlreadyWritten);
    const [host] = await tx
      .select({ email: users.email, firstName: users.firstName, campName: camps.name })
      .from(camps)
      .innerJoin(organizations, eq(organizations.id, camps.orgId))
      .innerJoin(users, eq(users.id, organizations.hostId))
      .where(eq(camps.id, session.campId));
    if (host) {
      await queueMail(
        tx,
        campReviewReceivedMail(
          host.email,
          host.firstName,
          { campName: host.campName, rating, text },
          links.hostReviewsUrl(session.campId),
        ),
      );
    }
    return written.id;
  });
  return moderatedReview(db, id);
}

/** Deletes the parent's own review (another's is not found). They may write a new one after. */
export async function deleteOwnReview(db: Database, parentId: number, reviewId: number): Promise<void> {
  const deleted = await db
    .delete(campReviews)
    .where(and(eq(campReviews.id, reviewId), eq(campReviews.parentId, parentId)))
    .returning({ id: campReviews.id });
  if (deleted.length === 0) throw notFound(messages.campReviewNotFound);
}

/** The parent's reviews and the sessions they may review now and have not yet. */
export async function myReviews(db: Database, parentId: number, now: Date = new Date()) {
  const reviews = await listOwnReviews(db, parentId);
  const reviewed = reviews.map((review) => review.sessionId);
  const places = await placesOf(db).where(
    and(
      eq(registrations.parentId, parentId),
      eq(registrations.status, 'confirmed'),
      reviewed.length > 0 ? notInArray(registrations.sessionId, reviewed) : sql`true`,
    ),
  );
  const reviewable = new Set(
    places
      .filter((place) => placeIsOver(asPlace(place), campDay(now, place.timeZone)))
      .map((place) => place.sessionId),
  );
  return { reviews, reviewableSessionIds: [...reviewable].sort((a, b) => a - b) };
}
