// What a camp must be to match a search: the SQL conditions on the camp `c` and its sessions.
import { type SQL, sql } from 'drizzle-orm';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { type Coordinates, EARTH_RADIUS_MILES, placeCells } from '../../platform/geo.ts';
import { filterTokenQuery } from './filter-tokens.ts';
import { indexedWords, type ResolvedSearch } from './resolve-search.ts';

/** Each word matches as a prefix, stemmed (camps → camp) or as typed (swimmi → swimming). */
export function textQuery(words: string[]): SQL {
  return sql.join(
    words.map((word) => sql`(to_tsquery('english', ${`${word}:*`}) || to_tsquery('simple', ${`${word}:*`}))`),
    sql` && `,
  );
}

export function distanceExpression(centre: Coordinates): SQL {
  const lat = sql`${centre.latitude}::float8`;
  const lon = sql`${centre.longitude}::float8`;
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(c.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lon}) / 2), 2)))))`;
}

/**
 * Whether a last day is not over yet where the camp `c` is: today in its organisation's zone
 * (decision 047), at `now` (the database's clock when none is given). Only a day within one of
 * UTC's today can be either, so only those convert the moment; every other camp is decided by
 * the date alone, as cheaply as before.
 */
export function notOverWhereCampIs(endDate: SQL, now?: Date): SQL {
  const utcToday = now ? sql`${now.toISOString().slice(0, 10)}::date` : sql`(now() at time zone 'UTC')::date`;
  return sql`case when ${endDate} > ${utcToday} + 1 then true when ${endDate} < ${utcToday} - 1 then false
    else ${endDate} >= ${campTodaySql(sql`c.time_zone`, now)} end`;
}

const SESSION_NOT_OVER = sql`(s.end_date is null or ${notOverWhereCampIs(sql`s.end_date`)})`;

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
    conditions.push(SESSION_NOT_OVER);
  }
  if (search.hasPlaces) {
    conditions.push(sql`s.capacity > s.spots_taken and ${SESSION_NOT_OVER}
      and not exists (select 1 from registrations w where w.session_id = s.id and w.status = 'waitlisted')`);
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : null;
}

/** Year-round, or not over yet where it is. */
const NOT_OVER = sql`(c.is_year_round or c.end_date is null or ${notOverWhereCampIs(sql`c.end_date`)})`;

/** Listed with a session: what search may show, and what its partial indexes hold. */
export const LISTED = [sql`c.listed`, sql`c.session_count > 0`];

/**
 * Runs in `month` (1 to 12), written as the predicate of that month's index
 * (camps_listed_soonest_m<month>_idx), with the month's bit as a literal so the planner sees it
 * is that index's.
 */
export function runsInMonth(month: number): SQL {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`no month ${month}`);
  return sql`(c.months_mask & ${sql.raw(String(1 << (month - 1)))}) <> 0`;
}

/**
 * What the camp `c` must be, its place and sessions aside: listed with a session; the ages,
 * month, price band and categories asked, as its filter words say (filter-tokens.ts); its
 * words; not over; within the exact price. Every condition the text index can answer is asked
 * of it, so one bitmap scan of camps_search_idx can find a search's matches (docs/decisions/050).
 */
export function summaryConditions(search: ResolvedSearch): SQL[] {
  const filters: SQL[] = [...LISTED, NOT_OVER];
  const tokens = filterTokenQuery(search);
  if (tokens) {
    // Broad filters as a function, which no index answers: checked on the camps an order's index
    // brings, the month's own index when they name a month (September's camps come after most of
    // the others in the index of every camp).
    filters.push(
      search.broadFilters
        ? sql`ts_match_vq(c.filter_tokens, ${tokens}::tsquery)`
        : sql`c.filter_tokens @@ ${tokens}::tsquery`,
    );
    if (search.broadFilters && search.month !== undefined) filters.push(runsInMonth(search.month));
  }
  const indexed = indexedWords(search);
  if (indexed.length > 0) filters.push(sql`c.search_vector @@ (${textQuery(indexed)})`);
  if (search.commonWords.length > 0) {
    // `@@` as a function, which no index answers: checked on the camps the rest brings.
    filters.push(sql`ts_match_vq(c.search_vector, ${textQuery(search.commonWords)})`);
  }
  if (search.maxCostCents !== undefined) {
    // A price band holds every camp within it; the price itself is checked on the camps found.
    // With words, `+ 0` keeps the price index out of the plan: the planner, overestimating what
    // the text index finds, ANDed its bitmap with the price index's, which at national scale is
    // 880,000 camps for a price most camps are under ("art" near 60614, at most $700: 510 ms).
    const price = indexed.length > 0 ? sql`c.cost_cents + 0` : sql`c.cost_cents`;
    filters.push(sql`${price} <= ${search.maxCostCents}::int`);
  }
  return filters;
}

/** A place as the near index holds it: a point on the unit sphere (migration 0038). */
function unitPoint(latitude: SQL, longitude: SQL): SQL {
  return sql`geo_unit_point(${latitude}, ${longitude})`;
}

export const CAMP_POINT = unitPoint(sql`c.latitude`, sql`c.longitude`);

export function centrePoint(centre: Coordinates): SQL {
  return unitPoint(sql`${centre.latitude}::float8`, sql`${centre.longitude}::float8`);
}

/**
 * Camps within `reach` of `centre` (points on the unit sphere) as the near index finds them: in
 * the cube around the centre that holds the ball, a hair wider so rounding never leaves out a
 * camp on its edge. The exact distance is the caller's to check.
 */
export function withinReach(centre: SQL, reach: SQL): SQL {
  return sql`cube_enlarge(${centre}, ${reach} + 1e-9, 3) @> ${CAMP_POINT}`;
}

/**
 * Within the radius of the searched ZIP, then exactly. Virtual camps are searched apart. By
 * cells: in the place grid's cells that hold the circle, which the text index answers with the
 * words and filters; the planner knows how many camps a cell holds. Otherwise: inside the cube
 * around the centre that holds the circle (the straight line through the earth to its edge is
 * 2 sin(r / 2R) on the unit sphere), which the near index hands out nearest first.
 */
export function nearCentre(centre: Coordinates, radiusMiles: number, byCells: boolean): SQL {
  const cells = byCells ? placeCells(centre, radiusMiles) : null;
  // The straight line through the earth to the circle's edge, on the unit sphere.
  const reach = sql`${2 * Math.sin(radiusMiles / (2 * EARTH_RADIUS_MILES))}::float8`;
  const around = cells
    ? sql`c.place_cells @@ ${cells.map((cell) => `'${cell}'`).join(' | ')}::tsquery`
    : withinReach(centrePoint(centre), reach);
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
    const near = nearCentre(search.centre, search.radiusMiles, true);
    filters.push(sql`(c.is_virtual or (${near}))`);
  }
  return filters;
}
