/**
 * Reading camps: a host's own and the public listings, one camp's detail, its categories, and
 * camps that look like duplicates. Writing them is in service.ts.
 */
import type { CampReviewSummary } from '@campwise/contract/camp-reviews';
import type { CampDetail, CampListItem, HostCampListItem } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fromJson } from '../../db/raw.ts';
import {
  campCategories,
  campImages,
  camps,
  categories,
  hostPayoutAccounts,
  images,
  organizations,
} from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { notFound } from '../../platform/errors.ts';
import { type ImageKeys, imageUrls } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { fromSessionsJson, listCampSessionsForHost, publicSessionsJson } from '../../shared/session-reads.ts';
import { campAccess, memberOf, orgAccess } from '../access/index.ts';
import { campReviewSummarySql } from '../camp-reviews/index.ts';

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

/** Year-round, or not over yet where it is (its last day is over at its own midnight). */
export const isUpcomingCamp = or(
  eq(camps.isYearRound, true),
  isNull(camps.endDate),
  sql`${camps.endDate} >= ${campTodaySql(camps.timeZone)}`,
);

/**
 * Public listings: a listed camp (approved organization, live host subscription: `camps.listed`,
 * kept by triggers, decision 036) with a scheduled session and not yet over.
 */
export const isPubliclyListed = and(eq(camps.listed, true), sql`${camps.sessionCount} > 0`, isUpcomingCamp);

/** Whether the camp's host can be paid yet (a statement joining `organizations`). */
export const takesRegistrations = sql<boolean>`exists (select 1 from ${hostPayoutAccounts} where ${hostPayoutAccounts.hostId} = ${organizations.hostId} and ${hostPayoutAccounts.chargesEnabled})`;

/** Places taken across a camp's scheduled sessions. */
const campSpotsTaken = sql<number>`(select coalesce(sum(s.spots_taken), 0)::int from camp_sessions s
  where s.camp_id = camps.id and s.status = 'scheduled')`;

export async function listOrgCamps(
  db: Database,
  storage: FileStorage,
  hostId: number,
  orgId: number,
): Promise<HostCampListItem[]> {
  await orgAccess(db, hostId, orgId, 'org:view');
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
    .leftJoin(images, eq(images.id, camps.thumbnailImageId))
    .where(and(eq(camps.orgId, orgId), isPubliclyListed))
    .orderBy(asc(camps.startDate), asc(camps.name));
  return rows.map((row) => toListItem(storage, row));
}

/** The camp's categories, by id, as one JSON array. */
const categoriesJson = sql<{ id: number; text: string }[] | string>`(select coalesce(json_agg(
    json_build_object('id', ${categories.id}, 'text', ${categories.text}) order by ${categories.id}), '[]'::json)
  from ${campCategories} join ${categories} on ${categories.id} = ${campCategories.categoryId}
  where ${campCategories.campId} = ${camps.id})`;

/** The camp's pictures, by slot, as one JSON array. */
const imagesJson = sql<{ id: number; slot: number; largeKey: string; smallKey: string }[] | string>`(select
    coalesce(json_agg(json_build_object('id', ${campImages.id}, 'slot', ${campImages.slot},
      'largeKey', ${images.largeKey}, 'smallKey', ${images.smallKey}) order by ${campImages.slot}), '[]'::json)
  from ${campImages} join ${images} on ${images.id} = ${campImages.imageId}
  where ${campImages.campId} = ${camps.id})`;

/** The camp's columns a detail shows, with its categories and pictures. */
const detailColumns = {
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
  takesRegistrations,
  categories: categoriesJson,
  images: imagesJson,
};

const hostDetailQuery = (db: Database, where: SQL | undefined) =>
  db
    .select(detailColumns)
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(images, eq(images.id, camps.thumbnailImageId))
    .where(where);
type DetailRow = Awaited<ReturnType<typeof hostDetailQuery>>[number];

function toDetail(storage: FileStorage, row: DetailRow): Omit<CampDetail, 'sessions'> {
  const { largeKey, smallKey, ...rest } = row;
  return {
    ...rest,
    thumbnail: imageUrls(storage, keysOf({ largeKey, smallKey })),
    categories: fromJson(row.categories),
    images: fromJson(row.images).map((image) => ({
      id: image.id,
      slot: image.slot,
      url: storage.url(image.largeKey),
      smallUrl: storage.url(image.smallKey),
    })),
  };
}

/**
 * A listed camp's profile in one statement: the detail, its sessions and its review summary,
 * prepared once per database (a profile is read far more than anything else, and planning a
 * statement of eight subqueries costs more than running it).
 */
function publicProfileStatement(db: Database) {
  return db
    .select({
      ...detailColumns,
      sessions: publicSessionsJson(sql`${camps.id}`),
      reviewSummary: campReviewSummarySql(sql`${camps.id}`),
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(images, eq(images.id, camps.thumbnailImageId))
    .where(and(eq(camps.id, sql.placeholder('campId')), isPubliclyListed))
    .prepare('public_camp_profile');
}
const publicProfileStatements = new WeakMap<Database, ReturnType<typeof publicProfileStatement>>();

export async function getHostCamp(
  db: Database,
  storage: FileStorage,
  hostId: number,
  campId: number,
): Promise<CampDetail> {
  await campAccess(db, hostId, campId, 'org:view');
  const [row] = await hostDetailQuery(db, eq(camps.id, campId));
  if (!row) throw notFound(messages.campNotFound);
  // A host's sessions carry what was paid, read apart.
  return { ...toDetail(storage, row), sessions: await listCampSessionsForHost(db, row.id) };
}

/** A listed camp as its profile shows it, with its review summary: one statement. */
export async function getPublicCamp(
  db: Database,
  storage: FileStorage,
  campId: number,
): Promise<CampDetail & { reviewSummary: CampReviewSummary }> {
  let statement = publicProfileStatements.get(db);
  if (!statement) {
    statement = publicProfileStatement(db);
    publicProfileStatements.set(db, statement);
  }
  const [row] = await statement.execute({ campId });
  if (!row) throw notFound(messages.campNotFound);
  const { sessions, reviewSummary, ...detail } = row;
  return {
    ...toDetail(storage, detail),
    sessions: fromSessionsJson(sessions),
    reviewSummary: fromJson(reviewSummary),
  };
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
        memberOf(organizations.id, hostId, 'camps:manage'),
        sql`lower(${camps.name}) = lower(${name.trim()})`,
        eq(camps.phone, phone.trim()),
        exceptCampId === undefined ? undefined : sql`${camps.id} <> ${exceptCampId}`,
      ),
    );
}
