import { formatMoney } from '@campwise/contract/format';
import { FULL_REFUND_UNTIL_START, refundPolicyText } from '@campwise/contract/refund-policy';
import { receiptNumber } from '@campwise/contract/registrations';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  children,
  organizations,
  payments,
  registrations,
  users,
} from '../../db/schema.ts';
import { placeName } from '../../shared/place-name.ts';
import { releasePromoUse } from '../discounts/index.ts';
import { newRegistrationMail, queueMail, registrationReceiptMail } from '../mail/index.ts';
import { paymentStatus, recordRefunds, sendRefunds } from '../payments/index.ts';
import { recordChargeEntries, recordRefundEntries, withFeeRefunds } from '../payouts/index.ts';
import { issueReceipt } from '../receipts/index.ts';
import { placeStatus } from './place-status.ts';
import { lockSessions, releaseSpots } from './places.ts';
import { childName, datesForMail, type RegistrationDeps } from './service.ts';

/**
 * Records a successful charge: the payment succeeds and its registrations are confirmed, with
 * the receipts queued in the same transaction. Answers the confirmed registrations, or null when
 * there was nothing left to confirm (the places are gone, or the payment was given up before
 * the charge landed): the charge is then owed back, recorded as `refund_due` before the
 * processor is asked, so reconciliation finishes the refund should this attempt fail.
 */
export async function settlePaidPayment(
  deps: RegistrationDeps,
  paymentId: number,
  chargeId: string | null,
  now: Date,
): Promise<number[] | null> {
  const { db } = deps;
  const confirmed = await db.transaction(async (tx) => {
    const payment = await paymentStatus.move(tx, paymentId, 'pending', 'succeeded', {
      chargeId,
      updatedAt: now,
    });
    if (!payment) {
      const [current] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId));
      // Settled meanwhile (another instance's reconciliation found the same charge).
      if (current?.status === 'succeeded') return confirmedUnder(tx, paymentId);
      await paymentStatus.move(tx, paymentId, 'failed', 'refund_due', { chargeId, updatedAt: now });
      return null;
    }
    const rows = await placeStatus.moveWhere(
      tx,
      eq(registrations.paymentId, paymentId),
      'pending_payment',
      'confirmed',
      { offerExpiresAt: null, updatedAt: now },
    );
    if (rows.length === 0) {
      await paymentStatus.move(tx, paymentId, 'succeeded', 'refund_due', { updatedAt: now });
      return null;
    }
    await recordChargeEntries(tx, paymentId);
    await issueReceipt(tx, paymentId);
    await queueRegistrationMail(
      tx,
      deps.publicUrl,
      payment,
      rows.map((row) => row.childId),
      rows[0]?.sessionId ?? 0,
      now,
    );
    return rows.map((row) => row.id);
  });
  if (confirmed === null) await refundDuePayment(deps, paymentId, now);
  return confirmed;
}

async function confirmedUnder(db: Database, paymentId: number): Promise<number[] | null> {
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.paymentId, paymentId), eq(registrations.status, 'confirmed')))
    .orderBy(asc(registrations.id));
  return rows.length > 0 ? rows.map((row) => row.id) : null;
}

/**
 * Pays back, in full and once (the refund key is the payment's), a charge nothing came of: the
 * refund is recorded with the payment's move to `refunded` and the ledger's entries, then sent.
 */
export async function refundDuePayment(
  deps: RegistrationDeps,
  paymentId: number,
  now: Date,
): Promise<boolean> {
  const refundIds = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select({
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        chargeId: payments.chargeId,
        campId: payments.campId,
      })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'refund_due')))
      .for('update');
    if (!payment?.chargeId) return null;
    const owed = payment.amountCents - payment.refundedCents;
    // Nothing was bought, so the platform's fee goes back too, whatever the fee setting.
    const pieces =
      owed > 0
        ? await withFeeRefunds(
            tx,
            [{ paymentId, chargeId: payment.chargeId, amountCents: owed }],
            deps.platformFee,
            true,
          )
        : [];
    await paymentStatus.move(tx, paymentId, 'refund_due', 'refunded', {
      refundedCents: payment.amountCents,
      updatedAt: now,
    });
    if (pieces.length === 0) return [];
    const nowhere = { registrationId: null, sessionId: null, campId: payment.campId };
    await recordChargeEntries(tx, paymentId, []);
    await recordRefundEntries(tx, pieces, nowhere);
    return recordRefunds(tx, pieces, 'payment-refund', null, now);
  });
  if (refundIds === null) return false;
  // An outage leaves the refund owed, for reconciliation to send.
  await sendRefunds(deps, refundIds, now).catch(() => undefined);
  return true;
}

async function queueRegistrationMail(
  db: Database,
  publicUrl: string,
  payment: { id: number; parentId: number | null; campId: number | null; amountCents: number },
  childIds: number[],
  sessionId: number,
  now: Date,
) {
  if (payment.parentId === null || payment.campId === null) return;
  const [camp] = await db
    .select({
      id: camps.id,
      name: camps.name,
      sessionName: campSessions.name,
      sessionCount: camps.sessionCount,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      isYearRound: camps.isYearRound,
      spotsLeft: sql<number>`greatest(0, ${campSessions.capacity} - ${campSessions.spotsTaken})::int`,
      hostEmail: users.email,
      hostFirstName: users.firstName,
    })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(users, eq(users.id, organizations.hostId))
    .where(eq(campSessions.id, sessionId));
  // The policy the places were bought under (each registration keeps it).
  const [bought] = await db
    .select({ refundPolicy: registrations.refundPolicy })
    .from(registrations)
    .where(eq(registrations.paymentId, payment.id))
    .limit(1);
  const [parent] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, payment.parentId));
  if (!camp || !parent) return;
  const kids = await db
    .select({ firstName: children.firstName, lastName: children.lastName })
    .from(children)
    .where(inArray(children.id, childIds))
    .orderBy(asc(children.firstName));
  await queueMail(
    db,
    registrationReceiptMail(
      parent.email,
      parent.firstName,
      {
        campName: placeName(camp),
        childNames: kids.map(childName),
        amount: formatMoney(payment.amountCents),
        dates: datesForMail(camp, now),
        receiptNumber: receiptNumber(payment.id),
        refundPolicy: refundPolicyText(bought?.refundPolicy ?? FULL_REFUND_UNTIL_START),
      },
      `${publicUrl}/camper/registrations`,
    ),
  );
  await queueMail(
    db,
    newRegistrationMail(
      camp.hostEmail,
      camp.hostFirstName,
      { campName: placeName(camp), count: kids.length, spotsLeft: camp.spotsLeft },
      `${publicUrl}/host/camp/${camp.id}/roster`,
    ),
  );
}

/**
 * A declined or abandoned payment: new places are released, places taken from a waitlist offer
 * go back to being offered (the hold keeps running), and the payment records why.
 */
export async function failPayment(
  db: Database,
  paymentId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = await tx
      .selectDistinct({ sessionId: registrations.sessionId })
      .from(registrations)
      .where(eq(registrations.paymentId, paymentId));
    await lockSessions(
      tx,
      held.map((row) => row.sessionId),
    );
    const payment = await paymentStatus.move(tx, paymentId, 'pending', 'failed', {
      failureMessage: reason,
      updatedAt: now,
    });
    if (!payment) return false;
    await placeStatus.moveWhere(
      tx,
      and(eq(registrations.paymentId, paymentId), isNotNull(registrations.offerExpiresAt)),
      'pending_payment',
      'offered',
      { paymentId: null, amountCents: 0, adjustments: [], depositCents: null, updatedAt: now },
    );
    const released = await placeStatus.moveWhere(
      tx,
      eq(registrations.paymentId, paymentId),
      'pending_payment',
      'payment_failed',
      { updatedAt: now },
    );
    for (const { sessionId } of held) {
      await releaseSpots(tx, sessionId, released.filter((row) => row.sessionId === sessionId).length);
    }
    await releasePromoUse(tx, paymentId);
    return true;
  });
}
