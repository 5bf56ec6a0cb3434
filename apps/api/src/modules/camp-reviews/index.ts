export { campReviewSummarySql, reviewSummary } from './read-reviews.ts';
export { replyToReview, reportReview } from './reply-and-report.ts';
export { campReviewRoutes } from './routes.ts';
export { writeReview } from './write-review.ts';
