import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { payoutStatuses, subscriptionStatuses } from '../../../db/schema.ts';

/**
 * The built-in test processor's own records: what a real provider would keep on its side, in a
 * PostgreSQL schema of their own beside the app's tables. A database that takes real payments
 * keeps it empty.
 */
export const testProcessorSchema = pgSchema('test_processor');

export const testProcessorCheckoutSessions = testProcessorSchema.table('checkout_sessions', {
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

export const testProcessorSubscriptions = testProcessorSchema.table('subscriptions', {
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
export const testProcessorEvents = testProcessorSchema.table(
  'events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    /** The connected account an event happened on (Stripe's `account` on Connect events). */
    accountId: text('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [index('events_pending_idx').on(table.nextAttemptAt).where(sql`${table.deliveredAt} is null`)],
);

/** Cards saved at the test processor: brand, last four and expiry only, never the number or CVC. */
export const testProcessorPaymentMethods = testProcessorSchema.table('payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Test card 4000 0000 0000 0341: saves, then every charge is declined. */
  declinesCharges: boolean('declines_charges').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A connected account of the test processor: a host's payout account and its bank. */
export const testProcessorAccounts = testProcessorSchema.table('accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  businessName: text('business_name').notNull(),
  accountHolder: text('account_holder'),
  bankLast4: text('bank_last4'),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** The hosted onboarding link: one use, short-lived, like Stripe's account links. */
  onboardingToken: text('onboarding_token').unique(),
  onboardingExpiresAt: timestamp('onboarding_expires_at', { withTimezone: true }),
  returnUrl: text('return_url'),
  lastPayoutAt: timestamp('last_payout_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The test processor's payouts: a connected account's balance sent to its bank. */
export const testProcessorPayouts = testProcessorSchema.table('payouts', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => testProcessorAccounts.id),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: payoutStatuses }).notNull(),
  arrivalDate: timestamp('arrival_date', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const testProcessorCharges = testProcessorSchema.table('charges', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  /** A destination charge: the connected account it pays and the platform's fee kept from it. */
  destinationAccountId: text('destination_account_id'),
  applicationFeeCents: integer('application_fee_cents').notNull().default(0),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testProcessorRefunds = testProcessorSchema.table('refunds', {
  id: text('id').primaryKey(),
  chargeId: text('charge_id')
    .notNull()
    .references(() => testProcessorCharges.id),
  amountCents: integer('amount_cents').notNull(),
  /** The part of the platform's fee given back to the connected account with this refund. */
  applicationFeeRefundCents: integer('application_fee_refund_cents').notNull().default(0),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
