import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

/**
 * A new message in a conversation: a notice and a link, never the message itself, which may
 * hold a child's health details (decision 031).
 */
export function newMessageMail(
  to: string,
  firstName: string,
  from: string,
  about: string | null,
  threadUrl: string,
): MailMessage {
  return compose(
    to,
    `New message from ${from}`,
    `Hi ${firstName},`,
    [
      `${from} sent you a message${about ? ` about ${about}` : ''} on Campwise.`,
      'Messages stay on Campwise so that nothing private travels by e-mail. Open the conversation to read and reply.',
    ],
    { label: 'Read and reply', url: threadUrl },
  );
}

/** An announcement to the families of a camp: the host wrote it for all of them, so it is included. */
export function announcementMail(
  to: string,
  firstName: string,
  announcement: { orgName: string; campName: string; subject: string; body: string },
  readUrl: string,
): MailMessage {
  return compose(
    to,
    `${announcement.campName}: ${announcement.subject}`,
    `Hi ${firstName},`,
    [
      `${announcement.orgName} sent an announcement to the families of ${announcement.campName}:`,
      ...announcement.body.split(/\n{2,}/),
    ],
    { label: 'Open it on Campwise', url: readUrl },
  );
}
