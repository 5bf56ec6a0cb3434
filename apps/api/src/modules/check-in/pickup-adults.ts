import { MAX_PICKUP_ADULTS, type PickupAdult, type PickupAdultData } from '@campwise/contract/check-in';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { children, images, pickupAdults } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { deleteImageFiles, imageUrls, type StoredImage, storeImage } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { insertImage } from '../camps/index.ts';

const adultColumns = {
  id: pickupAdults.id,
  childId: pickupAdults.childId,
  name: pickupAdults.name,
  relationship: pickupAdults.relationship,
  phone: pickupAdults.phone,
  largeKey: images.largeKey,
  smallKey: images.smallKey,
};

type AdultRow = {
  id: number;
  childId: number;
  name: string;
  relationship: string;
  phone: string;
  largeKey: string | null;
  smallKey: string | null;
};

/** A photo's two files, when the adult has one. */
const photoKeys = (row: { largeKey: string | null; smallKey: string | null }) =>
  row.largeKey && row.smallKey ? { largeKey: row.largeKey, smallKey: row.smallKey } : null;

function toAdult(storage: FileStorage, { largeKey, smallKey, ...row }: AdultRow): PickupAdult {
  return { ...row, photo: imageUrls(storage, photoKeys({ largeKey, smallKey })) };
}

/** The pickup adults of some children, by child then in the order they were added. */
export async function adultsOfChildren(
  db: Database,
  storage: FileStorage,
  childIds: number[],
): Promise<PickupAdult[]> {
  if (childIds.length === 0) return [];
  const rows = await db
    .select(adultColumns)
    .from(pickupAdults)
    .leftJoin(images, eq(images.id, pickupAdults.photoImageId))
    .where(inArray(pickupAdults.childId, childIds))
    .orderBy(asc(pickupAdults.childId), asc(pickupAdults.id));
  return rows.map((row) => toAdult(storage, row));
}

async function assertOwnChild(db: Database, parentId: number, childId: number): Promise<void> {
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  if (!child) throw notFound(messages.childNotFound);
}

/** One of the parent's pickup adults (another family's is not found), with its photo's keys. */
async function ownAdult(db: Database, parentId: number, adultId: number) {
  const [row] = await db
    .select({ ...adultColumns, photoImageId: pickupAdults.photoImageId })
    .from(pickupAdults)
    .innerJoin(children, eq(children.id, pickupAdults.childId))
    .leftJoin(images, eq(images.id, pickupAdults.photoImageId))
    .where(and(eq(pickupAdults.id, adultId), eq(children.parentId, parentId)));
  if (!row) throw notFound(messages.pickupAdultNotFound);
  return row;
}

async function readAdult(db: Database, storage: FileStorage, adultId: number): Promise<PickupAdult> {
  const [row] = await db
    .select(adultColumns)
    .from(pickupAdults)
    .leftJoin(images, eq(images.id, pickupAdults.photoImageId))
    .where(eq(pickupAdults.id, adultId));
  if (!row) throw notFound(messages.pickupAdultNotFound);
  return toAdult(storage, row);
}

export async function listPickupAdults(
  db: Database,
  storage: FileStorage,
  parentId: number,
  childId: number,
): Promise<PickupAdult[]> {
  await assertOwnChild(db, parentId, childId);
  return adultsOfChildren(db, storage, [childId]);
}

/** Stores a photo when one came; its files go again if the change that needed them fails. */
async function withPhoto<T>(
  storage: FileStorage,
  photo: Buffer | undefined,
  change: (stored: StoredImage | null) => Promise<T>,
): Promise<T> {
  const stored = photo ? await storeImage(storage, photo, 'photo', 'private') : null;
  try {
    return await change(stored);
  } catch (error) {
    if (stored) await deleteImageFiles(storage, stored);
    throw error;
  }
}

/** Adds an adult (with a photo, all or nothing); a child has at most MAX_PICKUP_ADULTS. */
export async function addPickupAdult(
  db: Database,
  storage: FileStorage,
  parentId: number,
  childId: number,
  data: PickupAdultData,
  photo: Buffer | undefined,
): Promise<PickupAdult> {
  await assertOwnChild(db, parentId, childId);
  const id = await withPhoto(storage, photo, (stored) =>
    db.transaction(async (tx) => {
      // Locking the child makes two simultaneous additions count each other.
      await tx.select({ id: children.id }).from(children).where(eq(children.id, childId)).for('update');
      const existing = await tx
        .select({ id: pickupAdults.id })
        .from(pickupAdults)
        .where(eq(pickupAdults.childId, childId));
      if (existing.length >= MAX_PICKUP_ADULTS) throw conflict(messages.pickupAdultLimit);
      const photoImageId = stored ? await insertImage(tx, stored) : null;
      const [row] = await tx
        .insert(pickupAdults)
        .values({ childId, ...data, photoImageId })
        .returning({ id: pickupAdults.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    }),
  );
  return readAdult(db, storage, id);
}

/** Changes an adult's details; a photo sent with them replaces the one before. */
export async function updatePickupAdult(
  db: Database,
  storage: FileStorage,
  parentId: number,
  adultId: number,
  data: PickupAdultData,
  photo: Buffer | undefined,
): Promise<PickupAdult> {
  const current = await ownAdult(db, parentId, adultId);
  await withPhoto(storage, photo, (stored) =>
    db.transaction(async (tx) => {
      const photoImageId = stored ? await insertImage(tx, stored) : current.photoImageId;
      await tx
        .update(pickupAdults)
        .set({ ...data, photoImageId, updatedAt: new Date() })
        .where(eq(pickupAdults.id, adultId));
      if (stored && current.photoImageId) await tx.delete(images).where(eq(images.id, current.photoImageId));
    }),
  );
  const old = photoKeys(current);
  if (photo && old) await deleteImageFiles(storage, old);
  return readAdult(db, storage, adultId);
}

export async function deletePickupAdultPhoto(
  db: Database,
  storage: FileStorage,
  parentId: number,
  adultId: number,
): Promise<PickupAdult> {
  const current = await ownAdult(db, parentId, adultId);
  if (current.photoImageId) {
    await db.delete(images).where(eq(images.id, current.photoImageId));
    const old = photoKeys(current);
    if (old) await deleteImageFiles(storage, old);
  }
  return readAdult(db, storage, adultId);
}

/**
 * Removes an adult. Days they collected the child keep the name they had then; they cannot be
 * chosen at pickup any more.
 */
export async function deletePickupAdult(
  db: Database,
  storage: FileStorage,
  parentId: number,
  adultId: number,
): Promise<void> {
  const current = await ownAdult(db, parentId, adultId);
  await db.transaction(async (tx) => {
    await tx.delete(pickupAdults).where(eq(pickupAdults.id, adultId));
    if (current.photoImageId) await tx.delete(images).where(eq(images.id, current.photoImageId));
  });
  const old = photoKeys(current);
  if (old) await deleteImageFiles(storage, old);
}

/**
 * The photo images of the given parent's pickup adults (of one child, or all), deleted in the
 * caller's transaction; the caller removes their files once it commits.
 */
export async function deletePickupPhotos(
  tx: Database,
  parentId: number,
  childId?: number,
): Promise<{ largeKey: string; smallKey: string }[]> {
  const photos = await tx
    .select({ id: images.id, largeKey: images.largeKey, smallKey: images.smallKey })
    .from(pickupAdults)
    .innerJoin(children, eq(children.id, pickupAdults.childId))
    .innerJoin(images, eq(images.id, pickupAdults.photoImageId))
    .where(
      and(
        eq(children.parentId, parentId),
        childId === undefined ? isNotNull(pickupAdults.photoImageId) : eq(children.id, childId),
      ),
    );
  if (photos.length > 0) {
    await tx.delete(images).where(
      inArray(
        images.id,
        photos.map((photo) => photo.id),
      ),
    );
  }
  return photos.map(({ largeKey, smallKey }) => ({ largeKey, smallKey }));
}
