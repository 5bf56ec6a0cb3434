import type { CampData } from '@campwise/contract/camps';
import { campKind } from '@campwise/contract/camps';
import { SPOT_HOLDING_STATUSES } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campCategories, campImages, campSessions, camps, images, registrations } from '../../db/schema.ts';
import { campTimeZoneSql, campTodaySql } from '../../platform/camp-clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { zipCentroid } from '../../platform/geo.ts';
import { deleteImageFiles, type StoredImage, storeImage } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { lockCampSessions } from '../../shared/session-reads.ts';
import { campAccess, orgAccess } from '../access/index.ts';
import { findDuplicateCamps, getHostCamp } from './read-camps.ts';

/** The session the spec's camp form creates. */
export const FIRST_SESSION_NAME = 'Session 1';

/** The listing's own fields (the rest summarise its sessions). */
function listingColumns(data: CampData) {
  const kind = campKind(data.categories);
  return {
    name: data.name,
    description: data.description,
    address: data.address,
    city: data.city,
    state: data.state,
    zip: data.zip,
    phone: data.phone,
    email: data.email,
    minAge: data.minAge,
    maxAge: data.maxAge,
    isVirtual: kind.isVirtual,
    isYearRound: kind.isYearRound,
    ...((kind.isVirtual ? null : zipCentroid(data.zip)) ?? { latitude: null, longitude: null }),
  };
}

/** The spec's form describes one run of the camp: its session. */
function soleSessionColumns(data: CampData) {
  return {
    startDate: data.startDate,
    endDate: data.endDate,
    priceCents: data.cost * 100,
    capacity: data.spotsAvailable,
    allowsWaitlist: data.allowsWaitlist,
  };
}

export async function insertImage(db: Database, stored: StoredImage): Promise<number> {
  const [image] = await db.insert(images).values(stored).returning({ id: images.id });
  if (!image) throw new Error('insert returned no row');
  return image.id;
}

/** Stores several named uploads; if one is refused, the ones already stored are removed. */
async function storeAll(
  storage: FileStorage,
  files: [field: string, bytes: Buffer | undefined][],
): Promise<(StoredImage | null)[]> {
  const stored: (StoredImage | null)[] = [];
  try {
    for (const [field, bytes] of files) stored.push(bytes ? await storeImage(storage, bytes, field) : null);
    return stored;
  } catch (error) {
    await Promise.all(stored.map((image) => (image ? deleteImageFiles(storage, image) : undefined)));
    throw error;
  }
}

export interface CampUploads {
  thumbnail?: Buffer;
  images: [Buffer | undefined, Buffer | undefined, Buffer | undefined];
}

/**
 * Creates a camp with its categories and images as one unit: every image is processed before
 * anything is written, and the rows go in one transaction, so a failure leaves nothing behind.
 */
export async function createCamp(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId: number,
  data: CampData,
  uploads: CampUploads,
) {
  const org = await orgAccess(db, hostId, orgId, 'camps:manage');
  if (org.status !== 'approved') throw conflict(messages.orgNotApproved);
  if ((await findDuplicateCamps(db, hostId, data.name, data.phone)).length > 0)
    throw conflict(messages.duplicateCamp);
  const [thumbnail, ...slotImages] = await storeAll(storage, [
    ['thumbnail', uploads.thumbnail],
    ...uploads.images.map((bytes, index): [string, Buffer | undefined] => [`campImage${index + 1}`, bytes]),
  ]);
  try {
    const id = await db.transaction(async (tx) => {
      const thumbnailImageId = thumbnail ? await insertImage(tx, thumbnail) : null;
      const session = soleSessionColumns(data);
      const [camp] = await tx
        .insert(camps)
        .values({
          ...listingColumns(data),
          startDate: session.startDate,
          endDate: session.endDate,
          costCents: session.priceCents,
          capacity: session.capacity,
          allowsWaitlist: session.allowsWaitlist,
          orgId,
          thumbnailImageId,
        })
        .returning({ id: camps.id });
      if (!camp) throw new Error('insert returned no row');
      await tx.insert(campSessions).values({ ...session, campId: camp.id, name: FIRST_SESSION_NAME });
      await tx
        .insert(campCategories)
        .values(data.categories.map((categoryId) => ({ campId: camp.id, categoryId })));
      for (const [index, image] of slotImages.entries()) {
        if (image)
          await tx
            .insert(campImages)
            .values({ campId: camp.id, imageId: await insertImage(tx, image), slot: index + 1 });
      }
      return camp.id;
    });
    const created = await getHostCamp(db, storage, hostId, id);
    return { id, campImages: created.images };
  } catch (error) {
    await Promise.all(
      [thumbnail, ...slotImages].map((image) => (image ? deleteImageFiles(storage, image) : undefined)),
    );
    throw error;
  }
}

export async function updateCamp(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campId: number,
  data: CampData,
) {
  await campAccess(db, hostId, campId, 'camps:manage');
  if ((await findDuplicateCamps(db, hostId, data.name, data.phone, campId)).length > 0) {
    throw conflict(messages.duplicateCamp);
  }
  await db.transaction(async (tx) => {
    // Sessions are locked before the camp row, the order every change of places keeps.
    const sessions = await lockCampSessions(tx, campId);
    const scheduled = sessions.filter((session) => session.status === 'scheduled');
    const [only] = scheduled;
    if (only && scheduled.length === 1) {
      if (data.spotsAvailable < only.spotsTaken) {
        throw badRequest(messages.sessionCapacityBelowTaken.replace('{count}', String(only.spotsTaken)), {
          spotsAvailable: messages.sessionCapacityBelowTaken.replace('{count}', String(only.spotsTaken)),
        });
      }
      await tx
        .update(campSessions)
        .set({ ...soleSessionColumns(data), updatedAt: new Date() })
        .where(eq(campSessions.id, only.id));
    }
    await tx
      .update(camps)
      .set({ ...listingColumns(data), updatedAt: new Date() })
      .where(eq(camps.id, campId));
    await tx.delete(campCategories).where(eq(campCategories.campId, campId));
    await tx.insert(campCategories).values(data.categories.map((categoryId) => ({ campId, categoryId })));
  });
  return getHostCamp(db, storage, hostId, campId);
}

export async function addCampCategory(
  db: Database,
  hostId: number,
  orgId: number,
  campId: number,
  categoryId: number,
): Promise<void> {
  const camp = await campAccess(db, hostId, campId, 'camps:manage');
  if (camp.orgId !== orgId) throw notFound(messages.campNotFound);
  await db.transaction(async (tx) => {
    await tx.insert(campCategories).values({ campId, categoryId }).onConflictDoNothing();
    const ids = (
      await tx
        .select({ id: campCategories.categoryId })
        .from(campCategories)
        .where(eq(campCategories.campId, campId))
    ).map((row) => row.id);
    const kind = campKind(ids);
    await tx
      .update(camps)
      .set({ isVirtual: kind.isVirtual, isYearRound: kind.isYearRound })
      .where(eq(camps.id, campId));
  });
}

/** Keys of every image file a camp holds. */
async function campImageKeys(
  db: Database,
  campId: number,
): Promise<{ largeKey: string; smallKey: string }[]> {
  const thumbnail = await db
    .select({ largeKey: images.largeKey, smallKey: images.smallKey })
    .from(camps)
    .innerJoin(images, eq(images.id, camps.thumbnailImageId))
    .where(eq(camps.id, campId));
  const slots = await db
    .select({ largeKey: images.largeKey, smallKey: images.smallKey })
    .from(campImages)
    .innerJoin(images, eq(images.id, campImages.imageId))
    .where(eq(campImages.campId, campId));
  return [...thumbnail, ...slots];
}

/** Deletes a camp, its image rows and then its files. */
export async function deleteCamp(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campId: number,
): Promise<void> {
  await campAccess(db, hostId, campId, 'camps:manage');
  const keys = await deleteCampsRows(db, [campId], messages.campHasRegistrations);
  await Promise.all(keys.map((key) => deleteImageFiles(storage, key)));
}

/**
 * Removes camps and their image rows in one transaction; answers the files to delete after.
 * Camps with confirmed places (or places being paid or held) for a session not yet over are
 * refused with `refusal`: those families must be cancelled, and refunded, first. The camp rows
 * are locked first, so a registration cannot slip in between the check and the delete.
 */
export async function deleteCampsRows(db: Database, campIds: number[], refusal: string) {
  if (campIds.length === 0) return [];
  return db.transaction(async (tx) => {
    // Sessions first, then camps: the order bookings lock in (session, then the camp's key).
    await tx
      .select({ id: campSessions.id })
      .from(campSessions)
      .where(inArray(campSessions.campId, campIds))
      .orderBy(asc(campSessions.id))
      .for('update');
    await tx.select({ id: camps.id }).from(camps).where(inArray(camps.id, campIds)).for('update');
    const [booked] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
      .where(
        and(
          inArray(registrations.campId, campIds),
          inArray(registrations.status, [...SPOT_HOLDING_STATUSES]),
          or(
            isNull(campSessions.endDate),
            sql`${campSessions.endDate} >= ${campTodaySql(campTimeZoneSql(campSessions.campId))}`,
          ),
        ),
      )
      .limit(1);
    if (booked) throw conflict(refusal);
    const keys = (await Promise.all(campIds.map((id) => campImageKeys(tx, id)))).flat();
    const imageIds = [
      ...(await tx.select({ id: camps.thumbnailImageId }).from(camps).where(inArray(camps.id, campIds))),
      ...(await tx
        .select({ id: campImages.imageId })
        .from(campImages)
        .where(inArray(campImages.campId, campIds))),
    ]
      .map((row) => row.id)
      .filter((id): id is number => id !== null);
    await tx.delete(camps).where(inArray(camps.id, campIds));
    if (imageIds.length > 0) await tx.delete(images).where(inArray(images.id, imageIds));
    return keys;
  });
}

/** The ids of an organization's camps (to delete them with it). */
export async function orgCampIds(db: Database, orgId: number): Promise<number[]> {
  return (await db.select({ id: camps.id }).from(camps).where(eq(camps.orgId, orgId))).map((row) => row.id);
}
