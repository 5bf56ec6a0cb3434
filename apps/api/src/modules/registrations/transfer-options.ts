import { campDay } from '@campwise/contract/camp-clock';
import { ageOn } from '@campwise/contract/children';
import { messages } from '@campwise/contract/messages';
import { type TransferOption, type TransferOptions, transferDifference } from '@campwise/contract/transfers';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, payments, registrations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { type SessionRow, sessionColumns, sessionOrder } from '../../shared/session-reads.ts';
import { mayActOnCamp } from '../access/index.ts';
import { ageDay, canTransfer, isUpcoming } from './lifecycle.ts';
import { closedToNewPlaces, overlapReason, placesHeld } from './service.ts';

/** Who moves a place: the family, or the camp's host (docs/decisions/017). */
export type TransferSide = 'parent' | 'host';

export async function placeToMove(db: Database, registrationId: number) {
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
      depositCents: registrations.depositCents,
      listPriceCents: registrations.listPriceCents,
      paymentId: registrations.paymentId,
      chargeId: payments.chargeId,
      campName: camps.name,
      sessionCount: camps.sessionCount,
      isYearRound: camps.isYearRound,
      timeZone: camps.timeZone,
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
export type Place = NonNullable<Awaited<ReturnType<typeof placeToMove>>>;

/** The place, when the reader may move it: the parent who holds it, or the camp's host. */
export async function ownPlace(db: Database, side: TransferSide, actorId: number, registrationId: number) {
  const place = await placeToMove(db, registrationId);
  const mayMove =
    place &&
    (side === 'parent'
      ? place.parentId === actorId
      : await mayActOnCamp(db, actorId, place.campId, 'camps:manage'));
  if (!place || !mayMove) throw notFound(messages.registrationNotFound);
  return place;
}

/** Why the place cannot move to this session (the first reason), or null. */
function blockedBecause(
  side: TransferSide,
  place: Place,
  session: SessionRow,
  context: { waiting: ReadonlySet<number>; held: Awaited<ReturnType<typeof placesHeld>>; now: Date },
): string | null {
  const today = campDay(context.now, place.timeZone);
  const booking = { startDate: session.startDate, endDate: session.endDate, isYearRound: place.isYearRound };
  if (side === 'parent') {
    if (!place.isYearRound && session.startDate !== null && session.startDate <= today) {
      return messages.transferSessionStarted;
    }
    const closed = closedToNewPlaces({ ...booking, session, timeZone: place.timeZone }, today, context.now);
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
export async function sessionsToMoveTo(db: Database, side: TransferSide, place: Place, now: Date) {
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
      weekdays: session.weekdays,
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

export function checkMovable(side: TransferSide, place: Place, now: Date): void {
  // A place paid by a deposit and instalments stays where it is (decision 026).
  if (place.depositCents !== null) throw conflict(messages.planTransferRefused);
  if (!canTransfer(side, place.status, place, campDay(now, place.timeZone))) {
    throw conflict(messages.transferNotAllowed);
  }
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
