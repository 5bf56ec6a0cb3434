import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
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
import { queueMail } from '../mail/service.ts';
import { registrationCancelledMail } from '../mail/templates.ts';
import {
  cancelUnpaidParts,
  chargingPart,
  paidOnPlan,
  partsOf,
  recordPartRefunds,
} from '../payment-plans/place-parts.ts';
import { withFeeRefunds } from '../payouts/payment-entries.ts';
import { dayOf, hostCanCancel, parentCanCancel, refundOnCancel, SPOT_HOLDING_STATUSES } from './lifecycle.ts';
import { placeCharges, recordRefundPieces, sendRefundPieces, splitRefund } from './place-charges.ts';
import { placeName } from './place-name.ts';
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

/**
 * Cancels a place. A confirmed one is refunded in full through the processor first (under a key
 * per registration and charge, so a retry never refunds twice), then marked cancelled and its spot freed;
 * a waitlist place or an offer is simply given up. The freed spot goes to the waitlist.
 */
async function cancelRegistration(
  deps: RegistrationDeps,
  registration: NonNullable<Awaited<ReturnType<typeof registrationForCancel>>>,
  by: 'parent' | 'host',
  now: Date,
) {
  // A place on a payment plan has paid its deposit and the instalments charged so far (decision 026).
  const onPlan = registration.depositCents !== null && registration.status === 'confirmed';
  const parts = onPlan ? ((await partsOf(deps.db, [registration.id])).get(registration.id) ?? []) : [];
  if (chargingPart(parts)) throw conflict(messages.registrationInProgress);
  const paidCents =
    registration.depositCents !== null
      ? paidOnPlan(registration.depositCents, parts)
      : registration.amountCents;
  const refund = refundOnCancel({ ...registration, paidCents }, by, dayOf(now));
  const split = refund > 0 ? splitRefund(await placeCharges(deps.db, registration), refund) : [];
  if (split === null) throw conflict(messages.registrationInProgress);
  const pieces = await withFeeRefunds(deps.db, split, deps.platformFee);
  await sendRefundPieces(deps.payments, pieces, refundKey(registration.id));
  return deps.db.transaction(async (tx) => {
    await lockSessions(tx, [registration.sessionId]);
    const [cancelled] = await tx
      .update(registrations)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledBy: by,
        refundedCents: sql`${registrations.refundedCents} + ${refund}`,
        updatedAt: now,
      })
      .where(and(eq(registrations.id, registration.id), eq(registrations.status, registration.status)))
      .returning({
        id: registrations.id,
        status: registrations.status,
        refundedCents: registrations.refundedCents,
      });
    if (!cancelled) throw conflict(messages.registrationChanged);
    if ((SPOT_HOLDING_STATUSES as readonly string[]).includes(registration.status)) {
      await releaseSpots(tx, registration.sessionId, 1);
    }
    await recordRefundPieces(
      tx,
      pieces,
      { registrationId: registration.id, sessionId: registration.sessionId, campId: registration.campId },
      now,
    );
    if (registration.depositCents !== null) {
      if (!(await cancelUnpaidParts(tx, registration.id, now)))
        throw conflict(messages.registrationInProgress);
      await recordPartRefunds(
        tx,
        registration.id,
        pieces.filter((piece) => piece.paymentId !== registration.paymentId),
      );
    }
    const [parent] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, registration.parentId));
    const paid = registration.status === 'confirmed' && paidCents > registration.refundedCents;
    if (parent && (by === 'host' || paid)) {
      await queueMail(
        tx,
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
          `${deps.publicUrl}/camper/registrations`,
        ),
      );
    }
    return cancelled;
  });
}

export async function cancelByParent(
  deps: RegistrationDeps,
  parentId: number,
  registrationId: number,
  now: Date = new Date(),
) {
  const registration = await registrationForCancel(deps.db, registrationId);
  if (!registration || registration.parentId !== parentId) throw notFound(messages.registrationNotFound);
  if (!parentCanCancel(registration.status, registration, dayOf(now))) {
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
  if (!registration || registration.hostId !== hostId) throw notFound(messages.registrationNotFound);
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
