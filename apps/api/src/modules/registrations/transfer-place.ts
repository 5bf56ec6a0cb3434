import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { receiptNumber } from '@campwise/contract/registrations';
import type { TransferBody, TransferOutcome } from '@campwise/contract/transfers';
import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, payments, placeTransfers, registrations, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import { placeName } from '../../shared/place-name.ts';
import type { SessionRow } from '../../shared/session-reads.ts';
import { placeTransferredMail, queueMail } from '../mail/index.ts';
import { paymentStatus, recordRefunds, sendRefunds } from '../payments/index.ts';
import { chargeDestination, chargeTermsFor, recordChargeEntries, withFeeRefunds } from '../payouts/index.ts';
import { issueReceipt, issueRefundNotes } from '../receipts/index.ts';
import { placeCharges, recordRefundPieces, splitRefund } from './place-charges.ts';
import { lockSessions, releaseSpots, takeSpots } from './places.ts';
import { chargeKey, paymentUnavailable } from './replay.ts';
import { datesForMail, parentCard, type RegistrationDeps } from './service.ts';
import { failPayment, refundDuePayment } from './settle-payment.ts';
import {
  checkMovable,
  ownPlace,
  type Place,
  sessionsToMoveTo,
  type TransferSide,
} from './transfer-options.ts';

async function outcomeOf(db: Database, transferId: number): Promise<TransferOutcome> {
  const [row] = await db
    .select({
      registrationId: placeTransfers.registrationId,
      sessionId: campSessions.id,
      sessionName: campSessions.name,
      differenceCents: placeTransfers.differenceCents,
      paymentId: placeTransfers.paymentId,
    })
    .from(placeTransfers)
    .innerJoin(campSessions, eq(campSessions.id, placeTransfers.toSessionId))
    .where(eq(placeTransfers.id, transferId));
  if (!row) throw notFound(messages.registrationNotFound);
  const { paymentId, ...outcome } = row;
  return { ...outcome, receiptNumber: paymentId === null ? null : receiptNumber(paymentId) };
}

/** Charges a dearer session's difference as a payment of its own, recorded pending first. */
async function chargeDifference(
  deps: RegistrationDeps,
  place: Place,
  body: TransferBody,
  amountCents: number,
  now: Date,
) {
  if (!body.paymentMethodId) {
    throw new AppError(400, 'BAD_REQUEST', messages.transferCardNeeded, {
      paymentMethodId: messages.transferCardNeeded,
    });
  }
  const card = await parentCard(deps.db, place.parentId, body.paymentMethodId);
  // One key per attempt: a declined or interrupted attempt keeps its own, and the next one
  // (another card, a retry) gets a fresh one. Two attempts at once get the same, and one loses.
  const [attempts] = await deps.db
    .select({ count: count() })
    .from(payments)
    .where(
      and(eq(payments.parentId, place.parentId), like(payments.idempotencyKey, `transfer-${place.id}-%`)),
    );
  const idempotencyKey = `transfer-${place.id}-${(attempts?.count ?? 0) + 1}`;
  const terms = await chargeTermsFor(deps.db, place.campId, amountCents, deps.platformFee);
  const [payment] = await deps.db
    .insert(payments)
    .values({
      parentId: place.parentId,
      campId: place.campId,
      idempotencyKey,
      paymentMethodId: card.paymentMethodId,
      customerId: card.customerId,
      amountCents,
      ...terms,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  // Another attempt at this very move is running.
  if (!payment) throw conflict(messages.registrationChanged);
  try {
    const { chargeId } = await deps.payments.chargeCard({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents,
      description: `Session change: ${place.campName}`,
      idempotencyKey: chargeKey({ id: payment.id, idempotencyKey }),
      destination: chargeDestination(terms),
    });
    return { paymentId: payment.id, chargeId };
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await failPayment(deps.db, payment.id, error.message, now);
      throw new PaymentDeclinedError(messages.transferDeclined.replace('{reason}', error.message));
    }
    // Left pending: reconciliation learns from the processor whether it went through, and
    // refunds it if so, since the place did not move.
    throw paymentUnavailable();
  }
}

/**
 * Moves a paid place to another session of its camp (docs/decisions/017): checks the move, charges
 * a dearer session's difference, then in one transaction (both sessions locked in id order)
 * moves the place and its spot, records the refund of a cheaper session's difference and the
 * transfer, and queues the family's e-mail. The refund goes to the processor after the commit.
 */
export async function transferPlace(
  deps: RegistrationDeps,
  side: TransferSide,
  actorId: number,
  registrationId: number,
  body: TransferBody,
  now: Date = new Date(),
): Promise<TransferOutcome> {
  const { db } = deps;
  const place = await ownPlace(db, side, actorId, registrationId);
  if (place.sessionId === body.sessionId) {
    // A retry of a move that went through answers what it did.
    const [last] = await db
      .select({ id: placeTransfers.id, toSessionId: placeTransfers.toSessionId })
      .from(placeTransfers)
      .where(eq(placeTransfers.registrationId, place.id))
      .orderBy(desc(placeTransfers.id))
      .limit(1);
    if (last?.toSessionId === body.sessionId) return outcomeOf(db, last.id);
    throw conflict(messages.transferSameSession.replace('{name}', place.childFirstName));
  }
  checkMovable(side, place, now);
  const target = (await sessionsToMoveTo(db, side, place, now)).find(
    ({ session }) => session.id === body.sessionId,
  );
  if (!target) throw notFound(messages.sessionNotFound);
  if (target.option.reason) throw conflict(target.option.reason);
  const difference = target.option.differenceCents;
  if (difference !== body.expectedDifferenceCents) {
    throw new AppError(409, 'PRICE_CHANGED', messages.transferPriceChanged);
  }
  const charge = difference > 0 ? await chargeDifference(deps, place, body, difference, now) : null;

  let moved: { transferId: number; refundIds: number[] };
  try {
    moved = await db.transaction(async (tx) => {
      await lockSessions(tx, [place.sessionId, target.session.id]);
      const [current] = await tx
        .select({
          status: registrations.status,
          sessionId: registrations.sessionId,
          amountCents: registrations.amountCents,
          refundedCents: registrations.refundedCents,
        })
        .from(registrations)
        .where(eq(registrations.id, place.id));
      const unchanged =
        current?.status === 'confirmed' &&
        current.sessionId === place.sessionId &&
        current.amountCents === place.amountCents &&
        current.refundedCents === place.refundedCents;
      if (!unchanged) throw conflict(messages.registrationChanged);
      if (!(await takeSpots(tx, target.session.id, 1, { passWaitlist: side === 'host' }))) {
        throw conflict(messages.transferSessionFull.replace('{session}', target.session.name));
      }
      const refund = difference < 0 ? -difference : 0;
      const split = refund > 0 ? splitRefund(await placeCharges(tx, place), refund) : [];
      if (split === null) throw conflict(messages.registrationInProgress);
      const pieces = await withFeeRefunds(tx, split, deps.platformFee);
      await tx
        .update(registrations)
        .set({
          sessionId: target.session.id,
          amountCents: sql`${registrations.amountCents} + ${charge ? difference : 0}`,
          refundedCents: sql`${registrations.refundedCents} + ${refund}`,
          // The price the place now stands at: what the family paid for, moved by what changed
          // hands, so moving there and back again costs nothing (a host's move may cost them nothing).
          listPriceCents: sql`${registrations.listPriceCents} + ${difference}`,
          updatedAt: now,
        })
        .where(eq(registrations.id, place.id));
      await releaseSpots(tx, place.sessionId, 1);
      if (charge) {
        const paid = await paymentStatus.move(tx, charge.paymentId, 'pending', 'succeeded', {
          chargeId: charge.chargeId,
          updatedAt: now,
        });
        if (!paid) throw conflict(messages.registrationChanged);
      }
      await recordRefundPieces(
        tx,
        pieces,
        { registrationId: place.id, sessionId: place.sessionId, campId: place.campId },
        now,
      );
      if (charge) {
        await recordChargeEntries(tx, charge.paymentId, [
          { registrationId: place.id, sessionId: target.session.id, weight: 1 },
        ]);
      }
      const [transfer] = await tx
        .insert(placeTransfers)
        .values({
          registrationId: place.id,
          fromSessionId: place.sessionId,
          toSessionId: target.session.id,
          by: side,
          differenceCents: difference,
          paymentId: charge?.paymentId ?? null,
          refunds: pieces,
        })
        .returning({ id: placeTransfers.id });
      if (!transfer) throw conflict(messages.registrationChanged);
      if (charge) await issueReceipt(tx, charge.paymentId);
      await issueRefundNotes(
        tx,
        place.id,
        pieces,
        { kind: 'moved', fromSessionId: place.sessionId, toSessionId: target.session.id },
        now,
      );
      const refundIds = await recordRefunds(tx, pieces, `transfer-refund-${transfer.id}`, place.id, now);
      await queueTransferMail(tx, deps.publicUrl, side, place, target.session, difference, now);
      return { transferId: transfer.id, refundIds };
    });
  } catch (error) {
    if (charge) {
      // The difference was charged but the place did not move: it is owed back.
      await paymentStatus.move(db, charge.paymentId, 'pending', 'refund_due', {
        chargeId: charge.chargeId,
        updatedAt: now,
      });
      await refundDuePayment(deps, charge.paymentId, now).catch(() => false);
    }
    throw error;
  }
  // The move stands either way; reconciliation sends a refund the processor did not take now.
  await sendRefunds(deps, moved.refundIds, now).catch(() => undefined);
  return outcomeOf(db, moved.transferId);
}

async function queueTransferMail(
  db: Database,
  publicUrl: string,
  side: TransferSide,
  place: Place,
  session: SessionRow,
  difference: number,
  now: Date,
) {
  const [parent] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, place.parentId));
  if (!parent) return;
  const camp = { name: place.campName, sessionCount: place.sessionCount };
  await queueMail(
    db,
    placeTransferredMail(
      parent.email,
      parent.firstName,
      {
        childName: `${place.childFirstName} ${place.childLastName}`,
        from: placeName({ ...camp, sessionName: place.sessionName }),
        to: placeName({ ...camp, sessionName: session.name }),
        dates: datesForMail({ ...session, isYearRound: place.isYearRound }, now),
        charged: difference > 0 ? formatMoney(difference) : null,
        refunded: difference < 0 ? formatMoney(-difference) : null,
        byHost: side === 'host',
      },
      `${publicUrl}/camper/registrations`,
    ),
  );
}
