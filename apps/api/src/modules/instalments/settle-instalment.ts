import { campDay } from '@campwise/contract/camp-clock';
import { formatDate, formatMoney } from '@campwise/contract/format';
import { addDays, RETRY_DAYS } from '@campwise/contract/payment-plans';
import { receiptNumber } from '@campwise/contract/registrations';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  camps,
  instalmentPlaces,
  instalments,
  paymentPlans,
  payments,
  registrations,
  users,
} from '../../db/schema.ts';
import { instalmentFailedMail, instalmentPaidMail, queueMail } from '../mail/index.ts';
import { instalmentStatus } from '../payment-plans/index.ts';
import { paymentStatus } from '../payments/index.ts';
import { recordChargeEntries } from '../payouts/index.ts';
import { issueReceipt } from '../receipts/index.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { refundDuePayment } from '../registrations/index.ts';
import { keptPlaceHostMail } from './plan-notices.ts';

async function planOf(db: Database, instalmentId: number) {
  const [row] = await db
    .select({
      planId: paymentPlans.id,
      rule: paymentPlans.onFinalFailure,
      campName: sql<string>`coalesce(${camps.name}, 'your camp')`,
      parentEmail: users.email,
      parentFirstName: users.firstName,
      dueDate: instalments.dueDate,
      failedAttempts: instalments.failedAttempts,
      timeZone: sql<string>`coalesce(${camps.timeZone}, 'UTC')`,
    })
    .from(instalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, instalments.planId))
    .leftJoin(camps, eq(camps.id, paymentPlans.campId))
    .leftJoin(users, eq(users.id, paymentPlans.parentId))
    .where(eq(instalments.id, instalmentId));
  return row ?? null;
}

/**
 * Records a charged attempt: the payment succeeds and the instalment is paid, its card becomes
 * the plan's card on file, and the receipt is queued, in one transaction. A second settlement of
 * the same attempt changes nothing. A charge for an instalment no longer being charged (it was
 * settled otherwise meanwhile) is owed back, as a basket's charge that bought nothing is.
 */
export async function settleInstalment(
  deps: RegistrationDeps,
  paymentId: number,
  chargeId: string,
  now: Date,
): Promise<boolean> {
  const settled = await deps.db.transaction(async (tx) => {
    const payment = await paymentStatus.move(tx, paymentId, 'pending', 'succeeded', {
      chargeId,
      updatedAt: now,
    });
    if (!payment?.instalmentId) {
      const [current] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId));
      if (current?.status === 'succeeded') return true;
      await paymentStatus.move(tx, paymentId, 'failed', 'refund_due', { chargeId, updatedAt: now });
      return false;
    }
    const paid = await instalmentStatus.move(tx, payment.instalmentId, 'charging', 'paid', {
      nextAttemptOn: null,
      leaseUntil: null,
      lastFailure: null,
      updatedAt: now,
    });
    if (!paid) {
      await paymentStatus.move(tx, paymentId, 'succeeded', 'refund_due', { updatedAt: now });
      return false;
    }
    await tx
      .update(paymentPlans)
      .set({ paymentMethodId: payment.paymentMethodId })
      .where(eq(paymentPlans.id, paid.planId));
    // The instalment's money by place: each place's part of it (decision 027).
    const parts = await tx
      .select({
        registrationId: instalmentPlaces.registrationId,
        sessionId: registrations.sessionId,
        weight: instalmentPlaces.amountCents,
      })
      .from(instalmentPlaces)
      .innerJoin(registrations, eq(registrations.id, instalmentPlaces.registrationId))
      .where(
        and(eq(instalmentPlaces.instalmentId, payment.instalmentId), eq(instalmentPlaces.cancelled, false)),
      )
      .orderBy(asc(instalmentPlaces.registrationId));
    await recordChargeEntries(tx, paymentId, parts);
    await issueReceipt(tx, paymentId);
    const plan = await planOf(tx, payment.instalmentId);
    const [left] = await tx
      .select({ cents: sql<number>`coalesce(sum(${instalments.amountCents}), 0)::int` })
      .from(instalments)
      .where(
        and(
          eq(instalments.planId, paid.planId),
          inArray(instalments.status, ['scheduled', 'failed', 'charging']),
        ),
      );
    if (plan?.parentEmail && plan.parentFirstName !== null) {
      await queueMail(
        tx,
        instalmentPaidMail(
          plan.parentEmail,
          plan.parentFirstName,
          {
            campName: plan.campName,
            amount: formatMoney(payment.amountCents),
            receiptNumber: receiptNumber(paymentId),
            left: left && left.cents > 0 ? formatMoney(left.cents) : null,
          },
          `${deps.publicUrl}/camper/receipts/${paymentId}`,
        ),
      );
    }
    return true;
  });
  if (!settled) await refundDuePayment(deps, paymentId, now).catch(() => false);
  return settled;
}

export type DeclineOutcome = 'retry' | 'released' | 'kept' | 'by_parent' | 'replayed';

/**
 * Records a declined attempt. A scheduled attempt counts: the instalment is tried again 1, 3 and
 * 5 days after its due date (never sooner than tomorrow), the parent is e-mailed each time with a
 * link to pay now with another card, and after the last try the host's rule applies (the places
 * are released by the job's sweep, or kept and the host e-mailed). A parent's own attempt with
 * another card does not count: the schedule stays as it was.
 */
export async function declineInstalment(
  deps: RegistrationDeps,
  paymentId: number,
  reason: string,
  now: Date,
  by: 'schedule' | 'parent',
): Promise<DeclineOutcome> {
  return deps.db.transaction(async (tx) => {
    const payment = await paymentStatus.move(tx, paymentId, 'pending', 'failed', {
      failureMessage: reason,
      updatedAt: now,
    });
    if (!payment?.instalmentId) return 'replayed';
    if (by === 'parent') {
      await instalmentStatus.move(tx, payment.instalmentId, 'charging', 'failed', {
        leaseUntil: null,
        updatedAt: now,
      });
      return 'by_parent';
    }
    const plan = await planOf(tx, payment.instalmentId);
    if (!plan) return 'replayed';
    const failures = plan.failedAttempts + 1;
    const retryDay = RETRY_DAYS[failures - 1];
    const tomorrow = addDays(campDay(now, plan.timeZone), 1);
    const next =
      retryDay === undefined ? null : ([addDays(plan.dueDate, retryDay), tomorrow].sort().at(-1) ?? tomorrow);
    const changed = await instalmentStatus.move(tx, payment.instalmentId, 'charging', 'failed', {
      failedAttempts: failures,
      nextAttemptOn: next,
      leaseUntil: null,
      lastFailure: reason,
      updatedAt: now,
    });
    if (!changed) return 'replayed';
    const outcome = next ? 'retry' : plan.rule === 'release' ? 'released' : 'kept';
    if (plan.parentEmail && plan.parentFirstName !== null) {
      await queueMail(
        tx,
        instalmentFailedMail(
          plan.parentEmail,
          plan.parentFirstName,
          {
            campName: plan.campName,
            amount: formatMoney(payment.amountCents),
            reason,
            nextTry: next ? formatDate(next) : null,
            outcome,
          },
          `${deps.publicUrl}/camper/instalments/${payment.instalmentId}/pay`,
        ),
      );
    }
    if (outcome === 'kept')
      await keptPlaceHostMail(tx, deps.publicUrl, payment.instalmentId, payment.amountCents);
    return outcome;
  });
}
