import type { CampReviewSummary } from './camp-reviews.ts';

/** "4.5 out of 5 · 12 reviews", what a screen reader hears beside the stars. */
export function reviewSummaryText(summary: CampReviewSummary): string {
  if (summary.average === null || summary.count === 0) return 'No reviews yet';
  const reviews = summary.count === 1 ? '1 review' : `${summary.count} reviews`;
  return `${summary.average.toFixed(1)} out of 5 · ${reviews}`;
}
