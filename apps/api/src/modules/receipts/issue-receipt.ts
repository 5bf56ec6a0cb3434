import type { ReceiptRefund } from '@campwise/contract/receipts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { receipts, receiptsToBackfill, refundNotes } from '../../db/schema.ts';
import { receiptFromRecords } from './receipt-records.ts';

/**
 * Issues a charge's receipt, in the transaction that records the charge: everything it prints,
 * as the records read now, kept with it for good (docs/decisions/045). A charge that bought
 * nothing has none; issuing again changes nothing.
 */
export async function issueReceipt(db: Database, paymentId: number): Promise<void> {
  const built = await receiptFromRecords(db, paymentId);
  if (!built) return;
  await db
    .insert(receipts)
    .values({ paymentId, issuedAt: new Date(built.receipt.paidAt), document: built.receipt })
    .onConflictDoNothing();
}

async function writeNotes(db: Database, paymentId: number, notes: readonly ReceiptRefund[]) {
  if (notes.length === 0) return;
  await db
    .insert(refundNotes)
    .values(notes.map((note) => ({ paymentId, issuedAt: new Date(note.at), document: note })));
}

/**
 * Issues, once, the receipts of the charges made before receipts were kept (the migration listed
 * them): each from the records as they stand, with a refund note for each refund given since.
 * One charge per transaction, skipping any that another instance is issuing at the same time.
 */
export async function issueBackfilledReceipts(db: Database): Promise<void> {
  for (;;) {
    const issued = await db.transaction(async (tx) => {
      const [next] = await tx
        .select({ paymentId: receiptsToBackfill.paymentId })
        .from(receiptsToBackfill)
        .orderBy(asc(receiptsToBackfill.paymentId))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return false;
      const built = await receiptFromRecords(tx, next.paymentId);
      if (built) {
        const [written] = await tx
          .insert(receipts)
          .values({
            paymentId: next.paymentId,
            issuedAt: new Date(built.receipt.paidAt),
            document: built.receipt,
          })
          .onConflictDoNothing()
          .returning({ paymentId: receipts.paymentId });
        if (written) await writeNotes(tx, next.paymentId, built.refunds);
      }
      await tx.delete(receiptsToBackfill).where(eq(receiptsToBackfill.paymentId, next.paymentId));
      return true;
    });
    if (!issued) return;
  }
}
