import { messages } from '@campwise/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campImages, camps, images } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { deleteImageFiles, storeImage } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { campAccess, memberOf } from '../access/index.ts';
import { getHostCamp } from './read-camps.ts';
import { insertImage } from './service.ts';

/** A camp's thumbnail and its three slot images: set, replace and delete. */
export async function setCampThumbnail(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campId: number,
  bytes: Buffer,
) {
  const camp = await campAccess(db, hostId, campId, 'camps:manage');
  const stored = await storeImage(storage, bytes, 'thumbnail');
  const previous = await db.transaction(async (tx) => {
    const old = camp.thumbnailImageId
      ? await tx
          .select({ largeKey: images.largeKey, smallKey: images.smallKey })
          .from(images)
          .where(eq(images.id, camp.thumbnailImageId))
      : [];
    const imageId = await insertImage(tx, stored);
    await tx
      .update(camps)
      .set({ thumbnailImageId: imageId, updatedAt: new Date() })
      .where(eq(camps.id, campId));
    if (camp.thumbnailImageId) await tx.delete(images).where(eq(images.id, camp.thumbnailImageId));
    return old;
  });
  await Promise.all(previous.map((key) => deleteImageFiles(storage, key)));
  return getHostCamp(db, storage, hostId, campId);
}

export async function deleteCampThumbnail(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campId: number,
) {
  const camp = await campAccess(db, hostId, campId, 'camps:manage');
  if (camp.thumbnailImageId) {
    const imageId = camp.thumbnailImageId;
    const [old] = await db
      .select({ largeKey: images.largeKey, smallKey: images.smallKey })
      .from(images)
      .where(eq(images.id, imageId));
    await db.transaction(async (tx) => {
      await tx
        .update(camps)
        .set({ thumbnailImageId: null, updatedAt: new Date() })
        .where(eq(camps.id, campId));
      await tx.delete(images).where(eq(images.id, imageId));
    });
    if (old) await deleteImageFiles(storage, old);
  }
  return getHostCamp(db, storage, hostId, campId);
}

/**
 * Adds an image in the slot the host chose (1–3) when it is free, or in the first free slot
 * (a camp has three).
 */
export async function addCampImage(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campId: number,
  bytes: Buffer,
  wantedSlot?: number,
) {
  await campAccess(db, hostId, campId, 'camps:manage');
  const stored = await storeImage(storage, bytes, 'image');
  try {
    await db.transaction(async (tx) => {
      // Locking the camp makes simultaneous uploads take turns: each then sees the slots the
      // others took, instead of both picking the same one and failing on the unique index.
      await tx.select({ id: camps.id }).from(camps).where(eq(camps.id, campId)).for('update');
      const used = (
        await tx.select({ slot: campImages.slot }).from(campImages).where(eq(campImages.campId, campId))
      ).map((row) => row.slot);
      const free = [1, 2, 3].filter((candidate) => !used.includes(candidate));
      if (free.length === 0) throw conflict(messages.campImagesFull);
      if (wantedSlot !== undefined && !free.includes(wantedSlot)) throw conflict(messages.campImageSlotTaken);
      const slot = wantedSlot ?? free[0] ?? 1;
      await tx.insert(campImages).values({ campId, imageId: await insertImage(tx, stored), slot });
    });
  } catch (error) {
    await deleteImageFiles(storage, stored);
    throw error;
  }
  return getHostCamp(db, storage, hostId, campId);
}

/** The host's camp image (by its id), or 404. */
async function ownCampImage(db: Database, hostId: number, campImageId: number) {
  const [row] = await db
    .select({
      id: campImages.id,
      campId: campImages.campId,
      imageId: campImages.imageId,
      largeKey: images.largeKey,
      smallKey: images.smallKey,
    })
    .from(campImages)
    .innerJoin(images, eq(images.id, campImages.imageId))
    .innerJoin(camps, eq(camps.id, campImages.campId))
    .where(and(eq(campImages.id, campImageId), memberOf(camps.orgId, hostId, 'camps:manage')));
  if (!row) throw notFound(messages.campNotFound);
  return row;
}

export async function replaceCampImage(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campImageId: number,
  bytes: Buffer,
) {
  const current = await ownCampImage(db, hostId, campImageId);
  const stored = await storeImage(storage, bytes, 'image');
  await db.transaction(async (tx) => {
    const imageId = await insertImage(tx, stored);
    await tx.update(campImages).set({ imageId }).where(eq(campImages.id, campImageId));
    await tx.delete(images).where(eq(images.id, current.imageId));
  });
  await deleteImageFiles(storage, current);
  return getHostCamp(db, storage, hostId, current.campId);
}

export async function deleteCampImage(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campImageId: number,
) {
  const current = await ownCampImage(db, hostId, campImageId);
  await db.delete(images).where(eq(images.id, current.imageId));
  await deleteImageFiles(storage, current);
  return getHostCamp(db, storage, hostId, current.campId);
}
