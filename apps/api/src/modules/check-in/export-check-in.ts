import type { AccountExport } from '@campwise/contract/privacy';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { attendanceEvents, campSessions, camps, children, images, pickupAdults } from '../../db/schema.ts';
import type { FileStorage } from '../../platform/storage.ts';

/** A parent's pickup adults and their children's days at camp, for the data export (decision 030). */
export async function checkInRecords(
  db: Database,
  storage: FileStorage,
  parentId: number,
): Promise<Pick<AccountExport, 'pickupAdults' | 'attendance'>> {
  const adults = await db
    .select({
      childId: pickupAdults.childId,
      name: pickupAdults.name,
      relationship: pickupAdults.relationship,
      phone: pickupAdults.phone,
      photoKey: images.largeKey,
      createdAt: pickupAdults.createdAt,
    })
    .from(pickupAdults)
    .innerJoin(children, eq(children.id, pickupAdults.childId))
    .leftJoin(images, eq(images.id, pickupAdults.photoImageId))
    .where(eq(children.parentId, parentId))
    .orderBy(asc(pickupAdults.id));
  const days = await db
    .select({
      childId: attendanceEvents.childId,
      campName: camps.name,
      sessionName: campSessions.name,
      day: attendanceEvents.day,
      kind: attendanceEvents.kind,
      at: attendanceEvents.at,
      personName: attendanceEvents.personName,
    })
    .from(attendanceEvents)
    .innerJoin(children, eq(children.id, attendanceEvents.childId))
    .innerJoin(campSessions, eq(campSessions.id, attendanceEvents.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(eq(children.parentId, parentId))
    .orderBy(asc(attendanceEvents.at), asc(attendanceEvents.id));
  return {
    pickupAdults: adults.map(({ photoKey, createdAt, ...adult }) => ({
      ...adult,
      photoUrl: photoKey ? storage.url(photoKey) : null,
      createdAt: createdAt.toISOString(),
    })),
    attendance: days.map((day) => ({ ...day, at: day.at.toISOString() })),
  };
}
