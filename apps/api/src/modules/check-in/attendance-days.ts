import type { AttendanceDay } from '@campwise/contract/registrations';
import { and, asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { attendanceEvents } from '../../db/schema.ts';

export const placeKey = (sessionId: number, childId: number) => `${sessionId}:${childId}`;

/**
 * Each place's days at camp (check-in, check-out and who collected), by `placeKey`, day by day:
 * the roster's attendance and its CSV columns.
 */
export async function attendanceDays(
  db: Database,
  places: { sessionId: number; childId: number }[],
): Promise<Map<string, AttendanceDay[]>> {
  const days = new Map<string, AttendanceDay[]>();
  if (places.length === 0) return days;
  const wanted = new Set(places.map((place) => placeKey(place.sessionId, place.childId)));
  const events = await db
    .select({
      sessionId: attendanceEvents.sessionId,
      childId: attendanceEvents.childId,
      day: attendanceEvents.day,
      kind: attendanceEvents.kind,
      at: attendanceEvents.at,
      personName: attendanceEvents.personName,
    })
    .from(attendanceEvents)
    .where(
      and(
        inArray(attendanceEvents.sessionId, [...new Set(places.map((place) => place.sessionId))]),
        inArray(attendanceEvents.childId, [...new Set(places.map((place) => place.childId))]),
        inArray(attendanceEvents.kind, ['check_in', 'check_out']),
      ),
    )
    .orderBy(asc(attendanceEvents.day), asc(attendanceEvents.at));
  for (const event of events) {
    const key = placeKey(event.sessionId, event.childId);
    if (!wanted.has(key)) continue;
    const list = days.get(key) ?? [];
    let day = list.find((candidate) => candidate.day === event.day);
    if (!day) {
      day = { day: event.day, checkedInAt: null, checkedOutAt: null, collectedBy: null };
      list.push(day);
    }
    if (event.kind === 'check_in') day.checkedInAt = event.at.toISOString();
    else {
      day.checkedOutAt = event.at.toISOString();
      day.collectedBy = event.personName;
    }
    days.set(key, list);
  }
  return days;
}
