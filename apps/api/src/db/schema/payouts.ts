import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { payments } from './payments.ts';
import { registrations } from './registrations.ts';
import { campSessions } from './sessions.ts';

/** A host's payout account (a Stripe Connect Express account) as the provider last told us. */
export const hostPayoutAccounts = pgTable('host_payout_accounts', {
  hostId: integer('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('provider_account_id').notNull().unique(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  bankLast4: text('bank_last4'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payoutStatuses = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;

/** A payout from a host's payout account to their bank, as the provider last told us. */
export const hostPayouts = pgTable(
  'host_payouts',
  {
    id: text('provider_payout_id').primaryKey(),
    accountId: text('provider_account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('host_payouts_account_idx').on(table.accountId, table.createdAt)],
);

export const paymentEntryKinds = ['charge', 'refund'] as const;

/**
 * The money of each charge and refund, by the place it was for (docs/decisions/027): written in
 * the transaction that records the charge or refund, never changed. A host's earnings are sums
 * of these; a charge nothing came of has entries without a place.
 */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    sessionId: integer('session_id').references(() => campSessions.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: paymentEntryKinds }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's fee: kept from a charge, or given back with a refund. */
    feeCents: integer('fee_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The first charge of its place: the day the place was sold (host insights). Decided when the
     * entry is written, so reading a year of sales needs no look-back per charge.
     */
    firstSale: boolean('first_sale').notNull().default(false),
    /**
     * The camp and session as they were named when the entry was written, as the earnings
     * statement prints them (docs/decisions/045): "Camp (Week 2)", and the session alone.
     */
    placeName: text('place_name').notNull(),
    sessionName: text('session_name'),
  },
  (table) => [
    index('payment_entries_camp_idx').on(table.campId),
    index('payment_entries_payment_idx').on(table.paymentId),
    // Whether a place already has a charge when another is written (first_sale; decision 032).
    index('payment_entries_sale_idx')
      .on(table.registrationId, table.createdAt)
      .where(sql`${table.kind} = 'charge'`),
    // Holds every column the season figures read, so a year of an organisation's ledger is read
    // from the index alone (host insights).
    index('payment_entries_camp_day_idx').on(
      table.campId,
      table.createdAt,
      table.kind,
      table.amountCents,
      table.firstSale,
    ),
    check(
      'payment_entries_amounts_check',
      sql`${table.amountCents} >= 0 and ${table.feeCents} between 0 and ${table.amountCents}`,
    ),
  ],
);
