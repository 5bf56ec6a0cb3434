import type {
  CampReview,
  CampReviewSummary,
  ModeratedCampReview,
  ReportedCampReview,
} from '@campwise/contract/camp-reviews';
import { messages } from '@campwise/contract/messages';
import { isSubscribedStatus } from '@campwise/contract/subscriptions';
import { and, asc, desc, eq, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campReviews,
  campSessions,
  camps,
  hostSubscriptions,
  organizations,
  users,
} from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { authorNameOf } from './eligibility.ts';

const reviewColumns = {
  id: campReviews.id,
  campId: campReviews.campId,
  campName: camps.name,
  sessionId: campReviews.sessionId,
  sessionName: campSessions.name,
  rating: campReviews.rating,
  text: campReviews.text,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  createdAt: campReviews.createdAt,
  reply: campReviews.reply,
  repliedAt: campReviews.repliedAt,
};

const moderatedColumns = {
  ...reviewColumns,
  reportStatus: campReviews.reportStatus,
  reportReason: campReviews.reportReason,
  reportedAt: campReviews.reportedAt,
  hiddenReason: campReviews.hiddenReason,
  orgId: organizations.id,
  orgName: organizations.name,
};

/** Reviews with their session, camp and author (and what became of a report). */
function reviewRows(db: Database) {
  return db
    .select(moderatedColumns)
    .from(campReviews)
    .innerJoin(campSessions, eq(campSessions.id, campReviews.sessionId))
    .innerJoin(camps, eq(camps.id, campReviews.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(users, eq(users.id, campReviews.parentId))
    .$dynamic();
}

type ModeratedRow = Awaited<ReturnType<typeof reviewRows>>[number];
type ReviewRow = Omit<ModeratedRow, 'reportStatus' | 'reportReason' | 'reportedAt' | 'hiddenReason'>;

function toReview({
  authorFirstName,
  authorLastName,
  createdAt,
  repliedAt,
  orgId: _orgId,
  orgName: _orgName,
  ...row
}: ReviewRow): CampReview {
  return {
    ...row,
    authorName: authorNameOf(authorFirstName, authorLastName),
    createdAt: createdAt.toISOString(),
    repliedAt: repliedAt?.toISOString() ?? null,
  };
}

function toModerated({ reportStatus, reportReason, reportedAt, hiddenReason, ...row }: ModeratedRow) {
  return {
    ...toReview(row),
    reportStatus,
    reportReason,
    reportedAt: reportedAt?.toISOString() ?? null,
    hiddenReason,
  } satisfies ModeratedCampReview;
}

/** Shown publicly and counted in averages: everything an administrator has not hidden. */
export const isShown = or(isNull(campReviews.reportStatus), ne(campReviews.reportStatus, 'hidden'));

const summaryAverage = sql<number | null>`round(avg(${campReviews.rating}), 1)::float8`;
const summaryCount = sql<number>`count(*)::int`;

/** The average and count of a camp's or an organization's shown reviews: one aggregate. */
export async function reviewSummary(db: Database, of: { campId: number } | { orgId: number }) {
  const scope =
    'campId' in of
      ? eq(campReviews.campId, of.campId)
      : sql`${campReviews.campId} in (select id from camps where org_id = ${of.orgId})`;
  const [row] = await db
    .select({ average: summaryAverage, count: summaryCount })
    .from(campReviews)
    .where(and(scope, isShown));
  return { average: row?.average ?? null, count: row?.count ?? 0 } satisfies CampReviewSummary;
}

/**
 * The same summary of the camp `campId` (a column of the statement it is part of), as a JSON
 * object, so a camp's profile reads it in its own statement.
 */
export function campReviewSummarySql(campId: SQL): SQL<CampReviewSummary> {
  return sql<CampReviewSummary>`(select json_build_object('average', ${summaryAverage}, 'count', ${summaryCount})
    from ${campReviews} where ${campReviews.campId} = ${campId} and ${isShown})`;
}

/** A camp or organization whose reviews the public may read: approved, with a live host subscription. */
async function publicScope(db: Database, of: { campId: number } | { orgId: number }): Promise<SQL> {
  const query = db
    .select({ status: organizations.status, subscription: hostSubscriptions.status })
    .from(organizations)
    .leftJoin(hostSubscriptions, eq(hostSubscriptions.hostId, organizations.hostId));
  const [row] =
    'campId' in of
      ? await query.innerJoin(camps, eq(camps.orgId, organizations.id)).where(eq(camps.id, of.campId))
      : await query.where(eq(organizations.id, of.orgId));
  if (row?.status !== 'approved' || !isSubscribedStatus(row.subscription)) {
    throw notFound('campId' in of ? messages.campNotFound : messages.orgNotFound);
  }
  return 'campId' in of ? eq(campReviews.campId, of.campId) : eq(camps.orgId, of.orgId);
}

/** A page of a camp's or an organization's shown reviews, newest first, with the summary. */
export async function listPublicReviews(
  db: Database,
  of: { campId: number } | { orgId: number },
  page: { cursor?: number | undefined; limit: number },
) {
  const scope = await publicScope(db, of);
  const rows = await reviewRows(db)
    .where(and(scope, isShown, page.cursor === undefined ? undefined : lt(campReviews.id, page.cursor)))
    .orderBy(desc(campReviews.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    data: shown.map(toReview),
    summary: await reviewSummary(db, of),
    nextCursor: rows.length > page.limit && last ? String(last.id) : null,
  };
}

/** The parent's own reviews, hidden ones too (with the reason), newest first. */
export async function listOwnReviews(db: Database, parentId: number): Promise<ModeratedCampReview[]> {
  const rows = await reviewRows(db).where(eq(campReviews.parentId, parentId)).orderBy(desc(campReviews.id));
  return rows.map(toModerated);
}

/** Every review of the host's camp, newest first, with the reports and decisions. */
export async function listHostCampReviews(db: Database, campId: number): Promise<ModeratedCampReview[]> {
  const rows = await reviewRows(db).where(eq(campReviews.campId, campId)).orderBy(desc(campReviews.id));
  return rows.map(toModerated);
}

/** One review as its author or host sees it. */
export async function moderatedReview(db: Database, reviewId: number): Promise<ModeratedCampReview> {
  const [row] = await reviewRows(db).where(eq(campReviews.id, reviewId));
  if (!row) throw notFound(messages.campReviewNotFound);
  return toModerated(row);
}

/** Reviews hosts reported that no administrator has decided yet, oldest report first. */
export async function listReportedReviews(db: Database): Promise<ReportedCampReview[]> {
  const rows = await reviewRows(db)
    .where(eq(campReviews.reportStatus, 'open'))
    .orderBy(asc(campReviews.reportedAt), asc(campReviews.id));
  return rows.map((row) => ({ ...toModerated(row), orgId: row.orgId, orgName: row.orgName }));
}
