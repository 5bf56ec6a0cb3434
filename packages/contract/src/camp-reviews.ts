import { z } from 'zod';
import { campDetailSchema } from './camps.ts';
import { idFromText } from './ids.ts';
import { messages } from './messages.ts';
import { publicOrgSchema } from './orgs.ts';
import { normalizeLineBreaks, onlyLineBreaks } from './text.ts';

/**
 * Families' reviews of camp sessions (docs/decisions/021). Not to be confused with the
 * administrators' review of organisations (orgs.ts): in the product these are "reviews" of a
 * camp, and the administrators' side is "reported reviews".
 */
export const CAMP_REVIEW_TEXT_MIN = 10;
export const CAMP_REVIEW_TEXT_MAX = 2000;
export const CAMP_REVIEW_REASON_MAX = 1000;
export const CAMP_REVIEWS_PAGE = 10;

/** Longer text: line breaks kept (as LF), no other control characters, trimmed. */
const longText = (required: string, tooLong: string, max: number, min = 1, tooShort = required) =>
  z
    .string({ error: required })
    .trim()
    .transform(normalizeLineBreaks)
    .pipe(
      z
        .string()
        .min(1, required)
        .min(min, tooShort)
        .max(max, tooLong)
        .refine(onlyLineBreaks, messages.invalidInput),
    );

export const campReviewRating = z
  .number({ error: messages.campReviewRatingInvalid })
  .int(messages.campReviewRatingInvalid)
  .min(1, messages.campReviewRatingInvalid)
  .max(5, messages.campReviewRatingInvalid);

/** POST /camper/sessions/:id/reviews */
export const campReviewBody = z
  .object({
    rating: campReviewRating,
    text: longText(
      messages.campReviewTextTooShort,
      messages.campReviewTextTooLong,
      CAMP_REVIEW_TEXT_MAX,
      CAMP_REVIEW_TEXT_MIN,
    ),
  })
  .strict();
export type CampReviewBody = z.input<typeof campReviewBody>;

/** POST /host/reviews/:id/reply */
export const campReviewReplyBody = z
  .object({
    text: longText(messages.campReviewReplyRequired, messages.campReviewReplyTooLong, CAMP_REVIEW_TEXT_MAX),
  })
  .strict();

/** POST /host/reviews/:id/report (the host's reason) and POST /api/admin/camp-reviews/:id/hide. */
export const campReviewReportBody = z
  .object({
    reason: longText(
      messages.campReviewReportReasonRequired,
      messages.campReviewReasonTooLong,
      CAMP_REVIEW_REASON_MAX,
    ),
  })
  .strict();
export const campReviewHideBody = z
  .object({
    reason: longText(
      messages.campReviewHideReasonRequired,
      messages.campReviewReasonTooLong,
      CAMP_REVIEW_REASON_MAX,
    ),
  })
  .strict();

/** GET /api/camps/:id/reviews and /api/orgs/:id/reviews: newest first, a page at a time. */
export const campReviewsQuery = z
  .object({
    cursor: idFromText.optional(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .strict();

export const campReviewSummarySchema = z.object({
  /** Rounded to one decimal; null without any review. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type CampReviewSummary = z.infer<typeof campReviewSummarySchema>;

/** A review as anyone sees it. */
export const campReviewSchema = z.object({
  id: z.number().int(),
  campId: z.number().int(),
  campName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  /** First name and last initial ("Dana K."). */
  authorName: z.string(),
  createdAt: z.iso.datetime(),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
});
export type CampReview = z.infer<typeof campReviewSchema>;

export const reportStatuses = ['open', 'kept', 'hidden'] as const;

/** A review as its author and the camp's host see it: with what the administrators decided. */
export const moderatedCampReviewSchema = campReviewSchema.extend({
  reportStatus: z.enum(reportStatuses).nullable(),
  /** Why the host reported it (host and administrators only). */
  reportReason: z.string().nullable(),
  reportedAt: z.iso.datetime().nullable(),
  /** Why an administrator hid it: shown to its author and the host. */
  hiddenReason: z.string().nullable(),
});
export type ModeratedCampReview = z.infer<typeof moderatedCampReviewSchema>;

export const reportedCampReviewSchema = moderatedCampReviewSchema.extend({
  orgId: z.number().int(),
  orgName: z.string(),
});
export type ReportedCampReview = z.infer<typeof reportedCampReviewSchema>;

export const campReviewPageResponse = z.object({
  data: z.array(campReviewSchema),
  summary: campReviewSummarySchema,
  nextCursor: z.string().nullable(),
});
export type CampReviewPage = z.infer<typeof campReviewPageResponse>;

export const myCampReviewsResponse = z.object({
  data: z.object({
    reviews: z.array(moderatedCampReviewSchema),
    /** Sessions the parent may review now and has not yet. */
    reviewableSessionIds: z.array(z.number().int()),
  }),
});
export type MyCampReviews = z.infer<typeof myCampReviewsResponse>['data'];

export const moderatedCampReviewResponse = z.object({ data: moderatedCampReviewSchema });
export const hostCampReviewsResponse = z.object({
  data: z.array(moderatedCampReviewSchema),
  summary: campReviewSummarySchema,
});
export const reportedCampReviewsResponse = z.object({ data: z.array(reportedCampReviewSchema) });

/** GET /api/camps/:id and GET /api/orgs/:id carry their review average and count. */
export const publicCampDetailResponse = z.object({
  data: campDetailSchema.extend({ reviewSummary: campReviewSummarySchema }),
});
export const publicOrgWithReviewsResponse = z.object({
  data: publicOrgSchema.extend({ reviewSummary: campReviewSummarySchema }),
});
