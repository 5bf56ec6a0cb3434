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
  const refund = refundOnCancel(registration, by, dayOf(now));
  const pieces = refund > 0 ? splitRefund(await placeCharges(deps.db, registration), refund) : [];
  if (pieces === null) throw conflict(messages.registrationInProgress);
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
    await recordRefundPieces(tx, pieces, now);
    const [parent] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, registration.parentId));
    const paid = registration.status === 'confirmed' && registration.amountCents > registration.refundedCents;
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
            inFull: refund === registration.amountCents - registration.refundedCents,
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
