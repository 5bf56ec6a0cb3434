import { campDay } from '@campwise/contract/camp-clock';
import { messages } from '@campwise/contract/messages';
import { type RegisterBody, type RegistrationOutcome, receiptNumber } from '@campwise/contract/registrations';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import {
  campSessions,
  children,
  paymentCustomers,
  payments,
  registrations,
  savedCards,
} from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import { checkFormsComplete } from '../camp-forms/index.ts';
import { type ChargeTerms, chargeDestination, chargeTermsFor } from '../payouts/index.ts';
import { eligibility } from './lifecycle.ts';
import { placeStatus } from './place-status.ts';
import { insertRegistrations, takeSpots } from './places.ts';
import {
  checkNoOverlappingPlace,
  checkOpenForNewPlaces,
  childrenAtSession,
  openSession,
  type RegistrationDeps,
} from './service.ts';
import { failPayment, settlePaidPayment } from './settle-payment.ts';

/** Thrown inside the first transaction when the idempotency key was already used: roll back, replay. */
export class ReplayedRequest extends Error {}

export const paymentUnavailable = () => new AppError(503, 'PAYMENT_PENDING', messages.registrationInProgress);

/**
 * Registers children for a camp and charges the camp's cost for each, once per idempotency key.
 *
 * 1. One transaction takes the spots with a conditional update of the camp row (never
 *    read-then-write), records the payment as pending and the registrations as being paid. A
 *    camp without enough spots (or with families already waiting) puts the children on its
 *    waitlist instead, free of charge, or answers 409 when it has none.
 * 2. The card is charged with a key derived from the payment row, so a retry cannot charge twice.
 * 3. A second transaction confirms (and queues the receipts), or on a decline releases the spots.
 * A crash between 2 and 3 leaves a pending payment that reconciliation settles.
 */
/** The spec's request: children for one session of the camp. */
export type ChildrenBody = RegisterBody & { childIds: number[] };

export async function registerChildren(
  deps: RegistrationDeps,
  parentId: number,
  campId: number,
  body: ChildrenBody,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  const { db } = deps;
  const camp = await openSession(db, campId, body.sessionId);
  const sessionId = camp.session.id;
  const replay = await replayOf(db, parentId, campId, replayKey(body));
  if (replay) return replay;
  const card = body.paymentMethodId ? await parentCard(db, parentId, body.paymentMethodId) : null;
  const today = campDay(now, camp.timeZone);

  let taken:
    | { kind: 'waitlisted'; ids: number[] }
    | { kind: 'charge'; paymentId: number; amountCents: number; terms: ChargeTerms };
  try {
    taken = await db.transaction(async (tx) => {
      // One parent's attempts at one camp run one at a time, so a double click, a retry or a second
      // tab sees what the first did (its payment, its places) instead of racing it for them.
      await queryRows(tx, sql`select pg_advisory_xact_lock(${parentId}::int, ${campId}::int)`);
      if (await paymentUnderKey(tx, parentId, body.idempotencyKey)) throw new ReplayedRequest();
      const kids = await childrenAtSession(tx, parentId, sessionId, body.childIds);
      if (kids.length !== body.childIds.length) throw notFound(messages.childNotFound);
      // Already on this camp's waitlist, all of them: joining again is the same request once more.
      if (kids.every((kid) => kid.status === 'waitlisted')) {
        return { kind: 'waitlisted' as const, ids: kids.map((kid) => kid.registrationId ?? 0) };
      }
      for (const kid of kids) {
        const { reason } = eligibility(kid, camp, today, kid.status);
        if (reason) {
          throw conflict(
            messages.childNotEligible
              .replace('{name}', kid.firstName)
              .replace('{reason}', reason.toLowerCase()),
          );
        }
      }
      const held = kids.filter((kid) => kid.status === 'offered');
      if (held.some((kid) => !kid.offerExpiresAt || kid.offerExpiresAt <= now))
        throw conflict(messages.offerExpired);
      const fresh = kids.filter((kid) => kid.status === null);
      if (fresh.length > 0) checkOpenForNewPlaces(camp, today, now);
      await checkFormsComplete(tx, parentId, campId, body.childIds);

      const spotsTaken = fresh.length === 0 || (await takeSpots(tx, sessionId, fresh.length));
      if (!spotsTaken) {
        // A held spot is paid for, not traded for a waitlist place alongside a brother or sister.
        if (held.length > 0) throw conflict(messages.payHeldSpotsFirst);
        if (!camp.session.allowsWaitlist) throw conflict(messages.campFull);
        const ids = await insertRegistrations(tx, parentId, camp.session, fresh, {
          status: 'waitlisted',
          waitlistedAt: now,
        });
        return { kind: 'waitlisted' as const, ids };
      }
      if (!card)
        throw new AppError(400, 'BAD_REQUEST', messages.chooseCard, { paymentMethodId: messages.chooseCard });
      await checkNoOverlappingPlace(
        tx,
        kids.map((kid) => ({ child: kid, session: camp.session })),
      );
      const priceCents = camp.session.priceCents;
      const amountCents = priceCents * kids.length;
      const terms = await chargeTermsFor(tx, campId, amountCents, deps.platformFee);
      const [payment] = await tx
        .insert(payments)
        .values({
          parentId,
          campId,
          idempotencyKey: body.idempotencyKey,
          paymentMethodId: card.paymentMethodId,
          customerId: card.customerId,
          amountCents,
          ...terms,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      // The same key at another camp (whose attempts take another lock) got there first.
      if (!payment) throw new ReplayedRequest();
      await insertRegistrations(tx, parentId, camp.session, fresh, {
        status: 'pending_payment',
        paymentId: payment.id,
        amountCents: priceCents,
        listPriceCents: priceCents,
      });
      if (held.length > 0) {
        const moved = await placeStatus.moveWhere(
          tx,
          and(
            inArray(
              registrations.id,
              held.map((kid) => kid.registrationId ?? 0),
            ),
            sql`${registrations.offerExpiresAt} > ${now.toISOString()}`,
          ),
          'offered',
          'pending_payment',
          { paymentId: payment.id, amountCents: priceCents, listPriceCents: priceCents, updatedAt: now },
        );
        if (moved.length !== held.length) throw conflict(messages.offerExpired);
      }
      return { kind: 'charge' as const, paymentId: payment.id, amountCents, terms };
    });
  } catch (error) {
    if (error instanceof ReplayedRequest) {
      const again = await replayOf(db, parentId, campId, replayKey(body));
      if (again) return again;
      throw paymentUnavailable();
    }
    throw error;
  }
  if (taken.kind === 'waitlisted')
    return { status: 'waitlisted', registrationIds: taken.ids, amountCents: 0, receiptNumber: null };
  if (!card) throw new Error('a charge needs a card');

  let chargeId: string;
  try {
    ({ chargeId } = await deps.payments.chargeCard({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: taken.amountCents,
      description: `${camp.name}: ${body.childIds.length} ${body.childIds.length === 1 ? 'camper' : 'campers'}`,
      idempotencyKey: chargeKey({ id: taken.paymentId, idempotencyKey: body.idempotencyKey }),
      destination: chargeDestination(taken.terms),
    }));
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await failPayment(db, taken.paymentId, error.message, now);
      throw error;
    }
    // The processor may or may not have charged: the payment stays pending for reconciliation.
    throw paymentUnavailable();
  }
  const settled = await settlePaidPayment(deps, taken.paymentId, chargeId, now);
  if (!settled) throw conflict(messages.paymentNotCompleted);
  return {
    status: 'confirmed',
    registrationIds: settled,
    amountCents: taken.amountCents,
    receiptNumber: receiptNumber(taken.paymentId),
  };
}

/**
 * The processor's key for a payment's charge. The client's key in it keeps it unique beyond this
 * database: a payment id alone repeats after a reset, against the same processor account.
 */
export const chargeKey = (payment: { id: number; idempotencyKey: string }) =>
  `registration-payment-${payment.id}-${payment.idempotencyKey}`;

const REPLAY_WAIT_MS = 150;
const REPLAY_WAIT_ROUNDS = 20;

export async function paymentUnderKey(db: Database, parentId: number, key: string): Promise<boolean> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.parentId, parentId), eq(payments.idempotencyKey, key)));
  return payment !== undefined;
}

/**
 * The answer an earlier request with the same key got. While that request is still charging
 * (a double click, a second tab), waits a few seconds for it to finish rather than failing. A
 * key sent again with another camp or other children is refused: it names another request.
 */
/** What names a request for its replay: its key, and the children (and sessions) it asked for. */
export interface ReplayKey {
  idempotencyKey: string;
  lines: { childId: number; sessionId?: number | undefined }[];
  /** One session's children are paid all together: the places must be exactly those asked for. */
  exact: boolean;
}

export const replayKey = (body: ChildrenBody): ReplayKey => ({
  idempotencyKey: body.idempotencyKey,
  lines: body.childIds.map((childId) => ({ childId, sessionId: body.sessionId })),
  exact: true,
});

export async function replayOf(
  db: Database,
  parentId: number,
  campId: number,
  body: ReplayKey,
): Promise<RegistrationOutcome | null> {
  const read = () =>
    db
      .select({
        id: payments.id,
        campId: payments.campId,
        status: payments.status,
        amountCents: payments.amountCents,
        failure: payments.failureMessage,
      })
      .from(payments)
      .where(and(eq(payments.parentId, parentId), eq(payments.idempotencyKey, body.idempotencyKey)));
  let [payment] = await read();
  for (let round = 0; payment?.status === 'pending' && round < REPLAY_WAIT_ROUNDS; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, REPLAY_WAIT_MS));
    [payment] = await read();
  }
  if (!payment) return null;
  const rows = await db
    .select({
      id: registrations.id,
      childId: registrations.childId,
      sessionId: registrations.sessionId,
      childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
      sessionName: campSessions.name,
      listPriceCents: registrations.listPriceCents,
      adjustments: registrations.adjustments,
      amountCents: registrations.amountCents,
    })
    .from(registrations)
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(eq(registrations.paymentId, payment.id))
    .orderBy(asc(registrations.id));
  // The same request: every place it paid for was asked for again (its waitlist lines have no payment).
  const asked = (row: { childId: number; sessionId: number }) =>
    body.lines.some(
      (line) =>
        line.childId === row.childId && (line.sessionId === undefined || line.sessionId === row.sessionId),
    );
  const sameChildren =
    rows.length === 0 || (rows.every(asked) && (!body.exact || rows.length === body.lines.length));
  if (payment.campId !== campId || !sameChildren) throw conflict(messages.requestKeyReused);
  if (payment.status === 'pending') throw paymentUnavailable();
  if (payment.status === 'failed') throw new PaymentDeclinedError(payment.failure ?? messages.cardDeclined);
  if (payment.status !== 'succeeded') throw conflict(messages.paymentNotCompleted);
  return {
    status: 'confirmed',
    registrationIds: rows.map((row) => row.id),
    amountCents: payment.amountCents,
    receiptNumber: receiptNumber(payment.id),
    // A basket answered again shows its paid lines (its waitlist lines were never paid for).
    ...(body.exact
      ? {}
      : {
          lines: rows.map(({ id, ...row }) => ({ ...row, registrationId: id, placement: 'place' as const })),
        }),
  };
}

export async function parentCard(db: Database, parentId: number, cardId: number) {
  const [card] = await db
    .select({ paymentMethodId: savedCards.paymentMethodId, customerId: paymentCustomers.customerId })
    .from(savedCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.userId, savedCards.parentId))
    .where(and(eq(savedCards.id, cardId), eq(savedCards.parentId, parentId)));
  if (!card) throw notFound(messages.cardNotFound);
  return card;
}
