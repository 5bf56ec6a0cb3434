import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

// E-mails about instalments of a payment plan (decision 026).

export function instalmentPaidMail(
  to: string,
  firstName: string,
  details: { campName: string; amount: string; receiptNumber: string; left: string | null },
  receiptUrl: string,
): MailMessage {
  return compose(
    to,
    `Payment received: ${details.campName}`,
    `Hi ${firstName},`,
    [
      `We charged ${details.amount} for your instalment at ${details.campName}. Your receipt number is ${details.receiptNumber}.`,
      details.left ? `Still to pay: ${details.left}.` : 'Everything is paid now. Thank you!',
    ],
    { label: 'See the receipt', url: receiptUrl },
  );
}

/** A declined instalment: the parent can pay it now with another card, or wait for the next try. */
export function instalmentFailedMail(
  to: string,
  firstName: string,
  details: {
    campName: string;
    amount: string;
    reason: string;
    /** When it is tried again on the card on file; null after the last try. */
    nextTry: string | null;
    /** After the last try: what happened to the place(s). */
    outcome: 'retry' | 'released' | 'kept';
  },
  payUrl: string,
): MailMessage {
  const next =
    details.outcome === 'retry'
      ? `We will try the card again on ${details.nextTry}. To keep your place safe, you can pay now with another card.`
      : details.outcome === 'kept'
        ? 'That was our last try. Your place is kept for now and the host knows; please pay now with another card.'
        : 'That was our last try, so the place has been released under the camp’s rules. The cancellation e-mail says what was refunded.';
  return compose(
    to,
    details.outcome === 'released'
      ? `Place released: ${details.campName}`
      : `Your instalment could not be charged: ${details.campName}`,
    `Hi ${firstName},`,
    [
      `We could not charge ${details.amount} for your instalment at ${details.campName}: ${details.reason}`,
      next,
    ],
    details.outcome === 'released' ? undefined : { label: 'Pay now', url: payUrl },
  );
}

/** The host's rule keeps a place whose last instalment attempt failed: the host decides what next. */
export function instalmentUnpaidHostMail(
  to: string,
  firstName: string,
  details: { campName: string; childNames: string[]; amount: string; family: string },
  rosterUrl: string,
): MailMessage {
  return compose(
    to,
    `Instalment unpaid: ${details.campName}`,
    `Hi ${firstName},`,
    [
      `The last attempt to charge ${details.family}'s instalment of ${details.amount} for ${details.childNames.join(' and ')} at ${details.campName} failed.`,
      'Your camp keeps the place when an instalment stays unpaid, so it is still on your roster. The family has been asked to pay with another card; you may also cancel the place from the roster.',
    ],
    { label: 'Open the roster', url: rosterUrl },
  );
}
