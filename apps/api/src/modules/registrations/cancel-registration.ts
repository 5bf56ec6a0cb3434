import { campDay } from '@campwise/contract/camp-clock';
import { formatMoney } from '@campwise/contract/format';
import { holdsSpot, hostCanCancel } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
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
import { conflict, notFound } from '../../platform/errors.ts';
import { placeName } from '../../shared/place-name.ts';
import { mayActOnCamp } from '../access/index.ts';
import { queueMail, registrationCancelledMail } from '../mail/index.ts';
import {
  cancelUnpaidParts,
  chargingPart,
  paidOnPlan,
  partsOf,
  recordPartRefunds,
} from '../payment-plans/index.ts';
import { recordRefunds, sendRefunds } from '../payments/index.ts';
import { withFeeRefunds } from '../payouts/index.ts';
import { issueRefundNotes } from '../receipts/index.ts';
import { parentCanCancel, refundOnCancel } from './lifecycle.ts';
import { placeCharges, recordRefundPieces, splitRefund } from './place-charges.ts';
import { placeStatus } from './place-status.ts';
import { lockSessions, releaseSpots } from './places.ts';
import type { RegistrationDeps } from './service.ts';

const refundKey = (registrationId: number) => `registration-refund-${registrationId}`;

async function registrationForCancel(db: Database, registrationId: number) {
  const [row] = await db
    .select({
      id: registrations.id,
      status: registrations.status,
      parentId: registrations.parentId,
      campId: registrations.campId,
      sessionId: registrations.sessionId,
      sessionName: campSessions.name,
      sessionCount: camps.sessionCount,
      hostId: organizations.hostId,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      depositCents: registrations.depositCents,
      refundPolicy: registrations.refundPolicy,
      paymentId: registrations.paymentId,
      chargeId: payments.chargeId,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      isYearRound: camps.isYearRound,
      timeZone: camps.timeZone,
      campName: camps.name,
      childFirstName: children.firstName,
      childLastName: children.lastName,
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

type PlaceToCancel = NonNullable<Awaited<ReturnType<typeof registrationForCancel>>>;

/**
 * Cancels a place, in one transaction: its status, its spot (freed for the waitlist), the refund
 * it is owed (on the place, its charges and the ledger, and as refunds owed to the family), the
 * unpaid instalments and the family's e-mail. The refunds go to the processor after the commit,
 * under a key per place and charge; a crash or an outage leaves them for reconciliation, never
 * a refund sent that our books do not hold. A waitlist place or an offer is simply given up.
 */
async function cancelRegistration(
  deps: RegistrationDeps,
  seen: PlaceToCancel,
  by: 'parent' | 'host',
  now: Date,
) {
  const { cancelled, refundIds } = await deps.db.transaction(async (tx) => {
    await lockSessions(tx, [seen.sessionId]);
    // Read again under the session's lock: a move or another cancellation may have come first.
    const registration = await registrationForCancel(tx, seen.id);
    if (
      !registration ||
      registration.status !== seen.status ||
      registration.sessionId !== seen.sessionId ||
      registration.refundedCents !== seen.refundedCents
    ) {
      throw conflict(messages.registrationChanged);
    }
    // A place on a payment plan has paid its deposit and the instalments charged so far (decision 026).
    const onPlan = registration.depositCents !== null && registration.status === 'confirmed';
    const parts = onPlan ? ((await partsOf(tx, [registration.id])).get(registration.id) ?? []) : [];
    if (chargingPart(parts)) throw conflict(messages.registrationInProgress);
    const paidCents =
      registration.depositCents !== null
        ? paidOnPlan(registration.depositCents, parts)
        : registration.amountCents;
    const refund = refundOnCancel({ ...registration, paidCents }, by, campDay(now, registration.timeZone));
    const split = refund > 0 ? splitRefund(await placeCharges(tx, registration), refund) : [];
    if (split === null) throw conflict(messages.registrationInProgress);
    const pieces = await withFeeRefunds(tx, split, deps.platformFee);

    const moved = await placeStatus.move(tx, registration.id, registration.status, 'cancelled', {
      cancelledAt: now,
      cancelledBy: by,
      refundedCents: sql`${registrations.refundedCents} + ${refund}`,
      updatedAt: now,
    });
    if (!moved) throw conflict(messages.registrationChanged);
    if (holdsSpot(registration.status)) await releaseSpots(tx, registration.sessionId, 1);
    const place = {
      registrationId: registration.id,
      sessionId: registration.sessionId,
      campId: registration.campId,
    };
    await recordRefundPieces(tx, pieces, place, now);
    await issueRefundNotes(tx, registration.id, pieces, { kind: 'cancelled' }, now);
    const owed = await recordRefunds(tx, pieces, refundKey(registration.id), registration.id, now);
    if (registration.depositCents !== null) {
      if (!(await cancelUnpaidParts(tx, registration.id, now)))
        throw conflict(messages.registrationInProgress);
      await recordPartRefunds(
        tx,
        registration.id,
        pieces.filter((piece) => piece.paymentId !== registration.paymentId),
      );
    }
    await queueCancelMail(deps.publicUrl, tx, registration, by, refund, paidCents);
    return {
      cancelled: { id: moved.id, status: moved.status, refundedCents: moved.refundedCents },
      refundIds: owed,
    };
  });
  // The place is cancelled either way; reconciliation sends a refund the processor did not take now.
  await sendRefunds(deps, refundIds, now).catch(() => undefined);
  return cancelled;
}

/** The family hears of a cancellation by the host, and of their own when it gave money back or kept it. */
async function queueCancelMail(
  publicUrl: string,
  db: Database,
  registration: PlaceToCancel,
  by: 'parent' | 'host',
  refund: number,
  paidCents: number,
) {
  const [parent] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, registration.parentId));
  const paid = registration.status === 'confirmed' && paidCents > registration.refundedCents;
  if (!parent || (by !== 'host' && !paid)) return;
  await queueMail(
    db,
    registrationCancelledMail(
      parent.email,
      parent.firstName,
      {
        campName: placeName({ name: registration.campName, ...registration }),
        childName: `${registration.childFirstName} ${registration.childLastName}`,
        refund: refund > 0 ? formatMoney(refund) : null,
        inFull: refund === paidCents - registration.refundedCents,
        nothingUnderPolicy: paid && refund === 0,
        byHost: by === 'host',
      },
      `${publicUrl}/camper/registrations`,
    ),
  );
}

export async function cancelByParent(
  deps: RegistrationDeps,
  parentId: number,
  registrationId: number,
  now: Date = new Date(),
) {
  const registration = await registrationForCancel(deps.db, registrationId);
  if (!registration || registration.parentId !== parentId) throw notFound(messages.registrationNotFound);
  if (!parentCanCancel(registration.status, registration, campDay(now, registration.timeZone))) {
    throw conflict(messages.registrationCannotCancel);
  }
  return cancelRegistration(deps, registration, 'parent', now);
}

export async function cancelByHost(
  deps: RegistrationDeps,
  hostId: number,
  registrationId: number,
  now: Date = new Date(),
) {
  const registration = await registrationForCancel(deps.db, registrationId);
  if (!registration || !(await mayActOnCamp(deps.db, hostId, registration.campId, 'camps:manage'))) {
    throw notFound(messages.registrationNotFound);
  }
  if (!hostCanCancel(registration.status)) throw conflict(messages.registrationCannotCancel);
  return cancelRegistration(deps, registration, 'host', now);
}

/**
 * A place released because its last instalment attempt failed under the host's "release" rule
 * (decision 026): cancelled as the family's own cancellation would be (the refund policy on what
 * was paid), even once the session has started. Answers null when the place is no longer held.
 */
export async function releaseUnpaidPlace(
  deps: RegistrationDeps,
  registrationId: number,
  now: Date = new Date(),
) {
  const registration = await registrationForCancel(deps.db, registrationId);
  if (registration?.status !== 'confirmed') return null;
  return cancelRegistration(deps, registration, 'parent', now);
}
