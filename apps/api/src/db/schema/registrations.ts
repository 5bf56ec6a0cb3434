import type { AdjustmentKindName } from '@campwise/contract/baskets';
import { BOOKED_VIA_WIDGET } from '@campwise/contract/booking-widget';
import type { RefundPolicy } from '@campwise/contract/refund-policy';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { children } from './children.ts';
import { payments } from './payments.ts';
import { campSessions } from './sessions.ts';

export const registrationStatuses = [
  'pending_payment',
  'confirmed',
  'waitlisted',
  'offered',
  'cancelled',
  'offer_expired',
  'payment_failed',
] as const;

/**
 * A child's place at a camp. Its life cycle is the contract's `placeMoves` graph, and its status
 * is written only by `placeStatus` (registrations/place-status.ts, decision 046).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: registrationStatuses }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The session's price when the place was bought (moved by what changed hands when the place
     * moved to another session, decision 017), and what each discount took off it.
     */
    listPriceCents: integer('list_price_cents').notNull().default(0),
    adjustments: jsonb('adjustments')
      .$type<{ kind: AdjustmentKindName; amountCents: number }[]>()
      .notNull()
      .default([]),
    /** The camp's refund policy when the place was taken: a later change never applies to it. */
    refundPolicy: jsonb('refund_policy')
      .$type<RefundPolicy>()
      .notNull()
      .default(sql`'{"fullUntilDays":0,"partial":null,"cancellationFeeCents":0}'::jsonb`),
    /** Paid by a deposit (this much, with the basket's charge) and instalments; null: paid in full. */
    depositCents: integer('deposit_cents'),
    /** The waitlist is first come, first served. */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['parent', 'host'] }),
    /** Where the family booked it when not on Campwise's own pages: a host's booking widget (decision 075). */
    bookedVia: text('booked_via', { enum: [BOOKED_VIA_WIDGET] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('registrations_active_key')
      .on(table.sessionId, table.childId)
      .where(sql`${table.status} in ('pending_payment', 'confirmed', 'waitlisted', 'offered')`),
    index('registrations_parent_idx').on(table.parentId),
    index('registrations_child_idx').on(table.childId),
    // With the status, a session's places are counted from the index alone (host insights).
    index('registrations_session_idx').on(table.sessionId, table.status),
    index('registrations_waitlist_idx')
      .on(table.sessionId, table.waitlistedAt)
      .where(sql`${table.status} = 'waitlisted'`),
    index('registrations_offer_idx').on(table.offerExpiresAt).where(sql`${table.status} = 'offered'`),
    index('registrations_payment_idx').on(table.paymentId),
    // The dashboard's waitlist demand per day (docs/decisions/032).
    index('registrations_waitlisted_idx')
      .on(table.campId, table.waitlistedAt)
      .where(sql`${table.waitlistedAt} is not null`),
    // The widget's bookings in the host's insights: few rows, found without reading the others.
    index('registrations_booked_via_idx').on(table.campId).where(sql`${table.bookedVia} is not null`),
  ],
);

/**
 * A place moved from one session of a camp to another (docs/decisions/017). A dearer session's
 * difference is its own payment; a cheaper one's refund is recorded as the pieces taken from the
 * place's charges, each also a `refunds` row sent to the processor after the move commits.
 */
export const placeTransfers = pgTable(
  'place_transfers',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    fromSessionId: integer('from_session_id').references(() => campSessions.id, { onDelete: 'set null' }),
    toSessionId: integer('to_session_id').references(() => campSessions.id, { onDelete: 'set null' }),
    by: text('by', { enum: ['parent', 'host'] }).notNull(),
    /** Charged (positive) or refunded (negative). */
    differenceCents: integer('difference_cents').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    refunds: jsonb('refunds')
      // feeCents: the platform's fee each piece gives back (docs/decisions/027).
      .$type<{ paymentId: number; chargeId: string; amountCents: number; feeCents: number }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('place_transfers_registration_idx').on(table.registrationId),
    index('place_transfers_payment_idx').on(table.paymentId),
  ],
);
