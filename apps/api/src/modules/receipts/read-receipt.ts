import { messages } from '@campwise/contract/messages';
import type { Receipt, ReceiptListItem } from '@campwise/contract/receipts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments, receipts, refundNotes } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';

/** What a receipt's refund notes gave back in all. */
const refundedCents = sql<number>`coalesce((select sum((${refundNotes.document}->>'amountCents')::int)
  from ${refundNotes} where ${refundNotes.paymentId} = ${receipts.paymentId}), 0)::int`;

/** The parent's receipts, newest first, as issued. */
export async function listReceipts(db: Database, parentId: number): Promise<ReceiptListItem[]> {
  const rows = await db
    .select({ document: receipts.document, refundedCents })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(eq(payments.parentId, parentId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.paymentId));
  return rows.map(({ document, refundedCents }) => ({
    paymentId: document.paymentId,
    number: document.number,
    paidAt: document.paidAt,
    kind: document.kind,
    campName: document.campName,
    amountCents: document.amountCents,
    refundedCents,
  }));
}

/**
 * One receipt of the parent's as it was issued, with the refund notes issued on it since: read
 * from nothing else, so renaming the parent, a child, the camp or the organisation changes none
 * of it. Another parent gets the same "not found" as for a receipt that does not exist.
 */
export async function readReceipt(db: Database, parentId: number, paymentId: number): Promise<Receipt> {
  const [issued] = await db
    .select({ document: receipts.document })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(and(eq(receipts.paymentId, paymentId), eq(payments.parentId, parentId)));
  if (!issued) throw notFound(messages.receiptNotFound);
  const notes = await db
    .select({ document: refundNotes.document })
    .from(refundNotes)
    .where(eq(refundNotes.paymentId, paymentId))
    .orderBy(asc(refundNotes.issuedAt), asc(refundNotes.id));
  const refunds = notes.map((note) => note.document);
  return {
    ...issued.document,
    refunds,
    refundedCents: refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
  };
}
