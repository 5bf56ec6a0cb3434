import type { CampData, CampDetail, CampListItem, HostCampListItem } from '@campwise/contract/camps';
import { campKind } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campCategories,
  campImages,
  campSessions,
  camps,
  categories,
  hostPayoutAccounts,
  hostSubscriptions,
  images,
  organizations,
  registrations,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { zipCentroid } from '../../platform/geo.ts';
import {
  deleteImageFiles,
  type ImageKeys,
  imageUrls,
  type StoredImage,
  storeImage,
} from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { SPOT_HOLDING_STATUSES } from '../registrations/lifecycle.ts';
import { listCampSessionsForHost, listPublicSessions, lockCampSessions } from '../sessions/read-sessions.ts';

/** The session the spec's camp form creates. */
export const FIRST_SESSION_NAME = 'Session 1';

const listColumns = {
  id: camps.id,
  name: camps.name,
  city: camps.city,
  state: camps.state,
  startDate: camps.startDate,
  endDate: camps.endDate,
  isVirtual: camps.isVirtual,
  isYearRound: camps.isYearRound,
  costCents: camps.costCents,
  minAge: camps.minAge,
  maxAge: camps.maxAge,
  description: camps.description,
  largeKey: images.largeKey,
  smallKey: images.smallKey,
};

type ListRow = Omit<CampListItem, 'thumbnail'> & { largeKey: string | null; smallKey: string | null };

function keysOf(row: { largeKey: string | null; smallKey: string | null }): ImageKeys {
  return row.largeKey && row.smallKey ? { largeKey: row.largeKey, smallKey: row.smallKey } : null;
}

function toListItem(storage: FileStorage, { largeKey, smallKey, ...row }: ListRow): CampListItem {
  return { ...row, thumbnail: imageUrls(storage, keysOf({ largeKey, smallKey })) };
}

/** Year-round, or not over yet. */
const isUpcomingCamp = or(
  eq(camps.isYearRound, true),
  isNull(camps.endDate),
  sql`${camps.endDate} >= current_date`,
);

/**
 * Public listings: an approved organization, a live host subscription, a camp with a scheduled
 * session and not yet over.
 */
export const isPubliclyListed = and(
  eq(organizations.status, 'approved'),
  inArray(hostSubscriptions.status, ['active', 'past_due']),
  sql`${camps.sessionCount} > 0`,
  isUpcomingCamp,
);

/** Places taken across a camp's scheduled sessions. */
const campSpotsTaken = sql<number>`(select coalesce(sum(s.spots_taken), 0)::int from camp_sessions s
  where s.camp_id = camps.id and s.status = 'scheduled')`;

/** The host's organization, or 404 (another host's looks exactly like one that does not exist). */
async function ownOrg(db: Database, hostId: number, orgId: number) {
  const [org] = await db
    .select({ id: organizations.id, status: organizations.status })
    .from(organizations)
    .where(and(eq(organizations.id, orgId), eq(organizations.hostId, hostId)));
  if (!org) throw notFound(messages.orgNotFound);
  return org;
}

/** The host's camp, or 404. */
export async function ownCamp(db: Database, hostId: number, campId: number) {
  const [camp] = await db
    .select({ id: camps.id, orgId: camps.orgId, thumbnailImageId: camps.thumbnailImageId })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(camps.id, campId), eq(organizations.hostId, hostId)));
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

export async function listOrgCamps(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId: number,
): Promise<HostCampListItem[]> {
  await ownOrg(db, hostId, orgId);
  const rows = await db
    .select({ ...listColumns, capacity: camps.capacity, spotsTaken: campSpotsTaken })
    .from(camps)
    .leftJoin(images, eq(images.id, camps.thumbnailImageId))
    .where(eq(camps.orgId, orgId))
    .orderBy(desc(camps.createdAt), desc(camps.id));
  return rows.map(({ capacity, spotsTaken, ...row }) => ({
    ...toListItem(storage, row),
    capacity,
    spotsTaken,
  }));
}

/** Camps of an organization on its public profile. */
export async function listPublicOrgCamps(
  db: Database,
  storage: FileStorage,
  orgId: number,
): Promise<CampListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(hostSubscriptions, eq(hostSubscriptions.hostId, organizations.hostId))
    .leftJoin(images, eq(images.id, camps.thumbnailImageId))
    .where(and(eq(camps.orgId, orgId), isPubliclyListed))
    .orderBy(asc(camps.startDate), asc(camps.name));
  return rows.map((row) => toListItem(storage, row));
}

async function campDetail(
  db: Database,
  storage: FileStorage,
  where: ReturnType<typeof and>,
  viewer: 'host' | 'public',
): Promise<CampDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      orgId: camps.orgId,
      orgName: organizations.name,
      address: camps.address,
      zip: camps.zip,
      phone: camps.phone,
      email: camps.email,
      spotsAvailable: camps.capacity,
      spotsLeft: sql<number>`greatest(0, ${camps.capacity} - ${campSpotsTaken})::int`,
      allowsWaitlist: camps.allowsWaitlist,
      refundPolicy: camps.refundPolicy,
      takesRegistrations: sql<boolean>`exists (select 1 from ${hostPayoutAccounts} where ${hostPayoutAccounts.hostId} = ${organizations.hostId} and ${hostPayoutAccounts.chargesEnabled})`,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(hostSubscriptions, eq(hostSubscriptions.hostId, organizations.hostId))
    .leftJoin(images, eq(images.id, camps.thumbnailImageId))
    .where(where);
  if (!row) return null;
  const [categoryRows, imageRows, sessions] = await Promise.all([
    campCategoryList(db, row.id),
    db
      .select({
        id: campImages.id,
        slot: campImages.slot,
        largeKey: images.largeKey,
        smallKey: images.smallKey,
      })
      .from(campImages)
      .innerJoin(images, eq(images.id, campImages.imageId))
      .where(eq(campImages.campId, row.id))
      .orderBy(asc(campImages.slot)),
    viewer === 'host' ? listCampSessionsForHost(db, row.id) : listPublicSessions(db, row.id),
  ]);
  const { largeKey, smallKey, ...rest } = row;
  return {
    ...rest,
    thumbnail: imageUrls(storage, keysOf({ largeKey, smallKey })),
    categories: categoryRows,
    images: imageRows.map((image) => ({
      id: image.id,
      slot: image.slot,
      url: storage.url(image.largeKey),
      smallUrl: storage.url(image.smallKey),
    })),
    sessions,
  };
}

export function campCategoryList(db: Database, campId: number) {
  return db
    .select({ id: categories.id, text: categories.text })
    .from(campCategories)
    .innerJoin(categories, eq(categories.id, campCategories.categoryId))
    .where(eq(campCategories.campId, campId))
    .orderBy(asc(categories.id));
}

export async function getHostCamp(db: Database, storage: FileStorage, hostId: number, campId: number) {
  const camp = await campDetail(
    db,
    storage,
    and(eq(camps.id, campId), eq(organizations.hostId, hostId)),
    'host',
  );
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

export async function getPublicCamp(db: Database, storage: FileStorage, campId: number) {
  const camp = await campDetail(db, storage, and(eq(camps.id, campId), isPubliclyListed), 'public');
  if (!camp) throw notFound(messages.campNotFound);
  return camp;
}

/** Same name (compared in lower case) and phone among the host's camps. */
export async function findDuplicateCamps(
  db: Database,
  hostId: number,
  name: string,
  phone: string,
  exceptCampId?: number,
): Promise<{ id: number }[]> {
  return db
    .select({ id: camps.id })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(organizations.hostId, hostId),
        sql`lower(${camps.name}) = lower(${name.trim()})`,
        eq(camps.phone, phone.trim()),
        exceptCampId === undefined ? undefined : sql`${camps.id} <> ${exceptCampId}`,
      ),
    );
}

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
  const org = await ownOrg(db, hostId, orgId);
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
  await ownCamp(db, hostId, campId);
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
  const camp = await ownCamp(db, hostId, campId);
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
  await ownCamp(db, hostId, campId);
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
          or(isNull(campSessions.endDate), sql`${campSessions.endDate} >= current_date`),
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
