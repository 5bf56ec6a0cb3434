import { messages } from '@campwise/contract/messages';
import type { HostOrg, NewOrgData, OrgDetails, OrgUpdateData, PublicOrg } from '@campwise/contract/orgs';
import { isSubscribedStatus } from '@campwise/contract/subscriptions';
import { timeZoneOfZip } from '@campwise/contract/time-zones';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  hostSubscriptions,
  images,
  organizations,
  orgConsents,
  orgMembers,
  orgRevisions,
} from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import {
  deleteImageFiles,
  type ImageKeys,
  imageUrls,
  type StoredImage,
  storeImage,
} from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { memberOf, orgAccess } from '../access/index.ts';
import { deleteCampsRows, orgCampIds } from '../camps/index.ts';

export const orgDetailColumns = {
  name: organizations.name,
  address: organizations.address,
  city: organizations.city,
  state: organizations.state,
  zip: organizations.zip,
  phone: organizations.phone,
  website: organizations.website,
  bio: organizations.bio,
  contactName: organizations.contactName,
  contactPhone: organizations.contactPhone,
  contactEmail: organizations.contactEmail,
};

const orgRowColumns = {
  id: organizations.id,
  hostId: organizations.hostId,
  status: organizations.status,
  denyReason: organizations.denyReason,
  createdAt: organizations.createdAt,
  submittedAt: organizations.submittedAt,
  timeZone: organizations.timeZone,
  myRole: orgMembers.role,
  ...orgDetailColumns,
  largeKey: images.largeKey,
  smallKey: images.smallKey,
};

type OrgRow = {
  id: number;
  timeZone: string;
  status: HostOrg['status'];
  denyReason: string | null;
  createdAt: Date;
  submittedAt: Date;
  largeKey: string | null;
  smallKey: string | null;
  myRole: HostOrg['myRole'];
} & OrgDetails;

export function detailsOf(row: OrgDetails): OrgDetails {
  return {
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    website: row.website,
    bio: row.bio,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
  };
}

function keysOf(row: { largeKey: string | null; smallKey: string | null }): ImageKeys {
  return row.largeKey && row.smallKey ? { largeKey: row.largeKey, smallKey: row.smallKey } : null;
}

/** The host's organizations with the latest revision of each (pending or turned down). */
async function hostOrgs(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId?: number,
): Promise<HostOrg[]> {
  const rows: OrgRow[] = await db
    .select(orgRowColumns)
    .from(organizations)
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, organizations.id), eq(orgMembers.userId, hostId)))
    .leftJoin(images, eq(images.id, organizations.thumbnailImageId))
    .where(
      and(
        memberOf(organizations.id, hostId, 'org:view'),
        orgId === undefined ? undefined : eq(organizations.id, orgId),
      ),
    )
    .orderBy(desc(organizations.createdAt), desc(organizations.id));
  const ids = rows.map((row) => row.id);
  // The latest revision of any status: once a later one is approved, an older denial is history.
  const revisions =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(orgRevisions)
          .where(inArray(orgRevisions.orgId, ids))
          .orderBy(desc(orgRevisions.submittedAt), desc(orgRevisions.id));
  return rows.map((row) => {
    const revision = revisions.find((candidate) => candidate.orgId === row.id);
    const revisionStatus = revision?.status;
    return {
      id: row.id,
      ...detailsOf(row),
      timeZone: row.timeZone,
      status: row.status,
      denyReason: row.denyReason,
      thumbnail: imageUrls(storage, keysOf(row)),
      revision:
        revision && (revisionStatus === 'pending' || revisionStatus === 'denied')
          ? {
              status: revisionStatus,
              denyReason: revision.denyReason,
              details: revision.details as OrgDetails,
            }
          : null,
      createdAt: row.createdAt.toISOString(),
      submittedAt: row.submittedAt.toISOString(),
      myRole: row.myRole,
    };
  });
}

export function listHostOrgs(db: Database, storage: FileStorage, hostId: number): Promise<HostOrg[]> {
  return hostOrgs(db, storage, hostId);
}

/** One of the host's organizations; another host's looks exactly like one that does not exist. */
export async function getHostOrg(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId: number,
): Promise<HostOrg> {
  const [org] = await hostOrgs(db, storage, hostId, orgId);
  if (!org) throw notFound(messages.orgNotFound);
  return org;
}

export interface ConsentRecord {
  version: string;
  ipAddress: string;
  userAgent: string | null;
}

/** Adds an organization for review, with its consent and (optional) thumbnail, all or nothing. */
export async function createOrg(
  db: Database,
  storage: FileStorage,
  hostId: number,
  input: NewOrgData,
  consent: ConsentRecord,
  thumbnail: Buffer | undefined,
): Promise<number> {
  const stored = thumbnail ? await storeImage(storage, thumbnail, 'thumbnail') : null;
  try {
    return await db.transaction(async (tx) => {
      const imageId = stored ? await insertImage(tx, stored) : null;
      const { contactNumber, timeZone, ...fields } = input;
      const [org] = await tx
        .insert(organizations)
        .values({
          ...fields,
          contactPhone: contactNumber,
          timeZone: timeZone ?? timeZoneOfZip(fields.zip),
          hostId,
          thumbnailImageId: imageId,
        })
        .returning({ id: organizations.id });
      if (!org) throw new Error('insert returned no row');
      await tx.insert(orgConsents).values({
        orgId: org.id,
        hostId,
        consentVersion: consent.version,
        ipAddress: consent.ipAddress,
        userAgent: consent.userAgent?.slice(0, 500) ?? null,
      });
      return org.id;
    });
  } catch (error) {
    if (stored) await deleteImageFiles(storage, stored);
    throw error;
  }
}

async function insertImage(db: Database, stored: StoredImage): Promise<number> {
  const [image] = await db.insert(images).values(stored).returning({ id: images.id });
  if (!image) throw new Error('insert returned no row');
  return image.id;
}

function sameDetails(a: OrgDetails, b: OrgDetails): boolean {
  return (Object.keys(a) as (keyof OrgDetails)[]).every((key) => a[key] === b[key]);
}

/**
 * Edits an organization. Pending or denied: updated in place and (re)submitted. Approved: the
 * edit becomes a revision for review (replacing any revision still waiting) and the approved
 * details stay live until an administrator accepts it. A time zone sent is kept at once, for
 * any status: it is how the camps keep time, not something to review (decision 047).
 */
export async function updateOrg(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId: number,
  update: OrgUpdateData,
): Promise<{ org: HostOrg; inReview: boolean }> {
  const { timeZone, ...details } = update;
  const inReview = await db.transaction(async (tx) => {
    const [org] = await tx
      .select({ status: organizations.status, ...orgDetailColumns })
      .from(organizations)
      .where(and(eq(organizations.id, orgId), memberOf(organizations.id, hostId, 'org:edit')))
      .for('update');
    if (!org) throw notFound(messages.orgNotFound);
    if (timeZone !== undefined) {
      await tx
        .update(organizations)
        .set({ timeZone, updatedAt: new Date() })
        .where(eq(organizations.id, orgId));
    }
    if (org.status !== 'approved') {
      await tx
        .update(organizations)
        .set({
          ...details,
          status: 'pending',
          denyReason: null,
          submittedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(organizations.id, orgId));
      return true;
    }
    const [pending] = await tx
      .select({ id: orgRevisions.id })
      .from(orgRevisions)
      .where(and(eq(orgRevisions.orgId, orgId), eq(orgRevisions.status, 'pending')));
    if (sameDetails(detailsOf(org), details)) {
      // Going back to the live details withdraws a waiting revision; nothing to review.
      if (pending) await tx.delete(orgRevisions).where(eq(orgRevisions.id, pending.id));
      return false;
    }
    if (pending) {
      await tx
        .update(orgRevisions)
        .set({ details, submittedAt: new Date() })
        .where(eq(orgRevisions.id, pending.id));
    } else {
      await tx.insert(orgRevisions).values({ orgId, details });
    }
    return true;
  });
  return { org: await getHostOrg(db, storage, hostId, orgId), inReview };
}

/** Locks the host's organization row and reads its thumbnail, or 404. */
async function lockOwnOrgThumbnail(db: Database, hostId: number, orgId: number) {
  const [org] = await db
    .select({ imageId: organizations.thumbnailImageId, largeKey: images.largeKey, smallKey: images.smallKey })
    .from(organizations)
    .leftJoin(images, eq(images.id, organizations.thumbnailImageId))
    .where(and(eq(organizations.id, orgId), memberOf(organizations.id, hostId, 'org:edit')))
    .for('update', { of: organizations });
  if (!org) throw notFound(messages.orgNotFound);
  return org;
}

/** Replaces the thumbnail; the old files are removed once the change is committed. */
export async function replaceOrgThumbnail(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId: number,
  bytes: Buffer,
): Promise<HostOrg> {
  await getHostOrg(db, storage, hostId, orgId);
  const stored = await storeImage(storage, bytes, 'thumbnail');
  let previous: ImageKeys = null;
  try {
    previous = await db.transaction(async (tx) => {
      const org = await lockOwnOrgThumbnail(tx, hostId, orgId);
      const imageId = await insertImage(tx, stored);
      await tx
        .update(organizations)
        .set({ thumbnailImageId: imageId, updatedAt: new Date() })
        .where(eq(organizations.id, orgId));
      if (org.imageId) await tx.delete(images).where(eq(images.id, org.imageId));
      return keysOf(org);
    });
  } catch (error) {
    await deleteImageFiles(storage, stored);
    throw error;
  }
  if (previous) await deleteImageFiles(storage, previous);
  return getHostOrg(db, storage, hostId, orgId);
}

/** Deletes an organization with its camps, then every image file they held. */
export async function deleteOrg(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId: number,
): Promise<void> {
  await orgAccess(db, hostId, orgId, 'org:delete');
  const campFiles = await deleteCampsRows(db, await orgCampIds(db, orgId), messages.orgHasRegistrations);
  await Promise.all(campFiles.map((keys) => deleteImageFiles(storage, keys)));
  const removed = await db.transaction(async (tx) => {
    const org = await lockOwnOrgThumbnail(tx, hostId, orgId);
    await tx.delete(organizations).where(eq(organizations.id, orgId));
    if (org.imageId) await tx.delete(images).where(eq(images.id, org.imageId));
    return keysOf(org);
  });
  if (removed) await deleteImageFiles(storage, removed);
}

/** An organization's public profile: approved, and its host's subscription is live. */
export async function getPublicOrg(db: Database, storage: FileStorage, orgId: number): Promise<PublicOrg> {
  const [row] = await db
    .select({
      id: organizations.id,
      ...orgDetailColumns,
      largeKey: images.largeKey,
      smallKey: images.smallKey,
      subscription: hostSubscriptions.status,
    })
    .from(organizations)
    .leftJoin(images, eq(images.id, organizations.thumbnailImageId))
    .leftJoin(hostSubscriptions, eq(hostSubscriptions.hostId, organizations.hostId))
    .where(and(eq(organizations.id, orgId), eq(organizations.status, 'approved')));
  if (!row || !isSubscribedStatus(row.subscription)) throw notFound(messages.orgNotFound);
  return { id: row.id, ...detailsOf(row), thumbnail: imageUrls(storage, keysOf(row)) };
}
