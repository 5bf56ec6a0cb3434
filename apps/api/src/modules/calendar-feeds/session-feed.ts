import { formatDateRange } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, organizations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { placeName } from '../../shared/place-name.ts';
import { isUpcomingCamp } from '../camps/index.ts';
import { campLocation, campPlaceColumns, icsFile } from '../registrations/index.ts';

/**
 * A session's calendar, for its staff to subscribe to (decision 071): its meeting days and hours
 * in the camp's zone, its place, and the way to its check-in. A session's days, hours and place
 * are what its camp's public page shows, so the address is the session's own, with no secret in
 * it. It follows the session: a changed time is a newer version (SEQUENCE), a cancelled session
 * says so, even when it was the camp's last. Only a listed camp's sessions have one (an
 * organisation under review, a lapsed host: none) until the camp is over, and only dated ones (a
 * year-round camp has no days to show).
 */
export async function sessionCalendar(
  db: Database,
  sessionId: number,
  publicUrl: string,
  now = new Date(),
): Promise<string> {
  const [session] = await db
    .select({
      id: campSessions.id,
      name: campSessions.name,
      status: campSessions.status,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      startTime: campSessions.startTime,
      endTime: campSessions.endTime,
      weekdays: campSessions.weekdays,
      createdAt: campSessions.createdAt,
      updatedAt: campSessions.updatedAt,
      campName: camps.name,
      sessionCount: camps.sessionCount,
      timeZone: camps.timeZone,
      ...campPlaceColumns,
      orgName: organizations.name,
    })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(campSessions.id, sessionId), eq(camps.listed, true), isUpcomingCamp));
  if (!session) throw notFound(messages.sessionNotFound);
  if (!session.startDate) throw conflict(messages.calendarNoDates);
  const checkIn = `${publicUrl}/host/sessions/${session.id}/check-in`;
  return icsFile(
    [
      {
        ...session,
        startDate: session.startDate,
        uid: `session-${session.id}@${new URL(publicUrl).hostname}`,
        sequence: Math.floor((session.updatedAt.getTime() - session.createdAt.getTime()) / 1000),
        status: session.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
        title: placeName({
          name: session.campName,
          sessionName: session.name,
          sessionCount: session.sessionCount,
        }),
        location: campLocation(session),
        description: `${session.campName} by ${session.orgName}, ${formatDateRange(session.startDate, session.endDate, { now })}. Check-in: ${checkIn}`,
        url: checkIn,
      },
    ],
    now,
  );
}
