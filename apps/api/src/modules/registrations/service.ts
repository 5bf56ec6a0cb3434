import { formatCampSchedule, formatMoment, formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import {
  type RegisterBody,
  type RegistrationOptions,
  type RegistrationOutcome,
  type RegistrationStatus,
  receiptNumber,
} from '@campwise/contract/registrations';
import { registrationWindow, sessionsOverlap } from '@campwise/contract/sessions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import {
  campSessions,
  camps,
  children,
  hostSubscriptions,
  organizations,
  paymentCustomers,
  payments,
  registrations,
  savedCards,
  users,
} from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { PaymentDeclinedError, type PaymentProvider } from '../../platform/payments/provider.ts';
import { isPubliclyListed } from '../camps/service.ts';
import { releasePromoUse } from '../discounts/service.ts';
import { queueMail } from '../mail/service.ts';
import { newRegistrationMail, registrationReceiptMail } from '../mail/templates.ts';
import { type SessionRow, sessionColumns, sessionOrder, toCampSession } from '../sessions/read-sessions.ts';
import {
  ACTIVE_STATUSES,
  type CampDates,
  dayOf,
  eligibility,
  isUpcoming,
  SPOT_HOLDING_STATUSES,
} from './lifecycle.ts';
import { placeName } from './place-name.ts';

export interface RegistrationDeps {
  db: Database;
  payments: PaymentProvider;
  publicUrl: string;
}

const _HOUR_MS = 60 * 60 * 1000;

/** "June 5 – June 9" (with the year when it is not this year) or "year round", for e-mails. */
export function datesForMail(camp: CampDates, now: Date): string {
  return formatCampSchedule(camp, { now }) ?? 'year round';
}

const childName = (child: { firstName: string; lastName: string }) => `${child.firstName} ${child.lastName}`;

// ---------------------------------------------------------------------------------------------
// Reading.

/** A camp a parent may register for: publicly listed (approved, subscribed host, not over). */
export async function listedCamp(db: Database, campId: number) {
  const [camp] = await db
    .select({
      id: camps.id,
      name: camps.name,
      orgId: camps.orgId,
      hostId: organizations.hostId,
      minAge: camps.minAge,
      maxAge: camps.maxAge,
      isYearRound: camps.isYearRound,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(hostSubscriptions, eq(hostSubscriptions.hostId, organizations.hostId))
    .where(and(eq(camps.id, campId), isPubliclyListed));
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

/**
 * A listed camp and the scheduled session of it a parent is booking. Without a session id, a
 * camp with one session means that one; `fallback` picks the first for a page that just opened.
 */
async function openSession(
  db: Database,
  campId: number,
  sessionId: number | undefined,
  fallback: 'first' | 'ask' = 'ask',
) {
  const camp = await listedCamp(db, campId);
  const sessions = await db
    .select(sessionColumns)
    .from(campSessions)
    .where(and(eq(campSessions.campId, campId), eq(campSessions.status, 'scheduled')))
    .orderBy(...sessionOrder);
  const session =
    sessionId !== undefined
      ? sessions.find((row) => row.id === sessionId)
      : sessions.length === 1 || fallback === 'first'
        ? sessions[0]
        : undefined;
  if (!session) {
    if (sessionId !== undefined) throw notFound(messages.sessionNotFound);
    throw badRequest(messages.chooseSession, { sessionId: messages.chooseSession });
  }
  return {
    ...camp,
    session,
    sessions,
    // The dates the life-cycle rules read are the session's.
    startDate: session.startDate,
    endDate: session.endDate,
  };
}

/** The places (not waitlist places) the children hold, with their sessions' dates and times. */
export async function placesHeld(db: Database, childIds: number[], exceptRegistrationId?: number) {
  return db
    .select({
      childId: registrations.childId,
      sessionId: registrations.sessionId,
      name: camps.name,
      sessionName: campSessions.name,
      sessionCount: camps.sessionCount,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      startTime: campSessions.startTime,
      endTime: campSessions.endTime,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(
      and(
        inArray(registrations.childId, [...new Set(childIds)]),
        inArray(registrations.status, [...SPOT_HOLDING_STATUSES]),
        exceptRegistrationId === undefined ? undefined : sql`${registrations.id} <> ${exceptRegistrationId}`,
      ),
    );
}

/** Why the child cannot take a place in the session: it holds one that runs at the same time. */
export function overlapReason(
  held: Awaited<ReturnType<typeof placesHeld>>,
  child: { id: number; firstName: string },
  session: SessionRow,
): string | null {
  const clash = held.find(
    (place) =>
      place.childId === child.id && place.sessionId !== session.id && sessionsOverlap(place, session),
  );
  return clash
    ? messages.childInOverlappingSession
        .replace('{name}', child.firstName)
        .replace('{other}', placeName(clash))
    : null;
}

/**
 * A child cannot hold places in two sessions (of any camps) that run at the same time. Only
 * places count: a waitlist place may be held beside a place elsewhere, and is checked when its
 * offer is paid.
 */
export async function checkNoOverlappingPlace(
  db: Database,
  wanted: { child: { id: number; firstName: string }; session: SessionRow }[],
): Promise<void> {
  if (wanted.length === 0) return;
  const held = await placesHeld(
    db,
    wanted.map(({ child }) => child.id),
  );
  for (const { child, session } of wanted) {
    const reason = overlapReason(held, child, session);
    if (reason) throw conflict(reason);
  }
}

/** Why the session takes no new places now (outside its registration window, or over), or null. */
export function closedToNewPlaces(
  booking: CampDates & { session: SessionRow },
  today: string,
  now: Date,
): string | null {
  if (!isUpcoming(booking, today)) return messages.campNotOpen;
  const window = registrationWindow(
    {
      registrationOpensAt: booking.session.registrationOpensAt?.toISOString() ?? null,
      registrationClosesAt: booking.session.registrationClosesAt?.toISOString() ?? null,
    },
    now,
  );
  if (window === 'not_open' && booking.session.registrationOpensAt) {
    return messages.registrationNotOpen.replace(
      '{date}',
      formatMoment(booking.session.registrationOpensAt, { now, timeZone: 'UTC' }),
    );
  }
  return window === 'closed' ? messages.registrationClosed : null;
}

/** Refuses new places outside the session's registration window or once it is over. */
export function checkOpenForNewPlaces(
  booking: CampDates & { session: SessionRow },
  today: string,
  now: Date,
): void {
  const reason = closedToNewPlaces(booking, today, now);
  if (reason) throw conflict(reason);
}

/** The parent's children with their current place (if any) in the session. */
async function childrenAtSession(db: Database, parentId: number, sessionId: number, childIds?: number[]) {
  const rows = await db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthday: children.birthday,
      registrationId: registrations.id,
      status: registrations.status,
      offerExpiresAt: registrations.offerExpiresAt,
    })
    .from(children)
    .leftJoin(
      registrations,
      and(
        eq(registrations.childId, children.id),
        eq(registrations.sessionId, sessionId),
        inArray(registrations.status, [...ACTIVE_STATUSES]),
      ),
    )
    .where(and(eq(children.parentId, parentId), childIds ? inArray(children.id, childIds) : undefined))
    .orderBy(asc(children.firstName), asc(children.id));
  return rows;
}

export async function registrationOptions(
  db: Database,
  parentId: number,
  campId: number,
  sessionId?: number,
  now: Date = new Date(),
): Promise<RegistrationOptions> {
  const camp = await openSession(db, campId, sessionId, 'first');
  const today = dayOf(now);
  const kids = await childrenAtSession(db, parentId, camp.session.id);
  const held = await placesHeld(
    db,
    kids.map((kid) => kid.id),
  );
  // An offer past its time is no longer held, even before the waitlist job marks it expired.
  const current = (kid: (typeof kids)[number]) =>
    kid.status === 'offered' && (!kid.offerExpiresAt || kid.offerExpiresAt <= now)
      ? 'offer_expired'
      : kid.status;
  return {
    campId: camp.id,
    campName: camp.name,
    sessionId: camp.session.id,
    sessions: camp.sessions.map(toCampSession),
    costCents: camp.session.priceCents,
    spotsLeft: Math.max(0, camp.session.capacity - camp.session.spotsTaken),
    allowsWaitlist: camp.session.allowsWaitlist,
    children: kids.map((kid) => {
      const rules = eligibility(kid, camp, today, current(kid));
      // A place elsewhere at the same time rules out a place here (a waitlist place stays allowed).
      const overlap =
        rules.eligible && camp.session.capacity > camp.session.spotsTaken
          ? overlapReason(held, kid, camp.session)
          : null;
      return {
        id: kid.id,
        firstName: kid.firstName,
        lastName: kid.lastName,
        ...rules,
        ...(overlap ? { eligible: false, reason: overlap } : {}),
        offerExpiresAt: current(kid) === 'offered' ? (kid.offerExpiresAt?.toISOString() ?? null) : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Registering and paying.

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
  const today = dayOf(now);

  let taken:
    | { kind: 'waitlisted'; ids: number[] }
    | { kind: 'charge'; paymentId: number; amountCents: number };
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
      const [payment] = await tx
        .insert(payments)
        .values({
          parentId,
          campId,
          idempotencyKey: body.idempotencyKey,
          paymentMethodId: card.paymentMethodId,
          customerId: card.customerId,
          amountCents,
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
        const moved = await tx
          .update(registrations)
          .set({
            status: 'pending_payment',
            paymentId: payment.id,
            amountCents: priceCents,
            listPriceCents: priceCents,
            updatedAt: now,
          })
          .where(
            and(
              inArray(
                registrations.id,
                held.map((kid) => kid.registrationId ?? 0),
              ),
              eq(registrations.status, 'offered'),
              sql`${registrations.offerExpiresAt} > ${now.toISOString()}`,
            ),
          )
          .returning({ id: registrations.id });
        if (moved.length !== held.length) throw conflict(messages.offerExpired);
      }
      return { kind: 'charge' as const, paymentId: payment.id, amountCents };
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

/**
 * Takes places in one conditional update of the session row: it succeeds only while enough are
 * left and nobody is waiting (new families do not jump the waitlist; a host moving a place may).
 * The row lock it takes lasts until commit.
 */
export async function takeSpots(
  db: Database,
  sessionId: number,
  count: number,
  options: { passWaitlist?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(campSessions)
    .set({ spotsTaken: sql`${campSessions.spotsTaken} + ${count}` })
    .where(
      and(
        eq(campSessions.id, sessionId),
        eq(campSessions.status, 'scheduled'),
        sql`${campSessions.capacity} - ${campSessions.spotsTaken} >= ${count}`,
        options.passWaitlist
          ? undefined
          : sql`not exists (select 1 from ${registrations} where ${registrations.sessionId} = ${sessionId} and ${registrations.status} = 'waitlisted')`,
      ),
    )
    .returning({ id: campSessions.id });
  return rows.length === 1;
}

export async function releaseSpots(db: Database, sessionId: number, count: number): Promise<void> {
  if (count > 0) {
    await db
      .update(campSessions)
      .set({ spotsTaken: sql`greatest(0, ${campSessions.spotsTaken} - ${count})` })
      .where(eq(campSessions.id, sessionId));
  }
}

/**
 * Locks sessions' rows, in id order, for the rest of the transaction. Every change to places
 * takes these locks before touching registrations, so transactions always lock in one order.
 */
export async function lockSessions(db: Database, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .select({ id: campSessions.id })
    .from(campSessions)
    .where(inArray(campSessions.id, sessionIds))
    .orderBy(asc(campSessions.id))
    .for('update');
}

export async function insertRegistrations(
  db: Database,
  parentId: number,
  session: { id: number; campId: number },
  kids: { id: number }[],
  values: {
    status: RegistrationStatus;
    paymentId?: number;
    amountCents?: number;
    listPriceCents?: number;
    waitlistedAt?: Date;
  },
): Promise<number[]> {
  if (kids.length === 0) return [];
  const rows = await db
    .insert(registrations)
    .values(
      kids.map((kid) => ({
        campId: session.campId,
        sessionId: session.id,
        parentId,
        childId: kid.id,
        ...values,
      })),
    )
    .returning({ id: registrations.id });
  return rows.map((row) => row.id);
}

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
    const [payment] = await tx
      .update(payments)
      .set({ status: 'succeeded', chargeId, updatedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning({
        id: payments.id,
        parentId: payments.parentId,
        campId: payments.campId,
        amountCents: payments.amountCents,
      });
    if (!payment) {
      const [current] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId));
      // Settled meanwhile (another instance's reconciliation found the same charge).
      if (current?.status === 'succeeded') return confirmedUnder(tx, paymentId);
      await tx
        .update(payments)
        .set({ status: 'refund_due', chargeId, updatedAt: now })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'failed')));
      return null;
    }
    const rows = await tx
      .update(registrations)
      .set({ status: 'confirmed', offerExpiresAt: null, updatedAt: now })
      .where(and(eq(registrations.paymentId, paymentId), eq(registrations.status, 'pending_payment')))
      .returning({
        id: registrations.id,
        childId: registrations.childId,
        sessionId: registrations.sessionId,
      });
    if (rows.length === 0) {
      await tx
        .update(payments)
        .set({ status: 'refund_due', updatedAt: now })
        .where(eq(payments.id, paymentId));
      return null;
    }
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
  if (confirmed === null) {
    // A processor outage leaves the refund to reconciliation, which retries `refund_due` payments.
    await refundDuePayment(deps, paymentId, now).catch(() => false);
  }
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

/** Pays back, in full and once (the refund key is the payment's), a charge nothing came of. */
export async function refundDuePayment(
  deps: RegistrationDeps,
  paymentId: number,
  now: Date,
): Promise<boolean> {
  const [payment] = await deps.db
    .select({
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      chargeId: payments.chargeId,
    })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'refund_due')));
  if (!payment?.chargeId) return false;
  if (payment.refundedCents < payment.amountCents) {
    await deps.payments.refund({
      chargeId: payment.chargeId,
      amountCents: payment.amountCents - payment.refundedCents,
      idempotencyKey: `payment-refund-${paymentId}`,
    });
  }
  await deps.db
    .update(payments)
    .set({ status: 'refunded', refundedCents: payment.amountCents, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'refund_due')));
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
    const [payment] = await tx
      .update(payments)
      .set({ status: 'failed', failureMessage: reason, updatedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning({ id: payments.id, campId: payments.campId });
    if (!payment) return false;
    await tx
      .update(registrations)
      .set({ status: 'offered', paymentId: null, amountCents: 0, updatedAt: now })
      .where(
        and(
          eq(registrations.paymentId, paymentId),
          eq(registrations.status, 'pending_payment'),
          sql`${registrations.offerExpiresAt} is not null`,
        ),
      );
    const released = await tx
      .update(registrations)
      .set({ status: 'payment_failed', updatedAt: now })
      .where(and(eq(registrations.paymentId, paymentId), eq(registrations.status, 'pending_payment')))
      .returning({ id: registrations.id, sessionId: registrations.sessionId });
    for (const { sessionId } of held) {
      await releaseSpots(tx, sessionId, released.filter((row) => row.sessionId === sessionId).length);
    }
    await releasePromoUse(tx, paymentId);
    return true;
  });
}
