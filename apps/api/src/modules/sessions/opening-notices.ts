import { formatCampSchedule } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { registrationWindow } from '@campwise/contract/sessions';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  hostSubscriptions,
  organizations,
  sessionOpeningRequests,
  users,
} from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isPubliclyListed } from '../camps/service.ts';
import { queueMail } from '../mail/service.ts';
import { registrationOpenMail } from '../mail/templates.ts';
import { placeName } from '../registrations/place-name.ts';

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
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(hostSubscriptions, eq(hostSubscriptions.hostId, organizations.hostId))
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
  await db.insert(sessionOpeningRequests).values({ sessionId, parentId }).onConflictDoNothing();
}

/** The sessions a parent is waiting to hear about. */
export async function listOpeningNotices(db: Database, parentId: number): Promise<number[]> {
  const rows = await db
    .select({ sessionId: sessionOpeningRequests.sessionId })
    .from(sessionOpeningRequests)
    .where(and(eq(sessionOpeningRequests.parentId, parentId), isNull(sessionOpeningRequests.notifiedAt)))
    .orderBy(asc(sessionOpeningRequests.sessionId));
  return rows.map((row) => row.sessionId);
}

/**
 * E-mails everyone who asked about a session whose registration has opened. Each request is
 * marked in the transaction that queues its e-mail, conditionally on not being marked yet, so
 * with several instances (or a retry) each parent hears once.
 */
export async function sendOpeningNotices(
  db: Database,
  publicUrl: string,
  now: Date = new Date(),
): Promise<{ sent: number }> {
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
        isNull(sessionOpeningRequests.notifiedAt),
        eq(campSessions.status, 'scheduled'),
        sql`${campSessions.registrationOpensAt} <= ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(sessionOpeningRequests.sessionId), asc(sessionOpeningRequests.parentId))
    .limit(200);
  let sent = 0;
  for (const request of due) {
    sent += await db.transaction(async (tx) => {
      const marked = await tx
        .update(sessionOpeningRequests)
        .set({ notifiedAt: now })
        .where(
          and(
            eq(sessionOpeningRequests.sessionId, request.sessionId),
            eq(sessionOpeningRequests.parentId, request.parentId),
            isNull(sessionOpeningRequests.notifiedAt),
          ),
        )
        .returning({ sessionId: sessionOpeningRequests.sessionId });
      if (marked.length === 0) return 0;
      await queueMail(
        tx,
        registrationOpenMail(
          request.email,
          request.firstName,
          {
            campName: placeName(request),
            dates: formatCampSchedule(request, { now }) ?? 'year round',
          },
          `${publicUrl}/camps/${request.campId}/register?session=${request.sessionId}`,
        ),
      );
      return 1;
    });
  }
  return { sent };
}
