import type { ModeratedCampReview } from '@campwise/contract/camp-reviews';
import { messages } from '@campwise/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campReviews } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { AUDIT_ACTIONS, recordAuditEvents } from '../audit/index.ts';
import { moderatedReview } from './read-reviews.ts';

/**
 * An administrator decides a reported review: hidden (with a reason its author and the host see;
 * it leaves public lists and averages) or kept (the report dismissed). Recorded in the audit log.
 */
export async function decideReport(
  db: Database,
  adminId: number,
  reviewId: number,
  decision: { hide: true; reason: string } | { hide: false },
  now: Date = new Date(),
): Promise<ModeratedCampReview> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: campReviews.id, campId: campReviews.campId, reportStatus: campReviews.reportStatus })
      .from(campReviews)
      .where(eq(campReviews.id, reviewId))
      .for('update');
    if (!review) throw notFound(messages.campReviewNotFound);
    const decided = await tx
      .update(campReviews)
      .set(
        decision.hide
          ? { reportStatus: 'hidden', hiddenReason: decision.reason, decidedAt: now }
          : { reportStatus: 'kept', decidedAt: now },
      )
      .where(and(eq(campReviews.id, reviewId), eq(campReviews.reportStatus, 'open')))
      .returning({ id: campReviews.id });
    if (decided.length === 0) throw conflict(messages.campReviewNoOpenReport);
    await recordAuditEvents(
      tx,
      [
        {
          actor: { id: adminId, userType: 'admin' },
          action: decision.hide ? AUDIT_ACTIONS.campReviewHidden : AUDIT_ACTIONS.campReviewKept,
          subject: { type: 'camp_review', id: reviewId },
          details: { campId: review.campId, ...(decision.hide ? { reason: decision.reason } : {}) },
        },
      ],
      now,
    );
  });
  return moderatedReview(db, reviewId);
}
