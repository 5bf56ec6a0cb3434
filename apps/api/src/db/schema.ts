import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

export const userTypes = ['host', 'camper', 'admin'] as const;

/** Hosts, campers (parents) and administrators. An address may hold one account per type. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: text('user_type', { enum: userTypes }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped when the password or e-mail changes; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_type_email_key').on(table.userType, sql`lower(${table.email})`),
    check('users_user_type_check', sql`${table.userType} in ('host', 'camper', 'admin')`),
  ],
);

/** Single-use password reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
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
  },
  (table) => [index('mail_outbox_pending_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);

export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;

/** A host's subscription as the payment provider last told us. */
export const hostSubscriptions = pgTable('host_subscriptions', {
  hostId: integer('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('provider_customer_id'),
  subscriptionId: text('provider_subscription_id').unique(),
  status: text('status', { enum: subscriptionStatuses }).notNull().default('incomplete'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider webhook events already handled: a replay changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// The built-in test processor's own records: what a real provider would keep on its side.

export const testProcessorCheckoutSessions = pgTable('test_processor_checkout_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  customerEmail: text('customer_email').notNull(),
  clientReferenceId: text('client_reference_id').notNull(),
  description: text('description').notNull(),
  amountCents: integer('amount_cents').notNull(),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  subscriptionId: text('subscription_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const testProcessorSubscriptions = pgTable('test_processor_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  status: text('status', { enum: subscriptionStatuses }).notNull(),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cardBrand: text('card_brand').notNull(),
  cardLast4: text('card_last4').notNull(),
  /** Test card 4000 0000 0000 0341: accepted at checkout, declined on every renewal. */
  declinesRenewals: boolean('declines_renewals').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed events the test processor sends to our webhook endpoint, retried until accepted. */
export const testProcessorEvents = pgTable(
  'test_processor_events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [
    index('test_processor_events_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
  ],
);
