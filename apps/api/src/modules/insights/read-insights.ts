import { campDay, campMoment } from '@campwise/contract/camp-clock';
import {
  addDays,
  type DayCounts,
  fillPercent,
  type Insights,
  type InsightsQuery,
  insightsRange,
  insightsSeries,
  insightsTotals,
  type SessionFill,
} from '@campwise/contract/insights';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { camps, organizations } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { memberOf } from '../access/index.ts';

interface Scope {
  campIds: number[];
  /** Where the views are counted: the organisation's own counter, or one camp's. */
  viewsOf: { table: SQL; filter: SQL };
  /** The organisation's zone, whose days are counted (decision 047). */
  timeZone: string;
  /** The range's first instant and the instant after its last day, where the organisation is. */
  start: string;
  end: string;
  from: string;
  to: string;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/**
 * The day of an instant where the organisation is (its zone is `zone.name`, from the statement's
 * `zone`, so the expression reads the same wherever it is written). Rows are grouped by it and
 * only each group's day is written out as text: writing out every row's day was 40% of reading a
 * year of the ledger (EXPLAIN ANALYZE).
 */
const localDay = (column: SQL) => sql`(${column} at time zone zone.name)::date`;
const dayText = (day: SQL) => sql`to_char(${day}, 'YYYY-MM-DD')`;

/**
 * The day's counts the charts are built from, in one statement (one round trip, one connection):
 * - profile views: the counters the public camp page bumps (the organisation's, or the camp's);
 * - revenue (charges less refunds) and places sold, from the payout ledger: a place is sold on
 *   the day of its first charge (a deposit, a full payment or an accepted offer's), marked on the
 *   entry when it is written; later instalments and a move's difference are money, not places;
 * - children put on a waitlist: the demand beyond the places there are;
 * - places sold through the host's booking widget: the first sales of places marked as booked there.
 */
function countsByDay(db: Database, scope: Scope) {
  const ids = idArray(scope.campIds);
  return queryRows<DayCounts>(
    db,
    sql`with zone as (select ${scope.timeZone}::text as name)
      select ${dayText(sql`day`)} as day, sum(views)::int as views, 0 as "revenueCents",
        0 as "placesSold", 0 as "waitlistJoins", 0 as "widgetPlaces"
      from ${scope.viewsOf.table}
      where ${scope.viewsOf.filter} and day between ${scope.from} and ${scope.to}
      group by day
      union all
      select ${dayText(localDay(sql`created_at`))}, 0,
        sum(case when kind = 'charge' then amount_cents else -amount_cents end)::int,
        (count(*) filter (where first_sale))::int, 0, 0
      from payment_entries, zone
      where camp_id = any(${ids})
        and created_at >= ${scope.start}::timestamptz and created_at < ${scope.end}::timestamptz
      group by ${localDay(sql`created_at`)}
      union all
      select ${dayText(localDay(sql`waitlisted_at`))}, 0, 0, 0, count(*)::int, 0 from registrations, zone
      where camp_id = any(${ids})
        and waitlisted_at >= ${scope.start}::timestamptz and waitlisted_at < ${scope.end}::timestamptz
      group by ${localDay(sql`waitlisted_at`)}
      union all
      select ${dayText(localDay(sql`e.created_at`))}, 0, 0, 0, 0, count(*)::int
      from registrations r
      join payment_entries e on e.registration_id = r.id and e.kind = 'charge' and e.first_sale, zone
      where r.camp_id = any(${ids}) and r.booked_via is not null
        and e.created_at >= ${scope.start}::timestamptz and e.created_at < ${scope.end}::timestamptz
      group by ${localDay(sql`e.created_at`)}`,
  );
}

/** Each scheduled session running on or after the range's start, with its places as they are now. */
async function sessionFills(db: Database, scope: Scope): Promise<SessionFill[]> {
  const rows = await queryRows<Omit<SessionFill, 'fillPercent'>>(
    db,
    sql`select s.id as "sessionId", s.camp_id as "campId", c.name as "campName", s.name,
        to_char(s.start_date, 'YYYY-MM-DD') as "startDate", s.capacity,
        r.confirmed, r.pending, r.offered, r.waitlisted
      from camp_sessions s
      join camps c on c.id = s.camp_id
      cross join lateral (
        select (count(*) filter (where status = 'confirmed'))::int as confirmed,
          (count(*) filter (where status = 'pending_payment'))::int as pending,
          (count(*) filter (where status = 'offered'))::int as offered,
          (count(*) filter (where status = 'waitlisted'))::int as waitlisted
        from registrations where session_id = s.id
          and status in ('confirmed', 'pending_payment', 'offered', 'waitlisted')
      ) r
      where s.camp_id = any(${idArray(scope.campIds)}) and s.status = 'scheduled'
        and (s.end_date is null or s.end_date >= ${scope.from}::date)
      order by s.start_date nulls last, c.name, s.name, s.id`,
  );
  return rows.map((row) => ({ ...row, fillPercent: fillPercent(row.confirmed, row.capacity) }));
}

/**
 * A host's figures for one organisation (the first by name when none is asked for), or one of
 * its camps, over a date range (the last 90 days by default), counted in the organisation's
 * days. Another host's organisation or camp is 404, like one that does not exist.
 */
export async function readInsights(
  db: Database,
  hostId: number,
  query: InsightsQuery,
  now: Date,
): Promise<Insights> {
  // The chosen organisation (the asked one if it is the host's, else the first by name: one probe
  // of organizations_host_idx) with its camps, in one statement. The host's list of
  // organisations is not read here: the page has it already (GET /host/orgs).
  const chosenOrg = db
    .select({ id: organizations.id, timeZone: organizations.timeZone })
    .from(organizations)
    .where(
      and(
        memberOf(organizations.id, hostId, 'reports'),
        query.orgId === undefined ? undefined : eq(organizations.id, query.orgId),
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(1)
    .as('chosen_org');
  const rows = await db
    .select({ orgId: chosenOrg.id, timeZone: chosenOrg.timeZone, campId: camps.id, campName: camps.name })
    .from(chosenOrg)
    .leftJoin(camps, eq(camps.orgId, chosenOrg.id))
    .orderBy(asc(camps.name), asc(camps.id));
  const orgId = rows[0]?.orgId ?? null;
  if (query.orgId !== undefined && orgId === null) throw notFound(messages.orgNotFound);
  const timeZone = rows[0]?.timeZone ?? null;
  const zone = timeZone ?? 'UTC';
  const today = campDay(now, zone);
  const { from, to } = insightsRange(query, today);
  const orgCamps = rows.flatMap((row) =>
    row.campId === null || row.campName === null ? [] : [{ id: row.campId, name: row.campName }],
  );
  if (query.campId !== undefined && !orgCamps.some((camp) => camp.id === query.campId)) {
    throw notFound(messages.campNotFound);
  }
  const campIds = query.campId !== undefined ? [query.campId] : orgCamps.map((camp) => camp.id);
  const viewsOf =
    query.campId !== undefined
      ? { table: sql`camp_daily_views`, filter: sql`camp_id = ${query.campId}` }
      : { table: sql`org_daily_views`, filter: sql`org_id = ${orgId ?? 0}` };
  const scope: Scope = {
    campIds,
    viewsOf,
    timeZone: zone,
    from,
    to,
    start: campMoment(from, '00:00', zone).toISOString(),
    end: campMoment(addDays(to, 1), '00:00', zone).toISOString(),
  };
  const [counts, sessions] =
    campIds.length === 0 ? [[], []] : await Promise.all([countsByDay(db, scope), sessionFills(db, scope)]);
  const { unit, series } = insightsSeries(from, to, counts);
  return {
    camps: orgCamps,
    orgId,
    campId: query.campId ?? null,
    from,
    to,
    timeZone,
    today,
    unit,
    totals: insightsTotals(series),
    series,
    sessions,
  };
}
