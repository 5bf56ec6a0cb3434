import type { FinalFailureRule } from '@campwise/contract/payment-plans';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { payments } from './payments.ts';
import { registrations } from './registrations.ts';

/**
 * A basket paid by a deposit (its payment) and instalments (decision 026): the card on file the
 * instalments are charged to, and what happens to the places when the last attempt fails.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    depositPaymentId: integer('deposit_payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    paymentMethodId: text('provider_payment_method_id').notNull(),
    customerId: text('provider_customer_id').notNull(),
    onFinalFailure: text('on_final_failure', { enum: ['release', 'keep'] })
      .$type<FinalFailureRule>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_plans_deposit_key').on(table.depositPaymentId),
    index('payment_plans_parent_idx').on(table.parentId),
  ],
);

export const instalmentStatusValues = ['scheduled', 'charging', 'paid', 'failed', 'cancelled'] as const;

/**
 * One instalment of a plan. The job claims due ones (`next_attempt_on` reached, or a `charging`
 * one whose lease ran out after a crash) with FOR UPDATE SKIP LOCKED; each attempt is its own
 * payment (`payments.instalment_id`) charged under that payment's key.
 */
export const instalments = pgTable(
  'instalments',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** What is left to charge: the parts of the places still held. */
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: instalmentStatusValues }).notNull().default('scheduled'),
    /** The day it is (next) tried; null once paid, cancelled or given up. */
    nextAttemptOn: date('next_attempt_on', { mode: 'string' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** A `charging` attempt is in flight until then; after it, another worker settles it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastFailure: text('last_failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('instalments_plan_seq_key').on(table.planId, table.seq),
    index('instalments_due_idx')
      .on(table.nextAttemptOn)
      .where(sql`${table.status} in ('scheduled', 'failed', 'charging')`),
    check('instalments_amount_check', sql`${table.amountCents} >= 0 and ${table.failedAttempts} >= 0`),
  ],
);

/** What one place pays at one instalment: the refunds and My Registrations read it per place. */
export const instalmentPlaces = pgTable(
  'instalment_places',
  {
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => instalments.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** What a cancellation gave back of this part, once paid (the receipts list it). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Set when the place is cancelled before this part was paid: it is no longer charged. */
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.instalmentId, table.registrationId] }),
    index('instalment_places_registration_idx').on(table.registrationId),
    check(
      'instalment_places_amount_check',
      sql`${table.amountCents} >= 0 and ${table.refundedCents} between 0 and ${table.amountCents}`,
    ),
  ],
);
