import { ageOn } from '@campwise/contract/children';
import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { receiptNumber } from '@campwise/contract/registrations';
import {
  type TransferBody,
  type TransferOption,
  type TransferOptions,
  type TransferOutcome,
  transferDifference,
} from '@campwise/contract/transfers';
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  children,
  organizations,
  payments,
  placeTransfers,
  registrations,
  users,
} from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import { queueMail } from '../mail/service.ts';
import { placeTransferredMail } from '../mail/templates.ts';
import { type SessionRow, sessionColumns, sessionOrder } from '../sessions/read-sessions.ts';
import { ageDay, canTransfer, dayOf, isUpcoming } from './lifecycle.ts';
import {
  placeCharges,
  type RefundPiece,
  recordRefundPieces,
  sendRefundPieces,
  splitRefund,
} from './place-charges.ts';
import { placeName } from './place-name.ts';
import { lockSessions, releaseSpots, takeSpots } from './places.ts';
import { chargeKey, parentCard, paymentUnavailable } from './register-children.ts';
import {
  closedToNewPlaces,
  datesForMail,
  overlapReason,
  placesHeld,
  type RegistrationDeps,
} from './service.ts';
import { failPayment, refundDuePayment } from './settle-payment.ts';

/** Who moves a place: the family, or the camp's host (docs/decisions/017). */
export type TransferSide = 'parent' | 'host';

async function placeToMove(db: Database, registrationId: number) {
  const [row] = await db
    .select({
      id: registrations.id,
      status: registrations.status,
      parentId: registrations.parentId,
      campId: registrations.campId,
      sessionId: registrations.sessionId,
      childId: registrations.childId,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      listPriceCents: registrations.listPriceCents,
      paymentId: registrations.paymentId,
      chargeId: payments.chargeId,
      campName: camps.name,
      sessionCount: camps.sessionCount,
      isYearRound: camps.isYearRound,
      minAge: camps.minAge,
      maxAge: camps.maxAge,
      hostId: organizations.hostId,
      sessionName: campSessions.name,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      childFirstName: children.firstName,
      childLastName: children.lastName,
      birthday: children.birthday,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .leftJoin(payments, eq(payments.id, registrations.paymentId))
    .where(eq(registrations.id, registrationId));
  return row ?? null;
}
type Place = NonNullable<Awaited<ReturnType<typeof placeToMove>>>;

/** The place, when the reader may move it: the parent who holds it, or the camp's host. */
async function ownPlace(db: Database, side: TransferSide, actorId: number, registrationId: number) {
  const place = await placeToMove(db, registrationId);
  const owner = side === 'parent' ? place?.parentId : place?.hostId;
  if (!place || owner !== actorId) throw notFound(messages.registrationNotFound);
  return place;
}

/** Why the place cannot move to this session (the first reason), or null. */
function blockedBecause(
  side: TransferSide,
  place: Place,
  session: SessionRow,
  context: { waiting: ReadonlySet<number>; held: Awaited<ReturnType<typeof placesHeld>>; now: Date },
): string | null {
  const today = dayOf(context.now);
  const booking = { startDate: session.startDate, endDate: session.endDate, isYearRound: place.isYearRound };
  if (side === 'parent') {
    if (!place.isYearRound && session.startDate !== null && session.startDate <= today) {
      return messages.transferSessionStarted;
    }
    const closed = closedToNewPlaces({ ...booking, session }, today, context.now);
    if (closed) return closed;
  } else if (!isUpcoming(booking, today)) {
    return messages.transferSessionOver;
  }
  const full =
    session.capacity - session.spotsTaken < 1 || (side === 'parent' && context.waiting.has(session.id));
  if (full) return messages.transferSessionFull.replace('{session}', session.name);
  const age = ageOn(place.birthday, ageDay(booking, today));
  if (age < place.minAge) return messages.childTooYoung;
  if (age > place.maxAge) return messages.childTooOld;
  return overlapReason(context.held, { id: place.childId, firstName: place.childFirstName }, session);
}

/** Every other scheduled session of the camp, with what a move there costs and whether it can be made. */
async function sessionsToMoveTo(db: Database, side: TransferSide, place: Place, now: Date) {
  const sessions = await db
    .select(sessionColumns)
    .from(campSessions)
    .where(
      and(
        eq(campSessions.campId, place.campId),
        eq(campSessions.status, 'scheduled'),
        ne(campSessions.id, place.sessionId),
      ),
    )
    .orderBy(...sessionOrder);
  const waitingRows = await db
    .selectDistinct({ sessionId: registrations.sessionId })
    .from(registrations)
    .where(and(eq(registrations.campId, place.campId), eq(registrations.status, 'waitlisted')));
  const context = {
    waiting: new Set(waitingRows.map((row) => row.sessionId)),
    held: await placesHeld(db, [place.childId], place.id),
    now,
  };
  const paidCents = place.amountCents - place.refundedCents;
  return sessions.map((session) => {
    const reason = blockedBecause(side, place, session, context);
    const option: TransferOption = {
      sessionId: session.id,
      name: session.name,
      startDate: session.startDate,
      endDate: session.endDate,
      startTime: session.startTime,
      endTime: session.endTime,
      priceCents: session.priceCents,
      spotsLeft: Math.max(0, session.capacity - session.spotsTaken),
      differenceCents: transferDifference(
        { listPriceCents: place.listPriceCents, paidCents },
        session.priceCents,
        side,
      ),
      available: reason === null,
      reason,
    };
    return { option, session };
  });
}

function checkMovable(side: TransferSide, place: Place, now: Date): void {
  if (!canTransfer(side, place.status, place, dayOf(now))) throw conflict(messages.transferNotAllowed);
}

export async function transferOptions(
  db: Database,
  side: TransferSide,
  actorId: number,
  registrationId: number,
  now: Date = new Date(),
): Promise<TransferOptions> {
  const place = await ownPlace(db, side, actorId, registrationId);
  checkMovable(side, place, now);
  const sessions = await sessionsToMoveTo(db, side, place, now);
  return {
    registrationId: place.id,
    campName: place.campName,
    childName: `${place.childFirstName} ${place.childLastName}`,
    sessionId: place.sessionId,
    sessionName: place.sessionName,
    paidCents: place.amountCents - place.refundedCents,
    options: sessions.map(({ option }) => option),
  };
}

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
  const [moves] = await deps.db
    .select({ count: count() })
    .from(placeTransfers)
    .where(eq(placeTransfers.registrationId, place.id));
  const idempotencyKey = `transfer-${place.id}-${(moves?.count ?? 0) + 1}`;
  const [payment] = await deps.db
    .insert(payments)
    .values({
      parentId: place.parentId,
      campId: place.campId,
      idempotencyKey,
      paymentMethodId: card.paymentMethodId,
      customerId: card.customerId,
      amountCents,
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

  let moved: { transferId: number; pieces: RefundPiece[] };
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
      const pieces = refund > 0 ? splitRefund(await placeCharges(tx, place), refund) : [];
      if (pieces === null) throw conflict(messages.registrationInProgress);
      await tx
        .update(registrations)
        .set({
          sessionId: target.session.id,
          amountCents: sql`${registrations.amountCents} + ${charge ? difference : 0}`,
          refundedCents: sql`${registrations.refundedCents} + ${refund}`,
          listPriceCents: target.session.priceCents,
          updatedAt: now,
        })
        .where(eq(registrations.id, place.id));
      await releaseSpots(tx, place.sessionId, 1);
      if (charge) {
        const [paid] = await tx
          .update(payments)
          .set({ status: 'succeeded', chargeId: charge.chargeId, updatedAt: now })
          .where(and(eq(payments.id, charge.paymentId), eq(payments.status, 'pending')))
          .returning({ id: payments.id });
        if (!paid) throw conflict(messages.registrationChanged);
      }
      await recordRefundPieces(tx, pieces, now);
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
          refundsSentAt: pieces.length === 0 ? now : null,
        })
        .returning({ id: placeTransfers.id });
      if (!transfer) throw conflict(messages.registrationChanged);
      await queueTransferMail(tx, deps.publicUrl, side, place, target.session, difference, now);
      return { transferId: transfer.id, pieces };
    });
  } catch (error) {
    if (charge) {
      // The difference was charged but the place did not move: it is owed back.
      await db
        .update(payments)
        .set({ status: 'refund_due', chargeId: charge.chargeId, updatedAt: now })
        .where(and(eq(payments.id, charge.paymentId), eq(payments.status, 'pending')));
      await refundDuePayment(deps, charge.paymentId, now).catch(() => false);
    }
    throw error;
  }
  if (moved.pieces.length > 0) {
    // The move stands either way; reconciliation sends a refund the processor did not take now.
    await sendTransferRefund(deps, moved.transferId, moved.pieces, now).catch(() => false);
  }
  return outcomeOf(db, moved.transferId);
}

async function sendTransferRefund(
  deps: RegistrationDeps,
  transferId: number,
  pieces: readonly RefundPiece[],
  now: Date,
): Promise<boolean> {
  await sendRefundPieces(deps.payments, pieces, `transfer-refund-${transferId}`);
  await deps.db
    .update(placeTransfers)
    .set({ refundsSentAt: now })
    .where(and(eq(placeTransfers.id, transferId), isNull(placeTransfers.refundsSentAt)));
  return true;
}

/** Sends the refunds of moves that a processor outage interrupted; answers how many went out. */
export async function sendUnsentTransferRefunds(deps: RegistrationDeps, now: Date): Promise<number> {
  const unsent = await deps.db
    .select({ id: placeTransfers.id, refunds: placeTransfers.refunds })
    .from(placeTransfers)
    .where(isNull(placeTransfers.refundsSentAt))
    .orderBy(asc(placeTransfers.id))
    .limit(100);
  let sent = 0;
  for (const transfer of unsent) {
    if (await sendTransferRefund(deps, transfer.id, transfer.refunds, now).catch(() => false)) sent += 1;
  }
  return sent;
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
