import { refundStatuses } from '@campwise/contract/life-cycles';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { instalments } from './payment-plans.ts';
import { registrations } from './registrations.ts';

/** Provider webhook events already handled: a replay changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A camper's customer record at the payment provider. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('provider_customer_id').notNull(),
});

/** A saved card: the provider's token and what a person recognises it by, never the number or CVC. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_cards_parent_idx').on(table.parentId)],
);

/** `refund_due`: the processor holds a charge nothing came of; reconciliation pays it back. */
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'refund_due', 'refunded'] as const;

/**
 * One charge for one registration request. Written (pending) in the transaction that takes the
 * spots, before the card is charged; the idempotency key makes retries answer the first request.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentMethodId: text('provider_payment_method_id').notNull(),
    customerId: text('provider_customer_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargeId: text('provider_charge_id'),
    /** The host's payout account the charge pays, and the platform's fee kept from it (docs/decisions/027). */
    destinationAccountId: text('provider_destination_account_id'),
    applicationFeeCents: integer('application_fee_cents').notNull().default(0),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    failureMessage: text('failure_message'),
    /** An attempt to charge an instalment of a payment plan (decision 026); null: a basket or a move. */
    instalmentId: integer('instalment_id').references((): AnyPgColumn => instalments.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_instalment_idx').on(table.instalmentId),
    uniqueIndex('payments_idempotency_key').on(table.parentId, table.idempotencyKey),
    index('payments_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check(
      'payments_amount_check',
      sql`${table.amountCents} >= 0 and ${table.refundedCents} between 0 and ${table.amountCents}`,
    ),
  ],
);

/**
 * Money given back from one charge, recorded (`pending`) in the transaction that decides it,
 * with the place's and the charge's refunded amounts and the ledger's entries; sent to the
 * processor after that commits, under its own key, by the request or by reconciliation.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    chargeId: text('provider_charge_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's fee it gives back (docs/decisions/027). */
    feeCents: integer('fee_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    failureMessage: text('failure_message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_idempotency_key').on(table.idempotencyKey),
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check(
      'refunds_amount_check',
      sql`${table.amountCents} > 0 and ${table.feeCents} between 0 and ${table.amountCents}`,
    ),
  ],
);
