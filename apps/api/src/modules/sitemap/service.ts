import { and, asc, count, eq, exists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { camps, organizations } from '../../db/schema.ts';
import { isPubliclyListed } from '../camps/index.ts';

/** Addresses per sitemap file: the protocol allows 50,000; a margin keeps each file small. */
export const SITEMAP_FILE_SIZE = 40_000;

/** The public pages that are not about one camp or organisation. */
export const PUBLIC_PAGES = [
  '/',
  '/search',
  '/about',
  '/how-it-works',
  '/pricing',
  '/faq',
  '/contact',
  '/terms',
  '/privacypolicy',
] as const;

export type SitemapKind = 'camps' | 'orgs';

export interface SitemapEntry {
  path: string;
  lastModified: Date | null;
}

const listedCamps = (db: Database) =>
  db.select({ id: camps.id, updatedAt: camps.updatedAt }).from(camps).where(isPubliclyListed);

/** An organisation is listed while it has a listed camp: its page is then worth finding. */
const hasListedCamp = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(camps)
      .where(and(eq(camps.orgId, organizations.id), isPubliclyListed)),
  );

/** How many files each kind of page needs. */
export async function sitemapFileCounts(db: Database): Promise<Record<SitemapKind, number>> {
  const [campRow] = await db.select({ total: count() }).from(camps).where(isPubliclyListed);
  const [orgRow] = await db
    .select({ total: count() })
    .from(organizations)
    .where(and(eq(organizations.status, 'approved'), hasListedCamp(db)));
  const files = (total: number) => Math.ceil(total / SITEMAP_FILE_SIZE);
  return { camps: files(campRow?.total ?? 0), orgs: files(orgRow?.total ?? 0) };
}

/** One file's worth of listed camps or organisations (numbered from 1), oldest id first. */
export async function sitemapEntries(db: Database, kind: SitemapKind, file: number): Promise<SitemapEntry[]> {
  const offset = (file - 1) * SITEMAP_FILE_SIZE;
  if (kind === 'camps') {
    const rows = await listedCamps(db).orderBy(asc(camps.id)).limit(SITEMAP_FILE_SIZE).offset(offset);
    return rows.map((row) => ({ path: `/camps/${row.id}`, lastModified: row.updatedAt }));
  }
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.status, 'approved'), hasListedCamp(db)))
    .orderBy(asc(organizations.id))
    .limit(SITEMAP_FILE_SIZE)
    .offset(offset);
  return rows.map((row) => ({ path: `/orgs/${row.id}`, lastModified: null }));
}
