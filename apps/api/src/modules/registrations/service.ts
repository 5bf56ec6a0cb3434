import { campDay } from '@campwise/contract/camp-clock';
import { formatCampSchedule, formatMoment } from '@campwise/contract/format';
import { ACTIVE_PLACE_STATUSES, SPOT_HOLDING_STATUSES } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import type { RegistrationOptions } from '@campwise/contract/registrations';
import { registrationWindow, sessionsOverlap } from '@campwise/contract/sessions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  children,
  organizations,
  paymentCustomers,
  registrations,
  savedCards,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { placeName } from '../../shared/place-name.ts';
import { type SessionRow, sessionColumns, sessionOrder, toCampSession } from '../../shared/session-reads.ts';
import { isPubliclyListed } from '../camps/index.ts';
import type { PlatformFee } from '../payouts/index.ts';
import { type CampDates, eligibility, isUpcoming } from './lifecycle.ts';

export interface RegistrationDeps {
  db: Database;
  payments: PaymentProvider;
  publicUrl: string;
  platformFee: PlatformFee;
}

/** "June 5 – June 9" (with the year when it is not this year) or "year round", for e-mails. */
export function datesForMail(camp: CampDates, now: Date): string {
  return formatCampSchedule(camp, { now }) ?? 'year round';
}

export const childName = (child: { firstName: string; lastName: string }) =>
  `${child.firstName} ${child.lastName}`;

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
      refundPolicy: camps.refundPolicy,
      paymentPlan: camps.paymentPlan,
      timeZone: camps.timeZone,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(camps.id, campId), isPubliclyListed));
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

/**
 * A listed camp and the scheduled session of it a parent is booking. Without a session id, a
 * camp with one session means that one; `fallback` picks the first for a page that just opened.
 */
export async function openSession(
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

/** One of the parent's saved cards, as the processor knows it; another's is unknown (404). */
export async function parentCard(db: Database, parentId: number, cardId: number) {
  const [card] = await db
    .select({ paymentMethodId: savedCards.paymentMethodId, customerId: paymentCustomers.customerId })
    .from(savedCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.userId, savedCards.parentId))
    .where(and(eq(savedCards.id, cardId), eq(savedCards.parentId, parentId)));
  if (!card) throw notFound(messages.cardNotFound);
  return card;
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
      weekdays: campSessions.weekdays,
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

/**
 * Why the session takes no new places now (outside its registration window, or over), or null.
 * `today` is the camp's; a window's opening is written in the camp's zone.
 */
export function closedToNewPlaces(
  booking: CampDates & { session: SessionRow; timeZone: string },
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
      formatMoment(booking.session.registrationOpensAt, {
        now,
        timeZone: booking.timeZone,
        showTimeZone: true,
      }),
    );
  }
  return window === 'closed' ? messages.registrationClosed : null;
}

/** Refuses new places outside the session's registration window or once it is over. */
export function checkOpenForNewPlaces(
  booking: CampDates & { session: SessionRow; timeZone: string },
  today: string,
  now: Date,
): void {
  const reason = closedToNewPlaces(booking, today, now);
  if (reason) throw conflict(reason);
}

/** The parent's children with their current place (if any) in the session. */
export async function childrenAtSession(
  db: Database,
  parentId: number,
  sessionId: number,
  childIds?: number[],
) {
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
        inArray(registrations.status, [...ACTIVE_PLACE_STATUSES]),
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
  const today = campDay(now, camp.timeZone);
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
    refundPolicy: camp.refundPolicy,
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
