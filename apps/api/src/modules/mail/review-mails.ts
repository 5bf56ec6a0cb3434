import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

/** A short quote of a review or reply for an e-mail: its text, cut at 300 characters. */
const quote = (text: string) => `“${text.length > 300 ? `${text.slice(0, 300)}…` : text}”`;

export function campReviewReceivedMail(
  to: string,
  firstName: string,
  details: { campName: string; rating: number; text: string },
  reviewsUrl: string,
): MailMessage {
  return compose(
    to,
    `A new review of ${details.campName}`,
    `Hi ${firstName},`,
    [
      `A family reviewed ${details.campName}: ${details.rating} out of 5 stars.`,
      quote(details.text),
      'You can reply once, and report the review to our team if it breaks the rules.',
    ],
    { label: 'Read and reply', url: reviewsUrl },
  );
}

export function campReviewReplyMail(
  to: string,
  firstName: string,
  details: { campName: string; reply: string },
  reviewsUrl: string,
): MailMessage {
  return compose(
    to,
    `${details.campName} replied to your review`,
    `Hi ${firstName},`,
    [`The host of ${details.campName} replied to your review:`, quote(details.reply)],
    { label: 'See your review', url: reviewsUrl },
  );
}
