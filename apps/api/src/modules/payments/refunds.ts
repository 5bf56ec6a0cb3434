import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import { type PaymentProvider, RefundRefusedError } from '../../platform/payments/provider.ts';
import { refundStatus } from './refund-status.ts';

/** Part of a refund, taken from one charge, with the platform's fee it gives back. */
export interface RefundToSend {
  paymentId: number;
  chargeId: string;
  amountCents: number;
  feeCents: number;
}

/**
 * Records refunds as owed (`pending`), in the transaction that decides them and records them on
 * the place, the charge and the ledger: a crash after the commit leaves them for reconciliation
 * to send, and a crash before it leaves nothing sent. Each piece's key is `{keyPrefix}-{payment}`,
 * so asking again never refunds twice. Answers their ids, to send once the transaction commits.
 */
export async function recordRefunds(
  db: Database,
  pieces: readonly RefundToSend[],
  keyPrefix: string,
  registrationId: number | null,
  now: Date,
): Promise<number[]> {
  if (pieces.length === 0) return [];
  const rows = await db
    .insert(refunds)
    .values(
      pieces.map((piece) => ({
        paymentId: piece.paymentId,
        chargeId: piece.chargeId,
        amountCents: piece.amountCents,
        feeCents: piece.feeCents,
        idempotencyKey: `${keyPrefix}-${piece.paymentId}`,
        registrationId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: refunds.id });
  return rows.map((row) => row.id);
}

export interface RefundsSent {
  sent: number;
  /** Refused by the processor for good: recorded as failed, for an administrator. */
  failed: number;
}

/**
 * Sends owed refunds to the processor, each under its own key. One the processor took is `sent`;
 * one it refused for good is `failed` with its reason; one it could not answer now (an outage)
 * stays `pending` for the next try.
 */
export async function sendRefunds(
  deps: { db: Database; payments: PaymentProvider },
  ids: readonly number[],
  now: Date,
): Promise<RefundsSent> {
  const result: RefundsSent = { sent: 0, failed: 0 };
  if (ids.length === 0) return result;
  const owed = await deps.db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.id, [...ids]), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.id));
  for (const refund of owed) {
    try {
      const { refundId } = await deps.payments.refund({
        chargeId: refund.chargeId,
        amountCents: refund.amountCents,
        applicationFeeRefundCents: refund.feeCents,
        idempotencyKey: refund.idempotencyKey,
      });
      const moved = await refundStatus.move(deps.db, refund.id, 'pending', 'sent', {
        providerRefundId: refundId,
        attempts: refund.attempts + 1,
        updatedAt: now,
      });
      if (moved) result.sent += 1;
    } catch (error) {
      if (!(error instanceof RefundRefusedError)) {
        await deps.db
          .update(refunds)
          .set({ attempts: refund.attempts + 1, updatedAt: now })
          .where(eq(refunds.id, refund.id));
        continue;
      }
      const moved = await refundStatus.move(deps.db, refund.id, 'pending', 'failed', {
        failureMessage: error.message,
        attempts: refund.attempts + 1,
        updatedAt: now,
      });
      if (moved) result.failed += 1;
    }
  }
  return result;
}

/** Sends the refunds still owed after `olderThanMs`: those a crash or an outage left behind. */
export async function sendOwedRefunds(
  deps: { db: Database; payments: PaymentProvider },
  now: Date,
  olderThanMs: number,
): Promise<RefundsSent> {
  const owed = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.createdAt, new Date(now.getTime() - olderThanMs))))
    .orderBy(asc(refunds.id))
    .limit(100);
  return sendRefunds(
    deps,
    owed.map((row) => row.id),
    now,
  );
}
