import { isId } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import { SEARCH_DEFAULT_RADIUS_MILES, type SearchQuery, type SearchResult } from '@campwise/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { badRequest } from '../../platform/errors.ts';
import { boundingBox, type Coordinates, EARTH_RADIUS_MILES, zipCentroid } from '../../platform/geo.ts';
import { imageUrls } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';

/** How results are ordered; a cursor only continues the order it was made for. */
type SortMode = 'distance' | 'relevance' | 'soonest' | 'price';

interface Cursor {
  sortKey: number;
  id: number;
}

/** A search whose ZIP has been placed on the map and whose cursor has been read. */
export interface ResolvedSearch {
  words: string[];
  centre: Coordinates | null;
  radiusMiles: number;
  age?: number;
  month?: number;
  maxCostCents?: number;
  startsFrom?: string;
  endsBy?: string;
  hasPlaces: boolean;
  categories: number[];
  limit: number;
  mode: SortMode;
  after: Cursor | null;
}

const MAX_WORDS = 10;

/** Letters and digits only: everything else separates words (and cannot reach the query parser). */
function searchWords(term: string | undefined): string[] {
  return (term?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

function encodeCursor(mode: SortMode, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([mode, cursor.sortKey, cursor.id])).toString('base64url');
}

/** Sorts virtual camps after every real distance in a ZIP search. */
const VIRTUAL_SORT_KEY = 1e9;

/**
 * The sort keys each order can make, so a cursor holds only values the SQL takes as they are.
 * Distance: miles, or the virtual camps' key. Relevance: minus ts_rank, which is 0 or more and
 * passes 1 when a prefix finds a word in several forms ("camp" finds "campers" and its stem
 * "camper"); a million is far beyond any camp's text.
 * Soonest: whole days from 2000-01-01 to a start date of any four-digit year. Price: cents.
 */
const SORT_KEY_RANGES: Record<SortMode, { min: number; max: number; whole: boolean }> = {
  distance: { min: 0, max: VIRTUAL_SORT_KEY, whole: false },
  relevance: { min: -1_000_000, max: 0, whole: false },
  soonest: { min: -800_000, max: 3_000_000, whole: true },
  price: { min: 0, max: 2_147_483_647, whole: true },
};

function isSortKey(mode: SortMode, value: unknown): value is number {
  const { min, max, whole } = SORT_KEY_RANGES[mode];
  return typeof value === 'number' && value >= min && value <= max && (!whole || Number.isInteger(value));
}

function decodeCursor(mode: SortMode, value: string): Cursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 3 &&
      decoded[0] === mode &&
      isSortKey(mode, decoded[1]) &&
      isId(decoded[2])
    ) {
      return { sortKey: decoded[1], id: decoded[2] };
    }
  } catch {
    // Falls through to the same answer as any other unreadable cursor.
  }
  throw badRequest(messages.searchCursorInvalid, { cursor: messages.searchCursorInvalid });
}

/**
 * The order asked for, or the default one. Best match needs words to rank by; without them it
 * is the default order. Distance without a ZIP is refused by the request schema.
 */
export function sortMode(sort: SearchQuery['sort'], hasCentre: boolean, hasWords: boolean): SortMode {
  if (sort === 'price') return 'price';
  if (sort === 'start') return 'soonest';
  if (sort === 'distance' && hasCentre) return 'distance';
  if (sort === 'relevance' && hasWords) return 'relevance';
  return hasCentre ? 'distance' : hasWords ? 'relevance' : 'soonest';
}

/** Places the ZIP on the map and reads the cursor; an unknown ZIP is the searcher's to fix. */
export function resolveSearch(query: SearchQuery): ResolvedSearch {
  const { zip, age, month, cost, radius, startsFrom, endsBy, hasPlaces } = query.filters;
  const centre = zip ? zipCentroid(zip) : null;
  if (zip && !centre) throw badRequest(messages.unknownZip, { 'filters.zip': messages.unknownZip });
  const words = searchWords(query.term);
  const mode = sortMode(query.sort, centre !== null, words.length > 0);
  return {
    words,
    centre,
    radiusMiles: radius ?? SEARCH_DEFAULT_RADIUS_MILES,
    age,
    month,
    maxCostCents: cost === undefined ? undefined : cost * 100,
    startsFrom,
    endsBy,
    hasPlaces: hasPlaces ?? false,
    categories: query.categories,
    limit: query.limit,
    mode,
    after: query.cursor ? decodeCursor(mode, query.cursor) : null,
  };
}

/** Each word matches as a prefix, stemmed (camps → camp) or as typed (swimmi → swimming). */
function textQuery(words: string[]): SQL {
  return sql.join(
    words.map((word) => sql`(to_tsquery('english', ${`${word}:*`}) || to_tsquery('simple', ${`${word}:*`}))`),
    sql` && `,
  );
}

function distanceExpression(centre: Coordinates): SQL {
  const lat = sql`${centre.latitude}::float8`;
  const lon = sql`${centre.longitude}::float8`;
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(c.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lon}) / 2), 2)))))`;
}

/**
 * What one session must be for its camp to match: within the dates (a session without dates
 * runs all year, so it always is) and with a place left for a new family. Price, age and month
 * read the camp's summary: its lowest price is a session's, and ages are the camp's.
 */
export function sessionConditions(search: ResolvedSearch): SQL | null {
  const conditions: SQL[] = [];
  if (search.startsFrom) {
    conditions.push(sql`(s.start_date is null or s.start_date >= ${search.startsFrom}::date)`);
  }
  if (search.endsBy) conditions.push(sql`(s.end_date is null or s.end_date <= ${search.endsBy}::date)`);
  if (search.startsFrom || search.endsBy) {
    conditions.push(sql`(s.end_date is null or s.end_date >= current_date)`);
  }
  if (search.hasPlaces) {
    conditions.push(sql`s.capacity > s.spots_taken and (s.end_date is null or s.end_date >= current_date)
      and not exists (select 1 from registrations w where w.session_id = s.id and w.status = 'waitlisted')`);
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : null;
}

/**
 * What the camp `c` must be, its sessions aside: words, place, ages, month, price, categories;
 * not over and with a session. The weekly digest of a saved search asks the same of a new
 * session's camp.
 */
export function campConditions(search: ResolvedSearch): SQL[] {
  const filters: SQL[] = [
    sql`c.session_count > 0`,
    sql`(c.is_year_round or c.end_date is null or c.end_date >= current_date)`,
  ];
  const textMatch = search.words.length > 0 ? textQuery(search.words) : null;
  if (textMatch) filters.push(sql`c.search_vector @@ (${textMatch})`);
  const distance = search.centre ? distanceExpression(search.centre) : null;
  if (search.centre && distance) {
    const box = boundingBox(search.centre, search.radiusMiles);
    filters.push(sql`(c.is_virtual or (
      c.latitude between ${box.minLatitude}::float8 and ${box.maxLatitude}::float8
      and c.longitude between ${box.minLongitude}::float8 and ${box.maxLongitude}::float8
      and ${distance} <= ${search.radiusMiles}::float8))`);
  }
  if (search.age !== undefined) {
    filters.push(sql`c.min_age <= ${search.age}::int and c.max_age >= ${search.age}::int`);
  }
  if (search.month !== undefined) {
    filters.push(sql`(c.months_mask & ${1 << (search.month - 1)}::int) <> 0`);
  }
  if (search.maxCostCents !== undefined) filters.push(sql`c.cost_cents <= ${search.maxCostCents}::int`);
  if (search.categories.length > 0) {
    filters.push(sql`exists (select 1 from camp_categories cc
      where cc.camp_id = c.id and cc.category_id = any(${`{${search.categories.join(',')}}`}::int[]))`);
  }
  return filters;
}

/**
 * The whole search as one statement: the filters, the order, one page and the total. Public
 * listings only (DESIGN.md section 4). Exported so the benchmark issues exactly this SQL.
 */
export function searchStatement(search: ResolvedSearch): SQL {
  const filters = campConditions(search);
  const textMatch = search.words.length > 0 ? textQuery(search.words) : null;
  const distance = search.centre ? distanceExpression(search.centre) : null;
  const sessionFilter = sessionConditions(search);
  if (sessionFilter) {
    filters.push(sql`exists (select 1 from camp_sessions s
      where s.camp_id = c.id and s.status = 'scheduled' and ${sessionFilter})`);
  }

  const distanceColumn = distance ? sql`case when c.is_virtual then null else ${distance} end` : sql`null`;
  const sortKey =
    search.mode === 'distance'
      ? sql`coalesce(${distanceColumn}, ${VIRTUAL_SORT_KEY}::float8)`
      : search.mode === 'relevance' && textMatch
        ? sql`(-ts_rank(c.search_vector, ${textMatch}))::float8`
        : search.mode === 'price'
          ? sql`c.cost_cents::float8`
          : sql`(coalesce(c.start_date, date '2999-12-31') - date '2000-01-01')::float8`;
  const after = search.after
    ? sql`where (m.sort_key, m.id) > (${search.after.sortKey}::float8, ${search.after.id}::int)`
    : sql``;

  return sql`with matches as materialized (
    select c.id, c.name, c.city, c.state, c.start_date as "startDate", c.end_date as "endDate",
      c.is_virtual as "isVirtual", c.is_year_round as "isYearRound", c.cost_cents as "costCents",
      c.max_price_cents as "maxPriceCents",
      c.min_age as "minAge", c.max_age as "maxAge", left(c.description, 400) as description,
      c.allows_waitlist as "allowsWaitlist", c.session_count as session_count,
      case when c.is_virtual then null else c.latitude end as latitude,
      case when c.is_virtual then null else c.longitude end as longitude,
      o.name as "orgName", i.large_key as "largeKey", i.small_key as "smallKey",
      ${distanceColumn} as "distanceMiles", ${sortKey} as sort_key
    from camps c
    join organizations o on o.id = c.org_id and o.status = 'approved'
    join host_subscriptions s on s.host_id = o.host_id and s.status in ('active', 'past_due')
    left join images i on i.id = c.thumbnail_image_id
    where ${sql.join(filters, sql` and `)}
  )
  select (select count(*) from matches)::int as total,
    coalesce((select json_agg(p) from (
      -- Places left are read for the page only: a booking changes its session's row, not the camp's.
      select m.*, (select coalesce(sum(greatest(cs.capacity - cs.spots_taken, 0)), 0)::int from camp_sessions cs
          where cs.camp_id = m.id and cs.status = 'scheduled') as "spotsLeft",
        (select json_build_object('id', s.id, 'count', count(*) over (),
            'name', case when m.session_count > 1 then m.name || ' (' || s.name || ')' else m.name end)
          from camp_sessions s
          where s.camp_id = m.id and s.status = 'scheduled' and (s.end_date is null or s.end_date >= current_date)
            and ${sessionFilter ?? sql`true`}
          order by s.start_date nulls last, s.id limit 1) as "matchingSession"
        from matches m ${after} order by m.sort_key, m.id limit ${search.limit + 1}::int
    ) p), '[]'::json) as rows`;
}

interface MatchRow extends Omit<SearchResult, 'thumbnail'> {
  session_count: number;
  largeKey: string | null;
  smallKey: string | null;
  sort_key: number;
}

/**
 * Runs a search. On PostgreSQL the statement is cancelled after `timeoutMs` (SQLSTATE 57014, which
 * the error handler answers with 503), so one pathological search cannot hold a connection.
 */
export async function searchCamps(
  db: Database,
  storage: FileStorage,
  query: SearchQuery,
  { timeoutMs }: { timeoutMs: number },
) {
  const search = resolveSearch(query);
  const [result] = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
    return queryRows<{ total: number; rows: MatchRow[] | string }>(tx, searchStatement(search));
  });
  const rows: MatchRow[] =
    typeof result?.rows === 'string' ? (JSON.parse(result.rows) as MatchRow[]) : (result?.rows ?? []);
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  return {
    data: page.map(({ largeKey, smallKey, sort_key: _sortKey, session_count: _sessionCount, ...camp }) => ({
      ...camp,
      distanceMiles: camp.distanceMiles === null ? null : Math.round(camp.distanceMiles * 10) / 10,
      thumbnail: imageUrls(storage, largeKey && smallKey ? { largeKey, smallKey } : null),
    })),
    nextCursor:
      rows.length > search.limit && last
        ? encodeCursor(search.mode, { sortKey: last.sort_key, id: last.id })
        : null,
    total: result?.total ?? 0,
  };
}
