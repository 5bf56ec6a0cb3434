import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  text: text('text').notNull(),
});

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
