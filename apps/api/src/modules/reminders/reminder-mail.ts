import type { ReminderKind } from '@campwise/contract/reminders';
import type { MailMessage } from '../mail/index.ts';
import { compose, type Paragraph } from '../mail/index.ts';

export interface ReminderDetails {
  campName: string;
  /** "June 15 – June 19 · Mon–Fri · 9 AM – 3 PM". */
  schedule: string;
  /** The address, or "Online". */
  place: string;
  children: string[];
  /** Days until the first day (1 for tomorrow). */
  daysAhead: number;
  /** As the host wrote it; empty when they wrote nothing. */
  whatToBring: string;
  /** Where to answer the camp's questions or sign its waivers, when something is still missing. */
  formsUrl: string | null;
}

const names = (children: string[]) =>
  children.length <= 1
    ? (children[0] ?? 'Your child')
    : `${children.slice(0, -1).join(', ')} and ${children.at(-1)}`;

/** A week or a day before a session: when, where and what to bring, as the host wrote it. */
export function sessionReminderMail(
  to: string,
  firstName: string,
  kind: ReminderKind,
  details: ReminderDetails,
  registrationsUrl: string,
): MailMessage {
  const when = details.daysAhead === 1 ? 'tomorrow' : `in ${details.daysAhead} days`;
  const paragraphs: Paragraph[] = [
    `${names(details.children)} ${details.children.length > 1 ? 'start' : 'starts'} ${details.campName} ${when}.`,
    `When: ${details.schedule}`,
    `Where: ${details.place}`,
  ];
  if (details.whatToBring) paragraphs.push(`What to bring: ${details.whatToBring}`);
  if (details.formsUrl) {
    paragraphs.push(
      'The camp still needs answers to its questions or your signature on its waiver before the first day.',
    );
  }
  return compose(
    to,
    kind === 'day' ? `Tomorrow: ${details.campName}` : `Coming up: ${details.campName}`,
    `Hi ${firstName},`,
    paragraphs,
    details.formsUrl
      ? { label: "Complete the camp's forms", url: details.formsUrl }
      : { label: 'See your registrations', url: registrationsUrl },
  );
}
