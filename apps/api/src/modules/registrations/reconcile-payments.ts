import { messages } from '@campwise/contract/messages';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import { sendOwedRefunds } from '../payments/index.ts';
import { chargeKey } from './replay.ts';
import type { RegistrationDeps } from './service.ts';
import { failPayment, refundDuePayment, settlePaidPayment } from './settle-payment.ts';

/**
 * Settles payments left pending by a crash or a processor outage: when the processor holds a
 * charge under the payment's key, the places are confirmed (or, if they are gone, the charge is
 * refunded); when it holds none, the places are released. Then sends the refunds still owed.
 * Safe with several instances: every change is conditional on the status it moves from.
 */
export async function reconcilePayments(
  deps: RegistrationDeps,
  now: Date = new Date(),
  olderThanMs = 2 * 60 * 1000,
): Promise<{ confirmed: number; released: number; refunded: number; refundsRefused: number }> {
  const stale = await deps.db
    .select({ id: payments.id, idempotencyKey: payments.idempotencyKey })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        // Instalment attempts are finished by the instalments job, under their own keys.
        isNull(payments.instalmentId),
        sql`${payments.createdAt} <= ${new Date(now.getTime() - olderThanMs).toISOString()}`,
      ),
    )
    .orderBy(asc(payments.id))
    .limit(100);
  const result = { confirmed: 0, released: 0, refunded: 0, refundsRefused: 0 };
  for (const payment of stale) {
    const charge = await deps.payments.findCharge(chargeKey(payment));
    if (!charge) {
      if (await failPayment(deps.db, payment.id, messages.paymentNotCompleted, now)) result.released += 1;
      continue;
    }
    const settled = await settlePaidPayment(deps, payment.id, charge.chargeId, now);
    if (settled === null) result.refunded += 1;
    else result.confirmed += 1;
  }
  // Charges owed back whose refund a crash kept from being recorded.
  const owed = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.status, 'refund_due'))
    .orderBy(asc(payments.id))
    .limit(100);
  for (const { id } of owed) {
    if (await refundDuePayment(deps, id, now)) result.refunded += 1;
  }
  // Refunds recorded but not yet taken by the processor: a crash after their commit, or an outage.
  const owedRefunds = await sendOwedRefunds(deps, now, olderThanMs);
  result.refunded += owedRefunds.sent;
  result.refundsRefused = owedRefunds.failed;
  return result;
}
