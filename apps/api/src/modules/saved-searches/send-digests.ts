import { DIGEST_MAX_SESSIONS } from '@campwise/contract/saved-searches';
import { searchBodySchema } from '@campwise/contract/search';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { savedSearches, users } from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { queueMail, savedSearchDigestMail } from '../mail/index.ts';
import { campConditions, type ResolvedSearch, resolveSearch, sessionConditions } from '../search/index.ts';
import type { UnsubscribeLinks } from '../unsubscribe/index.ts';
import { digestDueBefore, digestLines, type NewSession, resultsUrl } from './digest-rules.ts';

/** The job that e-mails the weekly digests of saved searches. */
export const SAVED_SEARCH_DIGEST_JOB = 'saved-search-digests';

const BATCH = 200;

/**
 * Sessions created in (since, until] at listed camps that match the search, soonest first, and
 * how many there are. The camp must pass the search's camp filters, and the new session itself
 * its dates, places and price.
 */
async function newSessions(
  db: Database,
  search: ResolvedSearch,
  since: Date,
  until: Date,
): Promise<{ sessions: NewSession[]; total: number }> {
  const conditions = [
    ...campConditions(search),
    sql`s.status = 'scheduled'`,
    sql`s.created_at > ${since.toISOString()}::timestamptz`,
    sql`s.created_at <= ${until.toISOString()}::timestamptz`,
    sql`(c.is_year_round or s.start_date is null or s.start_date > ${campTodaySql(sql`c.time_zone`, until)})`,
  ];
  const onSession = sessionConditions(search);
  if (onSession) conditions.push(onSession);
  if (search.maxCostCents !== undefined) conditions.push(sql`s.price_cents <= ${search.maxCostCents}::int`);
  const rows = await queryRows<NewSession & { total: number }>(
    db,
    sql`select s.id as "sessionId", s.name as "sessionName", c.id as "campId", c.name as "campName",
        c.session_count as "sessionCount", s.start_date::text as "startDate", s.end_date::text as "endDate",
        c.is_year_round as "isYearRound", s.weekdays, s.price_cents as "priceCents",
        (count(*) over ())::int as total
      from camp_sessions s
      join camps c on c.id = s.camp_id and c.listed
      where ${sql.join(conditions, sql` and `)}
      order by s.start_date nulls last, s.id
      limit ${DIGEST_MAX_SESSIONS}::int`,
  );
  return { sessions: rows, total: rows[0]?.total ?? 0 };
}

/**
 * E-mails each due saved search's digest: the sessions created since its last check that match.
 * The search's row is locked and its check moved to `now` in the transaction that queues the
 * e-mail, conditionally on still being due, so several instances (or a retry) send it once. A
 * week without news moves the check too, and sends nothing.
 */
export async function sendSearchDigests(
  db: Database,
  links: UnsubscribeLinks,
  now: Date = new Date(),
): Promise<{ checked: number; sent: number }> {
  const dueBefore = digestDueBefore(now);
  const due = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.digest, true), lte(savedSearches.digestCheckedAt, dueBefore)))
    .orderBy(asc(savedSearches.digestCheckedAt), asc(savedSearches.id))
    .limit(BATCH);
  let checked = 0;
  let sent = 0;
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      const [search] = await tx
        .select({
          name: savedSearches.name,
          criteria: savedSearches.criteria,
          since: savedSearches.digestCheckedAt,
          email: users.email,
          firstName: users.firstName,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.parentId))
        .where(
          and(
            eq(savedSearches.id, id),
            eq(savedSearches.digest, true),
            lte(savedSearches.digestCheckedAt, dueBefore),
          ),
        )
        .for('update', { of: savedSearches });
      if (!search) return 'skipped' as const;
      const parsed = searchBodySchema.safeParse({ ...search.criteria, limit: 1 });
      const resolved = parsed.success ? safelyResolved(parsed.data) : null;
      const found = resolved
        ? await newSessions(tx, resolved, search.since, now)
        : { sessions: [], total: 0 };
      await tx
        .update(savedSearches)
        .set({ digestCheckedAt: now, ...(found.total > 0 ? { digestSentAt: now } : {}) })
        .where(eq(savedSearches.id, id));
      if (found.total === 0) return 'checked' as const;
      await queueMail(
        tx,
        savedSearchDigestMail(
          search.email,
          search.firstName,
          {
            searchName: search.name,
            ...digestLines(found.sessions, found.total, links.publicUrl, now),
            resultsUrl: resultsUrl(links.publicUrl, search.criteria),
          },
          links.addresses({ kind: 'digest', id, issuedAt: now }),
        ),
      );
      return 'sent' as const;
    });
    if (outcome !== 'skipped') checked += 1;
    if (outcome === 'sent') sent += 1;
  }
  return { checked, sent };
}

/** A saved search the search no longer accepts (a ZIP dropped from the data set) finds nothing. */
function safelyResolved(query: Parameters<typeof resolveSearch>[0]): ResolvedSearch | null {
  try {
    return resolveSearch(query);
  } catch {
    return null;
  }
}
