import type { ModeratedCampReview } from '@campwise/contract/camp-reviews';
import { messages } from '@campwise/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campReviews, camps, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { memberOf } from '../access/index.ts';
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
    .where(and(eq(campReviews.id, reviewId), memberOf(camps.orgId, hostId, 'messages')));
  if (!row) throw notFound(messages.campReviewNotFound);
  return row;
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
