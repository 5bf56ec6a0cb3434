import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Newsletter sign-ups. A row is the record of the sign-up; when a mailing-list webhook is
 * configured the row is also the delivery queue (delivered_at stays null until it succeeds).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${table.email})`),
    index('newsletter_subscribers_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

/**
 * Outgoing e-mail. Written in the same transaction as the change that causes it, then
 * delivered by a background job (SMTP when configured; otherwise kept for /dev/mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Mail to an account deleted while it was queued: delivered, then not kept. */
    eraseAfterSending: boolean('erase_after_sending').notNull().default(false),
    /** Extra headers, such as List-Unsubscribe on alert e-mails (decision 022). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (table) => [index('mail_outbox_pending_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);
