import type { ModeratedCampReview } from '@campwise/contract/camp-reviews';
import { messages } from '@campwise/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campReviews, camps, organizations, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { campReviewReplyMail, queueMail } from '../mail/index.ts';
import { moderatedReview } from './read-reviews.ts';

/** A review of one of the host's camps, or 404 (another host's looks like one that does not exist). */
async function ownReview(db: Database, hostId: number, reviewId: number) {
  const [row] = await db
    .select({
      id: campReviews.id,
      campId: campReviews.campId,
      campName: camps.name,
      parentId: campReviews.parentId,
    })
    .from(campReviews)
    .innerJoin(camps, eq(camps.id, campReviews.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(campReviews.id, reviewId), eq(organizations.hostId, hostId)));
  if (!row) throw notFound(messages.campReviewNotFound);
  return row;
}

/** The host's camp whose reviews they read, or 404. */
export async function ownCampForReviews(db: Database, hostId: number, campId: number): Promise<void> {
  const [row] = await db
    .select({ id: camps.id })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(camps.id, campId), eq(organizations.hostId, hostId)));
  if (!row) throw notFound(messages.campNotFound);
}

/** The host's one reply to a review of their camp; it cannot be changed. The author is e-mailed. */
export async function replyToReview(
  db: Database,
  hostId: number,
  reviewId: number,
  reply: string,
  myRegistrationsUrl: string,
  now: Date = new Date(),
): Promise<ModeratedCampReview> {
  const review = await ownReview(db, hostId, reviewId);
  await db.transaction(async (tx) => {
    const replied = await tx
      .update(campReviews)
      .set({ reply, repliedAt: now })
      .where(and(eq(campReviews.id, reviewId), isNull(campReviews.reply)))
      .returning({ id: campReviews.id });
    if (replied.length === 0) throw conflict(messages.campReviewAlreadyReplied);
    const [author] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, review.parentId));
    if (author) {
      await queueMail(
        tx,
        campReviewReplyMail(
          author.email,
          author.firstName,
          { campName: review.campName, reply },
          myRegistrationsUrl,
        ),
      );
    }
  });
  return moderatedReview(db, reviewId);
}

/**
 * The host reports a review of their camp to the administrators, with a reason. A review is
 * reported once: after an administrator kept it, it stays.
 */
export async function reportReview(
  db: Database,
  hostId: number,
  reviewId: number,
  reason: string,
  now: Date = new Date(),
): Promise<ModeratedCampReview> {
  await ownReview(db, hostId, reviewId);
  const reported = await db
    .update(campReviews)
    .set({ reportStatus: 'open', reportReason: reason, reportedAt: now })
    .where(and(eq(campReviews.id, reviewId), isNull(campReviews.reportStatus)))
    .returning({ id: campReviews.id });
  if (reported.length === 0) throw conflict(messages.campReviewAlreadyReported);
  return moderatedReview(db, reviewId);
}
