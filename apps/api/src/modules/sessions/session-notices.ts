import { campDay } from '@campwise/contract/camp-clock';
import { formatCampSchedule } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { registrationWindow } from '@campwise/contract/sessions';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  registrations,
  type SessionNoticeKind,
  sessionNoticeKinds,
  sessionOpeningRequests,
  users,
} from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { placeName } from '../../shared/place-name.ts';
import { isPubliclyListed } from '../camps/index.ts';
import { placeFreedMail, queueMail, registrationOpenMail } from '../mail/index.ts';
import type { UnsubscribeLinks } from '../unsubscribe/index.ts';

/** "Notify me": a parent asks to be e-mailed once when a listed session's registration opens. */
export async function requestOpeningNotice(
  db: Database,
  parentId: number,
  sessionId: number,
  now: Date = new Date(),
): Promise<void> {
  const [session] = await db
    .select({ opensAt: campSessions.registrationOpensAt, closesAt: campSessions.registrationClosesAt })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(and(eq(campSessions.id, sessionId), eq(campSessions.status, 'scheduled'), isPubliclyListed));
  if (!session) throw notFound(messages.sessionNotFound);
  const window = registrationWindow(
    {
      registrationOpensAt: session.opensAt?.toISOString() ?? null,
      registrationClosesAt: session.closesAt?.toISOString() ?? null,
    },
    now,
  );
  if (window === 'open') throw conflict(messages.registrationAlreadyOpen);
  if (window === 'closed') throw conflict(messages.registrationClosed);
  await db
    .insert(sessionOpeningRequests)
    .values({ sessionId, parentId, kind: 'opening' })
    .onConflictDoNothing();
}

/** The sessions a parent is waiting to hear about, of one kind. */
export async function listSessionNotices(
  db: Database,
  parentId: number,
  kind: SessionNoticeKind,
): Promise<number[]> {
  const rows = await db
    .select({ sessionId: sessionOpeningRequests.sessionId })
    .from(sessionOpeningRequests)
    .where(
      and(
        eq(sessionOpeningRequests.parentId, parentId),
        eq(sessionOpeningRequests.kind, kind),
        isNull(sessionOpeningRequests.notifiedAt),
      ),
    )
    .orderBy(asc(sessionOpeningRequests.sessionId));
  return rows.map((row) => row.sessionId);
}

/**
 * "Tell me when a place frees up": a parent asks to be e-mailed once when a place opens at a full
 * session that has no waitlist (a session with a waitlist hands freed places to it instead).
 */
export async function requestPlaceNotice(
  db: Database,
  parentId: number,
  sessionId: number,
  now: Date = new Date(),
): Promise<void> {
  const [session] = await db
    .select({
      startDate: campSessions.startDate,
      isYearRound: camps.isYearRound,
      spotsLeft: sql<number>`(${campSessions.capacity} - ${campSessions.spotsTaken})::int`,
      allowsWaitlist: campSessions.allowsWaitlist,
      closesAt: campSessions.registrationClosesAt,
      timeZone: camps.timeZone,
    })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(and(eq(campSessions.id, sessionId), eq(campSessions.status, 'scheduled'), isPubliclyListed));
  if (!session) throw notFound(messages.sessionNotFound);
  const started =
    !session.isYearRound && session.startDate !== null && session.startDate <= campDay(now, session.timeZone);
  if (started || (session.closesAt && session.closesAt <= now)) throw conflict(messages.registrationClosed);
  if (session.allowsWaitlist) throw conflict(messages.placeAlertUseWaitlist);
  if (session.spotsLeft > 0) throw conflict(messages.placeAlertHasSpots);
  await db
    .insert(sessionOpeningRequests)
    .values({ sessionId, parentId, kind: 'place' })
    .onConflictDoNothing();
}

/** When a request is due: registration has opened, or a place is free with nobody waiting. */
function dueWhen(kind: SessionNoticeKind, now: Date) {
  const moment = now.toISOString();
  if (kind === 'opening') return sql`${campSessions.registrationOpensAt} <= ${moment}`;
  return and(
    sql`${campSessions.capacity} > ${campSessions.spotsTaken}`,
    sql`not exists (select 1 from ${registrations} where ${registrations.sessionId} = ${campSessions.id} and ${registrations.status} = 'waitlisted')`,
    sql`(${campSessions.registrationOpensAt} is null or ${campSessions.registrationOpensAt} <= ${moment})`,
    sql`(${campSessions.registrationClosesAt} is null or ${campSessions.registrationClosesAt} > ${moment})`,
    sql`(${camps.isYearRound} or ${campSessions.startDate} is null or ${campSessions.startDate} > ${campTodaySql(camps.timeZone, now)})`,
  );
}

/**
 * E-mails everyone whose request about a session is due: its registration has opened, or a place
 * has freed up. Each request is marked in the transaction that queues its e-mail, conditionally
 * on not being marked yet, so with several instances (or a retry) each parent hears once. A
 * freed place is told to everyone who asked at once: the first to book gets it.
 */
export async function sendSessionNotices(
  db: Database,
  links: UnsubscribeLinks,
  now: Date = new Date(),
): Promise<{ sent: number }> {
  let sent = 0;
  for (const kind of sessionNoticeKinds) {
    const due = await db
      .select({
        sessionId: sessionOpeningRequests.sessionId,
        parentId: sessionOpeningRequests.parentId,
        campId: camps.id,
        name: camps.name,
        sessionName: campSessions.name,
        sessionCount: camps.sessionCount,
        startDate: campSessions.startDate,
        endDate: campSessions.endDate,
        isYearRound: camps.isYearRound,
        email: users.email,
        firstName: users.firstName,
      })
      .from(sessionOpeningRequests)
      .innerJoin(campSessions, eq(campSessions.id, sessionOpeningRequests.sessionId))
      .innerJoin(camps, eq(camps.id, campSessions.campId))
      .innerJoin(users, eq(users.id, sessionOpeningRequests.parentId))
      .where(
        and(
          eq(sessionOpeningRequests.kind, kind),
          isNull(sessionOpeningRequests.notifiedAt),
          eq(campSessions.status, 'scheduled'),
          dueWhen(kind, now),
        ),
      )
      .orderBy(asc(sessionOpeningRequests.sessionId), asc(sessionOpeningRequests.parentId))
      .limit(200);
    for (const request of due) {
      sent += await db.transaction(async (tx) => {
        const marked = await tx
          .update(sessionOpeningRequests)
          .set({ notifiedAt: now })
          .where(
            and(
              eq(sessionOpeningRequests.sessionId, request.sessionId),
              eq(sessionOpeningRequests.parentId, request.parentId),
              eq(sessionOpeningRequests.kind, kind),
              isNull(sessionOpeningRequests.notifiedAt),
            ),
          )
          .returning({ sessionId: sessionOpeningRequests.sessionId });
        if (marked.length === 0) return 0;
        const details = {
          campName: placeName(request),
          dates: formatCampSchedule(request, { now }) ?? 'year round',
        };
        const registerUrl = `${links.publicUrl}/camps/${request.campId}/register?session=${request.sessionId}`;
        const unsubscribe = links.addresses({ kind, id: request.parentId, issuedAt: now });
        await queueMail(
          tx,
          kind === 'opening'
            ? registrationOpenMail(request.email, request.firstName, details, registerUrl, unsubscribe)
            : placeFreedMail(request.email, request.firstName, details, registerUrl, unsubscribe),
        );
        return 1;
      });
    }
  }
  return { sent };
}
