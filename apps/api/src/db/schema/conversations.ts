import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { bytea } from './columns.ts';
import { organizations } from './orgs.ts';
import { campSessions } from './sessions.ts';

// Conversations and announcements between families and hosts (docs/decisions/031).

/** A thread between one family (a parent account) and one organisation, usually about a camp. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When each side last opened the thread: later messages from the other side are unread. */
    parentReadAt: timestamp('parent_read_at', { withTimezone: true }),
    hostReadAt: timestamp('host_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversations_org_idx').on(table.orgId, table.lastMessageAt),
    index('conversations_parent_idx').on(table.parentId, table.lastMessageAt),
  ],
);

/** One message of a conversation; an attachment is a stored upload (an image re-encoded, or a PDF). */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fromHost: boolean('from_host').notNull(),
    body: text('body').notNull(),
    /**
     * Where an attachment sent before decision 044 still lies in the public file storage, until
     * the attachments job moves it into `attachment_content`; null for every other message.
     */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentKind: text('attachment_kind', { enum: ['image', 'pdf'] }),
    /** The attachment's bytes: private, served only to the conversation's two sides. */
    attachmentContent: bytea('attachment_content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversation_messages_conversation_idx').on(table.conversationId, table.createdAt),
    index('conversation_messages_stored_file_idx')
      .on(table.id)
      .where(sql`${table.attachmentKey} is not null`),
  ],
);

/** A host's message to the families of a camp, a session or a waitlist. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => campSessions.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['session', 'camp', 'waitlist'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('announcements_camp_idx').on(table.campId, table.createdAt)],
);

/**
 * Who an announcement goes to: one row per family, written when it is sent. The delivery job
 * claims undelivered rows and, in the same transaction, queues the e-mail and stamps
 * `delivered_at`, so a family gets it once however often the job is interrupted.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.announcementId, table.parentId] }),
    index('announcement_recipients_parent_idx').on(table.parentId),
    index('announcement_recipients_pending_idx')
      .on(table.announcementId)
      .where(sql`${table.deliveredAt} is null`),
  ],
);
