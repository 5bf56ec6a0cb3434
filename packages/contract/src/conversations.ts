import { z } from 'zod';
import { messages } from './messages.ts';
import { MAX_ID } from './row-ids.ts';
import { normalizeLineBreaks, onlyLineBreaks } from './text.ts';

/**
 * Conversations between a family and an organisation, and a host's announcements to the
 * families of a camp (docs/decisions/031).
 */
export const MESSAGE_BODY_MAX = 5000;
export const ANNOUNCEMENT_SUBJECT_MAX = 150;
/** New conversations a parent may start in an hour. */
export const CONVERSATIONS_PER_HOUR = 10;
/** Announcements a host may send in a day. */
export const ANNOUNCEMENTS_PER_DAY = 10;

/** A piece of a message as it is shown: plain text, or an address made into a link. */
export type MessagePiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and www. names; trailing punctuation belongs to the sentence, not the link.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits a message into text and links (decision 031): only http(s) and www. addresses become
 * links; everything else, markup included, stays text the page shows as it was typed.
 */
export function messagePieces(text: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const found = match[0];
    const trailing = TRAILING.exec(found)?.[0] ?? '';
    const address = found.slice(0, found.length - trailing.length);
    if (address.length < 5) continue;
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
    pieces.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** Longer text: line breaks kept (as LF), no other control characters, trimmed. */
const longText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .transform(normalizeLineBreaks)
    .pipe(z.string().min(1, required).max(max, tooLong).refine(onlyLineBreaks, messages.invalidInput));

export const messageText = longText(
  messages.messageBodyRequired,
  messages.messageBodyTooLong,
  MESSAGE_BODY_MAX,
);

/** POST /camper/camps/:id/conversations: the family's first question about a camp. */
export const startConversationBody = z.object({ body: messageText }).strict();
export type StartConversationBody = z.input<typeof startConversationBody>;

/** The text field of a reply, sent as multipart with an optional `attachment` file. */
export const replyFields = z.object({ body: messageText }).strict();

export const conversationStatuses = ['open', 'done'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** PUT /host/conversations/:id/status */
export const conversationStatusBody = z
  .object({ status: z.enum(conversationStatuses, { error: messages.conversationStatusInvalid }) })
  .strict();

export const announcementAudiences = ['session', 'camp', 'waitlist'] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];

/**
 * POST /host/camp/:id/announcements. `session`: the families with a place in one session;
 * `camp`: with a place in any session of the camp; `waitlist`: waiting for a place (in one
 * session when `sessionId` is given, else in any).
 */
export const announcementBody = z
  .object({
    audience: z.enum(announcementAudiences, { error: messages.announcementAudienceInvalid }),
    sessionId: z.number().int().positive().max(MAX_ID).nullable().optional(),
    subject: z
      .string({ error: messages.announcementSubjectRequired })
      .trim()
      .min(1, messages.announcementSubjectRequired)
      .max(ANNOUNCEMENT_SUBJECT_MAX, messages.announcementSubjectTooLong)
      .refine((value) => !/\p{Cc}/u.test(value), messages.invalidInput),
    body: messageText,
  })
  .strict()
  .refine((value) => value.audience !== 'session' || value.sessionId != null, {
    message: messages.announcementSessionRequired,
    path: ['sessionId'],
  });
export type AnnouncementBody = z.input<typeof announcementBody>;

const attachmentSchema = z.object({
  url: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'pdf']),
});
export type MessageAttachment = z.infer<typeof attachmentSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['family', 'host']),
  /** "Dana Kim" for the family, the organisation's name for its host. */
  authorName: z.string(),
  body: z.string(),
  attachment: attachmentSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type ConversationMessage = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  campId: z.number().int().nullable(),
  campName: z.string().nullable(),
  /** "The Kim family". */
  familyName: z.string(),
  status: z.enum(conversationStatuses),
  lastMessageAt: z.iso.datetime(),
  lastFrom: z.enum(['family', 'host']),
  /** The first line of the latest message, cut short. */
  preview: z.string(),
  /** A message from the other side the viewer has not opened yet. */
  unread: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationSchema = conversationSummarySchema.extend({ messages: z.array(messageSchema) });
export type Conversation = z.infer<typeof conversationSchema>;

/** An announcement as a family reads it. */
export const receivedAnnouncementSchema = z.object({
  id: z.number().int(),
  orgName: z.string(),
  campId: z.number().int(),
  campName: z.string(),
  sessionName: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.iso.datetime(),
  read: z.boolean(),
});
export type ReceivedAnnouncement = z.infer<typeof receivedAnnouncementSchema>;

export const inboxSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  announcements: z.array(receivedAnnouncementSchema),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** An announcement as its host sees it, with how far it has gone. */
export const sentAnnouncementSchema = z.object({
  id: z.number().int(),
  campId: z.number().int(),
  campName: z.string(),
  audience: z.enum(announcementAudiences),
  sessionName: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
});
export type SentAnnouncement = z.infer<typeof sentAnnouncementSchema>;

export const announcementReadersSchema = sentAnnouncementSchema.extend({
  families: z.array(
    z.object({
      familyName: z.string(),
      deliveredAt: z.iso.datetime().nullable(),
      readAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type AnnouncementReaders = z.infer<typeof announcementReadersSchema>;

export const inboxResponse = z.object({ data: inboxSchema });
export const hostInboxResponse = z.object({ data: z.array(conversationSummarySchema) });
export const conversationResponse = z.object({ data: conversationSchema });
export const messageResponse = z.object({ data: messageSchema });
export const unreadResponse = z.object({ data: z.object({ count: z.number().int() }) });
export const receivedAnnouncementResponse = z.object({ data: receivedAnnouncementSchema });
export const sentAnnouncementResponse = z.object({ data: sentAnnouncementSchema });
export const sentAnnouncementsResponse = z.object({ data: z.array(sentAnnouncementSchema) });
export const announcementReadersResponse = z.object({ data: announcementReadersSchema });
