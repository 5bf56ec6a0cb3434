import type { IssuedReceipt, ReceiptRefund } from '@campwise/contract/receipts';
import { index, integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { payments } from './payments.ts';

/**
 * A receipt as issued (docs/decisions/045): everything it prints, kept in the transaction that
 * records its charge and never changed, whatever the account, the children, the camp or the
 * organisation become.
 */
export const receipts = pgTable('receipts', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'cascade' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  document: jsonb('document').$type<IssuedReceipt>().notNull(),
});

/**
 * A refund note: money given back from one charge, issued on its receipt in the transaction that
 * records the refund, and never changed (docs/decisions/045).
 */
export const refundNotes = pgTable(
  'refund_notes',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => receipts.paymentId, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<ReceiptRefund>().notNull(),
  },
  (table) => [index('refund_notes_payment_idx').on(table.paymentId, table.issuedAt)],
);

/** Charges made before receipts were kept: issued once from the records as they stood then. */
export const receiptsToBackfill = pgTable('receipts_to_backfill', {
  paymentId: integer('payment_id').primaryKey(),
});
