import type { UnsubscribeAddresses } from '../unsubscribe/index.ts';
import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

// E-mails a parent asked for, each with its one-click unsubscribe (decision 022).

export function registrationOpenMail(
  to: string,
  firstName: string,
  details: { campName: string; dates: string },
  registerUrl: string,
  unsubscribe: UnsubscribeAddresses,
): MailMessage {
  return compose(
    to,
    `Registration is open: ${details.campName}`,
    `Hi ${firstName},`,
    [
      `You asked us to tell you: registration for ${details.campName} (${details.dates}) is open now.`,
      'Places go to the families who register first.',
    ],
    { label: 'Register now', url: registerUrl },
    { ...unsubscribe, reason: 'you asked to hear when registration opens for a session' },
  );
}

/** A place freed up at a full session the parent asked about ("tell me when a place frees up"). */
export function placeFreedMail(
  to: string,
  firstName: string,
  details: { campName: string; dates: string },
  registerUrl: string,
  unsubscribe: UnsubscribeAddresses,
): MailMessage {
  return compose(
    to,
    `A spot opened: ${details.campName}`,
    `Hi ${firstName},`,
    [
      `You asked us to tell you: a spot has opened at ${details.campName} (${details.dates}).`,
      'We told everyone who asked at the same moment, so it goes to the family who registers first.',
    ],
    { label: 'Register now', url: registerUrl },
    { ...unsubscribe, reason: 'you asked to hear when a place frees up at a full session' },
  );
}

/** One new session in a weekly digest. */
export interface DigestSession {
  campName: string;
  dates: string;
  price: string;
  url: string;
}

/** The weekly digest of a saved search: the sessions added since last week that match it. */
export function savedSearchDigestMail(
  to: string,
  firstName: string,
  digest: { searchName: string; sessions: DigestSession[]; moreCount: number; resultsUrl: string },
  unsubscribe: UnsubscribeAddresses,
): MailMessage {
  const count = digest.sessions.length + digest.moreCount;
  const lines = digest.sessions.map((session) => ({
    text: `${session.campName} · ${session.dates} · ${session.price}`,
    url: session.url,
  }));
  return compose(
    to,
    `${count} new ${count === 1 ? 'session matches' : 'sessions match'} “${digest.searchName}”`,
    `Hi ${firstName},`,
    [
      `New this week for your saved search “${digest.searchName}”:`,
      ...lines,
      ...(digest.moreCount > 0 ? [`And ${digest.moreCount} more.`] : []),
    ],
    { label: 'See all results', url: digest.resultsUrl },
    { ...unsubscribe, reason: `you turned on the weekly e-mail of your saved search “${digest.searchName}”` },
  );
}
