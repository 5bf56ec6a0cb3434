import { messages } from '@campwise/contract/messages';
import type { PayInstalmentBody } from '@campwise/contract/payment-plans';
import { receiptNumber } from '@campwise/contract/registrations';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/raw.ts';
import { payments } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { parentCard, paymentUnavailable } from '../registrations/index.ts';
import { chargeInstalment, type InstalmentAttempt } from './charge-instalment.ts';
import { ATTEMPT_LEASE_MS, liveAmount, startAttempt } from './claim-instalment.ts';
import { declineInstalment, settleInstalment } from './settle-instalment.ts';

const paid = (instalmentId: number, paymentId: number) => ({
  instalmentId,
  status: 'paid' as const,
  receiptNumber: receiptNumber(paymentId),
});

/**
 * A parent pays a failed instalment now, with one of their saved cards (a new one is saved first
 * through the card form). The attempt is a payment of its own under the parent's key, so a double
 * click or a retry charges once and answers the same; a decline does not count against the
 * schedule's tries. Once paid, that card is the plan's card on file.
 */
export async function payInstalmentNow(
  deps: RegistrationDeps,
  parentId: number,
  instalmentId: number,
  body: PayInstalmentBody,
  now: Date = new Date(),
) {
  const card = await parentCard(deps.db, parentId, body.paymentMethodId);
  const key = `instalment-pay-${body.idempotencyKey}`;
  const [earlier] = await deps.db
    .select({
      id: payments.id,
      status: payments.status,
      instalmentId: payments.instalmentId,
      failureMessage: payments.failureMessage,
    })
    .from(payments)
    .where(and(eq(payments.parentId, parentId), eq(payments.idempotencyKey, key)));
  if (earlier) {
    if (earlier.instalmentId !== instalmentId) throw conflict(messages.registrationChanged);
    if (earlier.status === 'succeeded') return paid(instalmentId, earlier.id);
    if (earlier.status === 'failed')
      throw new PaymentDeclinedError(earlier.failureMessage ?? messages.cardDeclined);
    throw paymentUnavailable();
  }

  const attempt = await deps.db.transaction(async (tx): Promise<InstalmentAttempt> => {
    const [row] = await queryRows<{ id: number; seq: number; status: string; camp_id: number | null }>(
      tx,
      sql`select i.id, i.seq, i.status, p.camp_id from instalments i
        join payment_plans p on p.id = i.plan_id
        where i.id = ${instalmentId} and p.parent_id = ${parentId}
        for update of i`,
    );
    if (!row) throw notFound(messages.instalmentNotFound);
    if (row.status !== 'failed') throw conflict(messages.instalmentNotDue);
    const amount = await liveAmount(tx, row.id);
    if (amount === 0) throw conflict(messages.instalmentNotDue);
    const started = await startAttempt(
      tx,
      { id: row.id, seq: row.seq, parentId, campId: row.camp_id },
      card,
      amount,
      key,
      now,
      ATTEMPT_LEASE_MS,
      deps.platformFee,
    );
    if (!started) throw paymentUnavailable();
    return started;
  });

  let chargeId: string;
  try {
    ({ chargeId } = await chargeInstalment(deps.payments, attempt));
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await declineInstalment(deps, attempt.paymentId, error.message, now, 'parent');
      throw error;
    }
    throw paymentUnavailable();
  }
  if (!(await settleInstalment(deps, attempt.paymentId, chargeId, now)))
    throw conflict(messages.instalmentNotDue);
  return paid(instalmentId, attempt.paymentId);
}
