import { messages } from '@campwise/contract/messages';
import { isId } from '@campwise/contract/row-ids';
import {
  SEARCH_DEFAULT_RADIUS_MILES,
  SEARCH_TOTAL_CAP,
  type SearchQuery,
  type SearchResult,
} from '@campwise/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { badRequest } from '../../platform/errors.ts';
import { type Coordinates, EARTH_RADIUS_MILES, placeCells, zipCentroid } from '../../platform/geo.ts';
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
 * Distance: the straight line between points on the unit sphere (0 to 2), or the virtual camps'
 * key. Relevance: minus ts_rank, which is 0 or more and passes 1 when a prefix finds a word in
 * several forms ("camp" finds "campers" and its stem "camper"); a million is far beyond any
 * camp's text.
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

/** Year-round, or not over yet. */
const NOT_OVER = sql`(c.is_year_round or c.end_date is null or c.end_date >= current_date)`;

/**
 * What the camp `c` must be, its place and sessions aside: words, ages, month, price and
 * categories; not over and with a session.
 */
function summaryConditions(search: ResolvedSearch): SQL[] {
  const filters: SQL[] = [sql`c.session_count > 0`, NOT_OVER];
  if (search.words.length > 0) filters.push(sql`c.search_vector @@ (${textQuery(search.words)})`);
  if (search.age !== undefined) {
    filters.push(sql`c.min_age <= ${search.age}::int and c.max_age >= ${search.age}::int`);
  }
  if (search.month !== undefined) {
    filters.push(sql`(c.months_mask & ${1 << (search.month - 1)}::int) <> 0`);
  }
  if (search.maxCostCents !== undefined) filters.push(sql`c.cost_cents <= ${search.maxCostCents}::int`);
  if (search.categories.length > 0) {
    // With words, checked camp by camp after the cheaper conditions: `offset 0` keeps the
    // planner from turning it into a join, which, planned with bitmaps only, read every camp of
    // the categories (155,000 at national scale) once per part, page and count, to keep the few
    // hundred the words and place left. Without words the join is the faster way (a category
    // tile at national scale: 212 ms against 1.1 s).
    const oneByOne = search.words.length > 0 ? sql`offset 0` : sql``;
    filters.push(sql`exists (select 1 from camp_categories cc
      where cc.camp_id = c.id and cc.category_id = any(${`{${search.categories.join(',')}}`}::int[]) ${oneByOne})`);
  }
  return filters;
}

/** A place as the near index holds it: a point on the unit sphere (migration 0038). */
function unitPoint(latitude: SQL, longitude: SQL): SQL {
  return sql`geo_unit_point(${latitude}, ${longitude})`;
}

const CAMP_POINT = unitPoint(sql`c.latitude`, sql`c.longitude`);

function centrePoint(centre: Coordinates): SQL {
  return unitPoint(sql`${centre.latitude}::float8`, sql`${centre.longitude}::float8`);
}

/**
 * Within the radius of the searched ZIP, then exactly. Virtual camps are searched apart. Without
 * words: inside the cube around the centre that holds the circle (the straight line through the
 * earth to its edge is 2 sin(r / 2R) on the unit sphere), which the near index answers nearest
 * first. With words: in the place grid's cells that hold the circle, which the text index
 * answers with the words; the planner cannot tell how many camps a cube holds (it guesses 0.1%,
 * where a city holds 8% of the country at national scale) and would walk every camp near.
 */
function nearCentre(centre: Coordinates, radiusMiles: number, withWords: boolean): SQL {
  const cells = withWords ? placeCells(centre, radiusMiles) : null;
  // A hair wider than the circle, so rounding never leaves out a camp on its edge.
  const reach = 2 * Math.sin(radiusMiles / (2 * EARTH_RADIUS_MILES)) + 1e-9;
  const around = cells
    ? sql`c.place_cells @@ ${cells.map((cell) => `'${cell}'`).join(' | ')}::tsquery`
    : sql`cube_enlarge(${centrePoint(centre)}, ${reach}::float8, 3) @> ${CAMP_POINT}`;
  return sql`not c.is_virtual and ${around} and ${distanceExpression(centre)} <= ${radiusMiles}::float8`;
}

/**
 * What the camp `c` must be, its sessions aside: words, place, ages, month, price, categories;
 * not over and with a session. The weekly digest of a saved search asks the same of a new
 * session's camp.
 */
export function campConditions(search: ResolvedSearch): SQL[] {
  const filters = summaryConditions(search);
  if (search.centre) {
    const near = nearCentre(search.centre, search.radiusMiles, search.words.length > 0);
    filters.push(sql`(c.is_virtual or (${near}))`);
  }
  return filters;
}

/**
 * An order as an index can deliver it: the expression to sort by (then camp id), the sort key a
 * cursor keeps, and how a cursor's key reads back as a value of the expression.
 */
interface Ordering {
  by: SQL;
  key: SQL;
  fromKey: (key: number) => SQL;
  /**
   * For an order an index hands out by `by` alone (nearest first), without breaking ties by
   * id: the camps whose `by` is at most `bound`, as the index finds them.
   */
  upTo?: (bound: SQL) => SQL;
}

const FAR_AWAY = sql`${VIRTUAL_SORT_KEY}::float8`;

/** The order of one part of the search; `virtual` is the part that holds only virtual camps. */
function ordering(search: ResolvedSearch, virtual: boolean): Ordering {
  const asFloat = (key: number) => sql`${key}::float8`;
  if (search.mode === 'distance' && search.centre) {
    // Nearest first as the near index hands camps out: the straight line between points on the
    // unit sphere, which orders camps as their miles do.
    if (virtual) return { by: FAR_AWAY, key: FAR_AWAY, fromKey: asFloat };
    const centre = centrePoint(search.centre);
    const by = sql`(${CAMP_POINT} <-> ${centre})`;
    return {
      by,
      key: by,
      fromKey: asFloat,
      upTo: (bound) =>
        sql`cube_enlarge(${centre}, ${bound} + 1e-12, 3) @> ${CAMP_POINT} and ${by} <= ${bound}`,
    };
  }
  if (search.mode === 'relevance' && search.words.length > 0) {
    const by = sql`(-ts_rank(c.search_vector, ${textQuery(search.words)}))::float8`;
    return { by, key: by, fromKey: asFloat };
  }
  if (search.mode === 'price') {
    return { by: sql`c.cost_cents`, key: sql`c.cost_cents::float8`, fromKey: (key) => sql`${key}::int` };
  }
  // Whole days from 2000-01-01; camps without dates last. camps_listed_soonest_idx holds it.
  const by = sql`coalesce(c.start_date, '2999-12-31'::date)`;
  return {
    by,
    key: sql`(${by} - date '2000-01-01')::float8`,
    fromKey: (key) => sql`date '2000-01-01' + ${key}::int`,
  };
}

/** One part of a search: what its camps must be, their order, and their distance in miles. */
interface SearchPart {
  conditions: SQL[];
  order: Ordering;
  distance: SQL;
}

/**
 * The parts a search reads apart, each served by its own index: with a ZIP, the camps near it
 * and the virtual camps (an `or` of the two would defeat the place index); without, one part.
 */
function searchParts(search: ResolvedSearch, sessionFilter: SQL | null): SearchPart[] {
  const listed = [sql`c.listed`, ...summaryConditions(search)];
  if (sessionFilter) {
    listed.push(sql`exists (select 1 from camp_sessions s
      where s.camp_id = c.id and s.status = 'scheduled' and ${sessionFilter})`);
  }
  const noDistance = sql`null::float8`;
  if (!search.centre) return [{ conditions: listed, order: ordering(search, false), distance: noDistance }];
  return [
    {
      conditions: [...listed, nearCentre(search.centre, search.radiusMiles, search.words.length > 0)],
      order: ordering(search, false),
      distance: distanceExpression(search.centre),
    },
    {
      // With words, 'virtual' is asked of the text index with them (migration 0039).
      conditions: [
        ...listed,
        search.words.length > 0 ? sql`c.place_cells @@ 'virtual'::tsquery` : sql`c.is_virtual`,
      ],
      order: ordering(search, true),
      distance: noDistance,
    },
  ];
}

/**
 * The page (`page`: id, sort key, distance) and the total for it.
 *
 * With words, the text index finds the matches (planned with bitmaps, searchPlannerSettings),
 * and a bitmap delivers them in no order: each part's matches are read once, and the page and
 * the count are both taken from them. Best match cannot come from any index (PostgreSQL has none
 * that orders by ts_rank), so it ranks candidates: the first SEARCH_TOTAL_CAP + 1 matches of
 * each part, which are every match whenever the total is not capped. Ranking every match read
 * 41,000 camps for "soccer" and all 1,000,000 for "camp" at national scale (decision 039).
 *
 * Without words, each part reads a page in the order asked from its index, and counts up to
 * SEARCH_TOTAL_CAP + 1 walking the same index.
 */
function pageAndTotal(search: ResolvedSearch, parts: SearchPart[]): { ctes: SQL; total: SQL } {
  const pageLimit = sql`${search.limit + 1}::int`;
  const countLimit = sql`${SEARCH_TOTAL_CAP + 1}::int`;
  if (search.words.length > 0) {
    const candidatesOnly = search.mode === 'relevance' ? sql`limit ${countLimit}` : sql``;
    const matches = parts.map(
      ({ conditions, order, distance }) => sql`(select c.id, ${order.key} as sort_key, ${distance} as distance
        from camps c where ${sql.join(conditions, sql` and `)} ${candidatesOnly})`,
    );
    // Every order's sort key reads as its expression does (SORT_KEY_RANGES), so the cursor can
    // be compared with the key.
    const after = search.after
      ? sql`where (sort_key, id) > (${search.after.sortKey}::float8, ${search.after.id}::int)`
      : sql``;
    return {
      ctes: sql`matches as materialized (${sql.join(matches, sql` union all `)}),
        page as materialized (select * from matches ${after} order by sort_key, id limit ${pageLimit})`,
      total: sql`(select count(*) from (select 1 from matches limit ${countLimit}) counted)`,
    };
  }
  const pages = parts.map(({ conditions, order: { by, key, fromKey, upTo }, distance }) => {
    const where = sql.join(
      search.after
        ? [...conditions, sql`(${by}, c.id) > (${fromKey(search.after.sortKey)}, ${search.after.id}::int)`]
        : conditions,
      sql` and `,
    );
    if (upTo) {
      // The index hands out the nearest camps but orders camps equally far (a ZIP's camps share
      // its centre) as it finds them. So it finds how far the page reaches, and the page is then
      // every camp up to there, sorted by distance and id.
      return sql`(select c.id, ${key} as sort_key, ${distance} as distance
        from (select max(nearest.by) as bound from (select ${by} as by from camps c where ${where}
          order by ${by} limit ${pageLimit}) nearest) reach
        join camps c on ${upTo(sql`reach.bound`)}
        where ${where}
        order by ${by}, c.id limit ${pageLimit})`;
    }
    return sql`(select c.id, ${key} as sort_key, ${distance} as distance from camps c
      where ${where}
      order by ${by}, c.id limit ${pageLimit})`;
  });
  // Without words or categories, counted in the page's order, which an index holds: the planner
  // then walks that index for 1,001 camps instead of building a bitmap of every match (no
  // filter: 8.2 ms down to 0.5; near a ZIP at national scale, 78,000 camps in the cube).
  // Words and categories have better paths.
  const indexOrdered = search.words.length === 0 && search.categories.length === 0;
  const counts = parts.map(({ conditions, order }) => {
    const orderBy = indexOrdered ? sql`order by ${order.by}` : sql``;
    return sql`(select 1 from camps c where ${sql.join(conditions, sql` and `)} ${orderBy} limit ${countLimit})`;
  });
  return {
    ctes: sql`page as materialized (
      select * from (${sql.join(pages, sql` union all `)}) part order by sort_key, id limit ${pageLimit})`,
    total: sql`(select count(*) from (${sql.join(counts, sql` union all `)}) counted)`,
  };
}

/**
 * The whole search as one statement: the page and the total (pageAndTotal), and the camps of
 * that page read in full. Public listings only (DESIGN.md section 4, `camps.listed`). Exported
 * so the benchmark issues exactly this SQL.
 */
export function searchStatement(search: ResolvedSearch): SQL {
  const sessionFilter = sessionConditions(search);
  const { ctes, total } = pageAndTotal(search, searchParts(search, sessionFilter));
  return sql`with ${ctes}
  select ${total}::int as total,
    coalesce((select json_agg(p order by p.sort_key, p.id) from (
      select c.id, c.name, c.city, c.state, c.start_date as "startDate", c.end_date as "endDate",
        c.is_virtual as "isVirtual", c.is_year_round as "isYearRound", c.cost_cents as "costCents",
        c.max_price_cents as "maxPriceCents",
        c.min_age as "minAge", c.max_age as "maxAge", left(c.description, 400) as description,
        c.allows_waitlist as "allowsWaitlist",
        case when c.is_virtual then null else c.latitude end as latitude,
        case when c.is_virtual then null else c.longitude end as longitude,
        o.name as "orgName", i.large_key as "largeKey", i.small_key as "smallKey",
        page.distance as "distanceMiles", page.sort_key,
        -- Places left are read for the page only: a booking changes its session's row, not the camp's.
        (select coalesce(sum(greatest(cs.capacity - cs.spots_taken, 0)), 0)::int from camp_sessions cs
          where cs.camp_id = c.id and cs.status = 'scheduled') as "spotsLeft",
        (select json_build_object('id', s.id, 'count', count(*) over (),
            'name', case when c.session_count > 1 then c.name || ' (' || s.name || ')' else c.name end)
          from camp_sessions s
          where s.camp_id = c.id and s.status = 'scheduled' and (s.end_date is null or s.end_date >= current_date)
            and ${sessionFilter ?? sql`true`}
          order by s.start_date nulls last, s.id limit 1) as "matchingSession"
      from page
      join camps c on c.id = page.id
      join organizations o on o.id = c.org_id
      left join images i on i.id = c.thumbnail_image_id
    ) p), '[]'::json) as rows`;
}

interface MatchRow extends Omit<SearchResult, 'thumbnail'> {
  largeKey: string | null;
  smallKey: string | null;
  sort_key: number;
}

/**
 * What a search sets for its own transaction (the benchmark's direct SQL sets the same). Every
 * part of a search has an index (decision 036). A count capped by LIMIT tempts the planner into
 * a sequential scan when it overestimates a prefix's matches ("robot": 103 ms reading 22,000
 * camps for 1,001, against 1.6 ms through the text index), so not here. Best match's candidates
 * are the text index's first finds: walking an ordered index instead, checking each camp's
 * words, read 24,000 camps at national scale to find 1,001 soccer camps (644 ms against 30).
 */
export function searchPlannerSettings(search: ResolvedSearch): Record<string, 'on' | 'off'> {
  return { enable_seqscan: 'off', enable_indexscan: search.words.length > 0 ? 'off' : 'on' };
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
  const settings = Object.entries({ statement_timeout: String(timeoutMs), ...searchPlannerSettings(search) });
  const [result] = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${sql.join(
        settings.map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
        sql`, `,
      )}`,
    );
    return queryRows<{ total: number; rows: MatchRow[] | string }>(tx, searchStatement(search));
  });
  const rows: MatchRow[] =
    typeof result?.rows === 'string' ? (JSON.parse(result.rows) as MatchRow[]) : (result?.rows ?? []);
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  return {
    data: page.map(({ largeKey, smallKey, sort_key: _sortKey, ...camp }) => ({
      ...camp,
      distanceMiles: camp.distanceMiles === null ? null : Math.round(camp.distanceMiles * 10) / 10,
      thumbnail: imageUrls(storage, largeKey && smallKey ? { largeKey, smallKey } : null),
    })),
    nextCursor:
      rows.length > search.limit && last
        ? encodeCursor(search.mode, { sortKey: last.sort_key, id: last.id })
        : null,
    total: Math.min(result?.total ?? 0, SEARCH_TOTAL_CAP),
    totalCapped: (result?.total ?? 0) > SEARCH_TOTAL_CAP,
  };
}
