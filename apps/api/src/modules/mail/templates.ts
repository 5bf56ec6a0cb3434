import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

export function passwordResetMail(to: string, firstName: string, resetUrl: string): MailMessage {
  return compose(
    to,
    'Reset your Campwise password',
    `Hi ${firstName},`,
    [
      'Someone asked to reset the password of your Campwise account. If it was you, choose a new password with the link below. The link works once and expires in one hour.',
      'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    ],
    { label: 'Choose a new password', url: resetUrl },
  );
}

export function welcomeMail(to: string, firstName: string, dashboardUrl: string): MailMessage {
  return compose(
    to,
    'Welcome to Campwise',
    `Hi ${firstName},`,
    ['Your Campwise account is ready. We are glad to have you with us.'],
    { label: 'Go to your dashboard', url: dashboardUrl },
  );
}

export function passwordChangedMail(to: string, firstName: string): MailMessage {
  return compose(to, 'Your Campwise password was changed', `Hi ${firstName},`, [
    'The password of your Campwise account was just changed, and every other device was signed out.',
    'If this was not you, reset your password right away and write to our support team.',
  ]);
}

export function emailChangeConfirmMail(to: string, firstName: string, confirmUrl: string): MailMessage {
  return compose(
    to,
    'Confirm your new Campwise sign-in email',
    `Hi ${firstName},`,
    [
      'You asked to sign in to Campwise with this address. Open the link below to confirm it: until then you keep signing in with your current address. The link works once and expires in 24 hours.',
      'If you did not ask for this, you can ignore this e-mail: nothing changes.',
    ],
    { label: 'Confirm my new email', url: confirmUrl },
  );
}

export function emailChangeRequestedMail(
  to: string,
  firstName: string,
  newEmail: string,
  supportEmail: string,
): MailMessage {
  return compose(to, 'Your Campwise sign-in email is about to change', `Hi ${firstName},`, [
    `Someone signed in to your Campwise account asked to sign in with ${newEmail} from now on. It changes only when the link we sent to that address is opened; until then this address keeps working.`,
    `If this was not you, change your password right away (that cancels the change) and write to us at ${supportEmail}: we will help you keep your account.`,
  ]);
}

export function emailChangedMail(
  to: string,
  firstName: string,
  newEmail: string,
  supportEmail: string,
): MailMessage {
  return compose(to, 'Your Campwise sign-in email was changed', `Hi ${firstName},`, [
    `The sign-in email of your Campwise account is now ${newEmail}, and every device was signed out. This address no longer signs in.`,
    `If this was not you, write to us at ${supportEmail} right away, from this address: we will help you get your account back.`,
  ]);
}

export function orgDecisionMail(
  to: string,
  firstName: string,
  org: { name: string; kind: 'new' | 'revision'; approved: boolean; reason: string | null },
  dashboardUrl: string,
): MailMessage {
  const what = org.kind === 'new' ? `Your organization ${org.name}` : `The changes to ${org.name}`;
  if (org.approved) {
    return compose(
      to,
      org.kind === 'new' ? `${org.name} is approved` : `Your changes to ${org.name} are approved`,
      `Hi ${firstName},`,
      [
        `${what} ${org.kind === 'new' ? 'has' : 'have'} been reviewed and approved.`,
        org.kind === 'new'
          ? 'You can now add its camps and start taking registrations.'
          : 'They are now live.',
      ],
      { label: 'Go to your dashboard', url: dashboardUrl },
    );
  }
  return compose(
    to,
    org.kind === 'new' ? `${org.name} needs changes` : `Your changes to ${org.name} need another look`,
    `Hi ${firstName},`,
    [
      `${what} could not be approved yet. Our reviewer wrote:`,
      org.reason ?? '',
      'Edit the details and submit them again; we will review them promptly.',
    ],
    { label: 'Edit and resubmit', url: dashboardUrl },
  );
}

function listOfNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function registrationReceiptMail(
  to: string,
  firstName: string,
  details: {
    campName: string;
    childNames: string[];
    amount: string;
    dates: string;
    receiptNumber: string;
    /** The refund policy the places were bought under, in words (refundPolicyText). */
    refundPolicy: string;
  },
  registrationsUrl: string,
): MailMessage {
  return compose(
    to,
    `You're registered for ${details.campName}`,
    `Hi ${firstName},`,
    [
      `${listOfNames(details.childNames)} ${details.childNames.length > 1 ? 'are' : 'is'} registered for ${details.campName} (${details.dates}).`,
      `We charged ${details.amount} to your card. This e-mail is your receipt, number ${details.receiptNumber}.`,
      `Refund policy: ${details.refundPolicy} You can cancel on My Registrations.`,
    ],
    { label: 'See my registrations', url: registrationsUrl },
  );
}

export function newRegistrationMail(
  to: string,
  firstName: string,
  details: { campName: string; count: number; spotsLeft: number },
  rosterUrl: string,
): MailMessage {
  return compose(
    to,
    `New registration for ${details.campName}`,
    `Hi ${firstName},`,
    [
      `${details.count} ${details.count === 1 ? 'camper has' : 'campers have'} just registered for ${details.campName}.`,
      `${details.spotsLeft} ${details.spotsLeft === 1 ? 'spot is' : 'spots are'} left.`,
    ],
    { label: 'Open the roster', url: rosterUrl },
  );
}

export function spotOfferedMail(
  to: string,
  firstName: string,
  details: { campName: string; childName: string; expires: string },
  registerUrl: string,
): MailMessage {
  return compose(
    to,
    `A spot opened up at ${details.campName}`,
    `Hi ${firstName},`,
    [
      `Good news: a spot opened up at ${details.campName}, and ${details.childName} is next on the waitlist.`,
      `We are holding the spot until ${details.expires}. Complete the registration and payment before then to keep it; after that it goes to the next family.`,
    ],
    { label: 'Complete the registration', url: registerUrl },
  );
}

export function offerExpiredMail(
  to: string,
  firstName: string,
  details: { campName: string; childName: string },
): MailMessage {
  return compose(to, `Your held spot at ${details.campName} has expired`, `Hi ${firstName},`, [
    `The spot we held for ${details.childName} at ${details.campName} was not taken in time, so it has gone to the next family on the waitlist.`,
  ]);
}

/** A place moved to another session of the camp, by the family or by the host. */
export function placeTransferredMail(
  to: string,
  firstName: string,
  details: {
    childName: string;
    from: string;
    to: string;
    dates: string;
    charged: string | null;
    refunded: string | null;
    byHost: boolean;
  },
  registrationsUrl: string,
): MailMessage {
  return compose(
    to,
    `Place moved: ${details.to}`,
    `Hi ${firstName},`,
    [
      details.byHost
        ? `The host has moved ${details.childName}'s place from ${details.from} to ${details.to}.`
        : `${details.childName}'s place has moved from ${details.from} to ${details.to}.`,
      `The new dates: ${details.dates}. If you added the old dates to a calendar, download the new calendar file from My Registrations.`,
      ...(details.charged ? [`We charged ${details.charged} to your card for the difference in price.`] : []),
      ...(details.refunded
        ? [
            `We refunded ${details.refunded} to your card for the difference in price. It can take a few days to show.`,
          ]
        : []),
    ],
    { label: 'See my registrations', url: registrationsUrl },
  );
}

export function registrationCancelledMail(
  to: string,
  firstName: string,
  details: {
    campName: string;
    childName: string;
    /** What went back to the card, if anything; `inFull` when it was all that was paid. */
    refund: string | null;
    inFull: boolean;
    /** A paid place cancelled under a refund policy that gives nothing back now. */
    nothingUnderPolicy: boolean;
    byHost: boolean;
  },
  registrationsUrl: string,
): MailMessage {
  return compose(
    to,
    `Registration cancelled: ${details.campName}`,
    `Hi ${firstName},`,
    [
      details.byHost
        ? `The host of ${details.campName} has cancelled ${details.childName}'s registration.`
        : `${details.childName}'s registration for ${details.campName} is cancelled.`,
      ...(details.refund
        ? [
            details.inFull
              ? `We refunded ${details.refund} to your card in full. It can take a few days to show.`
              : `Under the camp's refund policy we refunded ${details.refund} to your card. It can take a few days to show.`,
          ]
        : details.nothingUnderPolicy
          ? [
              "Under the camp's refund policy, nothing is refunded for a cancellation this close to the start.",
            ]
          : []),
    ],
    { label: 'See my registrations', url: registrationsUrl },
  );
}
