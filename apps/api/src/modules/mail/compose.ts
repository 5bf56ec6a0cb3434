import { escapeHtml } from '../../platform/html.ts';
import type { UnsubscribeAddresses } from '../unsubscribe/index.ts';
import type { MailMessage } from './service.ts';

/** An alert e-mail's way out: why it was sent, and where one click stops it (RFC 8058). */
export interface MailUnsubscribe extends UnsubscribeAddresses {
  /** "you asked to hear when a place frees up at a full session". */
  reason: string;
}

/** A paragraph: words, or words that link somewhere (the address follows them in the text body). */
export type Paragraph = string | { text: string; url: string };

/**
 * A plain-text body and a simple HTML body built from the same paragraphs and one link. An
 * alert e-mail also says why it came, with a visible Unsubscribe link and the one-click headers.
 */
export function compose(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: Paragraph[],
  action?: { label: string; url: string },
  unsubscribe?: MailUnsubscribe,
): MailMessage {
  const text = [
    greeting,
    ...paragraphs.map((p) => (typeof p === 'string' ? p : `${p.text} — ${p.url}`)),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '— The Campwise team',
    ...(unsubscribe
      ? [`You get this e-mail because ${unsubscribe.reason}. Unsubscribe: ${unsubscribe.pageUrl}`]
      : []),
  ].join('\n\n');
  const html = [
    '<div style="font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2a24;">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.url)}" style="color: #236643;">${escapeHtml(p.text)}</a></p>`,
    ),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display: inline-block; padding: 10px 18px; border-radius: 20px; background: #2b7a52; color: #ffffff; text-decoration: none;">${escapeHtml(action.label)}</a></p><p style="font-size: 13px; color: #555;">Or open this link: ${escapeHtml(action.url)}</p>`
      : '',
    '<p>— The Campwise team</p>',
    unsubscribe
      ? `<p style="font-size: 13px; color: #555;">You get this e-mail because ${escapeHtml(unsubscribe.reason)}. <a href="${escapeHtml(unsubscribe.pageUrl)}" style="color: #236643;">Unsubscribe</a></p>`
      : '',
    '</div>',
  ].join('\n');
  return {
    to,
    subject,
    text,
    html,
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
