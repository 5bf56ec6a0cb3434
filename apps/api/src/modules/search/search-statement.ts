// The whole search as one SQL statement, and the planner settings it runs with (decisions 036, 039).
import { SEARCH_TOTAL_CAP } from '@campwise/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import { indexedWords, matchesByWords, type ResolvedSearch, VIRTUAL_SORT_KEY } from './resolve-search.ts';
import {
  CAMP_POINT,
  centrePoint,
  distanceExpression,
  LISTED,
  nearCentre,
  notOverWhereCampIs,
  runsInMonth,
  sessionConditions,
  summaryConditions,
  textQuery,
  withinReach,
} from './search-conditions.ts';

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
  /** For an order every camp of the part shares (the virtual camps of a ZIP search): by id alone. */
  idOnly?: boolean;
}

const FAR_AWAY = sql`${VIRTUAL_SORT_KEY}::float8`;

/** The order of one part of the search; `virtual` is the part that holds only virtual camps. */
function ordering(search: ResolvedSearch, virtual: boolean): Ordering {
  const asFloat = (key: number) => sql`${key}::float8`;
  if (search.mode === 'distance' && search.centre) {
    // Nearest first as the near index hands camps out: the straight line between points on the
    // unit sphere, which orders camps as their miles do.
    if (virtual) return { by: FAR_AWAY, key: FAR_AWAY, fromKey: asFloat, idOnly: true };
    const centre = centrePoint(search.centre);
    const by = sql`(${CAMP_POINT} <-> ${centre})`;
    return {
      by,
      key: by,
      fromKey: asFloat,
      upTo: (bound) => sql`${withinReach(centre, bound)} and ${by} <= ${bound}`,
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

/**
 * One part of a search: what its camps must be when the text index finds them (`found`) and
 * when they are read along an index in the order asked (`inOrder`), what that index holds
 * (`indexed`), their order, and their distance in miles.
 */
interface SearchPart {
  found: SQL[];
  inOrder: SQL[];
  indexed: SQL[];
  order: Ordering;
  distance: SQL;
}

/**
 * The parts a search reads apart: with a ZIP, the camps near it and the virtual camps (read in
 * order, an `or` of the two would defeat the near index); without, one part.
 */
function searchParts(search: ResolvedSearch, sessionFilter: SQL | null): SearchPart[] {
  const matches = summaryConditions(search);
  if (sessionFilter) {
    matches.push(sql`exists (select 1 from camp_sessions s
      where s.camp_id = c.id and s.status = 'scheduled' and ${sessionFilter})`);
  }
  const noDistance = sql`null::float8`;
  if (!search.centre) {
    // Soonest first within a month is read from that month's index: in the index of every camp,
    // a month's camps come after all those that start earlier in the year.
    const indexed =
      search.mode === 'soonest' && search.month !== undefined
        ? [...LISTED, runsInMonth(search.month)]
        : LISTED;
    return [
      { found: matches, inOrder: matches, indexed, order: ordering(search, false), distance: noDistance },
    ];
  }
  const { centre, radiusMiles } = search;
  return [
    {
      found: [...matches, nearCentre(centre, radiusMiles, true)],
      inOrder: [...matches, nearCentre(centre, radiusMiles, false)],
      indexed: LISTED,
      order: ordering(search, false),
      distance: distanceExpression(centre),
    },
    {
      found: [...matches, sql`c.place_cells @@ 'virtual'::tsquery`],
      inOrder: [...matches, sql`c.is_virtual`],
      indexed: [...LISTED, sql`c.is_virtual`],
      order: ordering(search, true),
      distance: noDistance,
    },
  ];
}

/**
 * A part's matches, each with its sort key and distance, up to `limit`, in no order: found by
 * their conditions alone (one bitmap scan of the text index, or a short read of an index when
 * the filters are broad), and sorted by the caller.
 */
function partMatches({ found, order, distance }: SearchPart, limit: SQL | null): SQL {
  return sql`(select c.id, ${order.key} as sort_key, ${distance} as distance
    from camps c where ${sql.join(found, sql` and `)} ${limit ? sql`limit ${limit}` : sql``})`;
}

/**
 * How far a search counts (SEARCH_TOTAL_CAP), and how many camps, at most, a page read in order
 * looks at before it sorts every match instead: a search matching more camps than it counts
 * finds a page within the first few hundred, unless its matches come late in the order (the
 * dateless Year Round camps in soonest order), and those are fewer, so sorting them is the
 * shorter way. The plan test sets both low to take every path on a small data set.
 */
export interface SearchLimits {
  totalCap: number;
  inOrderRead: number;
}

export const SEARCH_LIMITS: SearchLimits = { totalCap: SEARCH_TOTAL_CAP, inOrderRead: 4000 };

/**
 * A page in the order asked, read along each part's ordered index (decision 036) among the first
 * `inOrderRead` camps from the cursor on. Near a ZIP the camps within the radius are few enough to
 * read them all nearest first.
 */
function pageInOrder(search: ResolvedSearch, parts: SearchPart[], pageLimit: SQL, inOrderRead: number): SQL {
  const pages = parts.map(({ inOrder, indexed, order: { by, key, fromKey, upTo, idOnly }, distance }) => {
    const where = (conditions: SQL[]) =>
      sql.join(
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
        from (select max(nearest.by) as bound from (select ${by} as by from camps c where ${where(inOrder)}
          order by ${by} limit ${pageLimit}) nearest) reach
        join camps c on ${upTo(sql`reach.bound`)}
        where ${where(inOrder)}
        order by ${by}, c.id limit ${pageLimit})`;
    }
    // Ordered by the read's own columns, so the page stops reading once it is full.
    const readOrder = idOnly ? sql`c.id` : sql`${by}, c.id`;
    const pageOrder = idOnly ? sql`c.id` : sql`c.read_by, c.id`;
    return sql`(select c.id, ${key} as sort_key, ${distance} as distance
      from (select c.*, ${by} as read_by from camps c where ${where(indexed)}
        order by ${readOrder} limit ${inOrderRead}::int) c
      where ${sql.join(inOrder, sql` and `)}
      order by ${pageOrder} limit ${pageLimit})`;
  });
  return sql`select * from (${sql.join(pages, sql` union all `)}) part`;
}

/**
 * The page (`page`: id, sort key, distance) and the total for it (docs/decisions/050).
 *
 * Each part's matches are found once, in no order, up to `totalCap` + 1 of them: the total
 * is counted from them, and when it is not capped they are every match, so the page is sorted
 * from them. Past the cap, the page is read in order (pageInOrder); should the camps it looks at
 * hold less than a page, every match is found and sorted. Each of those runs only when needed.
 *
 * Words ranked by best match cannot come from any index (PostgreSQL has none that orders by
 * ts_rank), so best match ranks the first `totalCap` + 1 matches of each part, which are
 * every match whenever the total is not capped (decision 039). Words in another order sort every
 * match: reading in order would check each camp's words (decision 039).
 */
function pageAndTotal(
  search: ResolvedSearch,
  parts: SearchPart[],
  { totalCap, inOrderRead }: SearchLimits,
): { ctes: SQL; total: SQL } {
  const pageLimit = sql`${search.limit + 1}::int`;
  const countLimit = sql`${totalCap + 1}::int`;
  // Every order's sort key reads as its expression does (SORT_KEY_RANGES), so the cursor can be
  // compared with the key.
  const after = search.after
    ? sql`and (sort_key, id) > (${search.after.sortKey}::float8, ${search.after.id}::int)`
    : sql``;
  // Counted once; the total and every branch read the count.
  const counted = sql`counted as materialized (
    select count(*)::int as n from (select 1 from matches limit ${countLimit}) counted_matches)`;
  const total = sql`(select n from counted)`;
  const sorted = (from: SQL, when: SQL, cursor = after) =>
    sql`(select * from ${from} found where ${when} ${cursor} order by sort_key, id limit ${pageLimit})`;
  const union = (limit: SQL | null) =>
    sql`(${sql.join(
      parts.map((part) => partMatches(part, limit)),
      sql` union all `,
    )})`;
  if (matchesByWords(search)) {
    const candidates = search.mode === 'relevance' ? countLimit : null;
    return {
      ctes: sql`matches as materialized ${union(candidates)}, ${counted},
        page as materialized ${sorted(sql`matches`, sql`true`)}`,
      total,
    };
  }
  const capped = sql`${total} > ${totalCap}::int`;
  const pageFull = sql`(select count(*) from in_order) = ${pageLimit}`;
  // in_order is not given the cursor again: pageInOrder reads from it on.
  return {
    ctes: sql`matches as materialized ${union(countLimit)}, ${counted},
      in_order as materialized ${sorted(sql`(${pageInOrder(search, parts, pageLimit, inOrderRead)})`, capped, sql``)},
      page as materialized (${sorted(sql`matches`, sql`not ${capped}`)}
        union all (select * from in_order where ${pageFull})
        union all ${sorted(union(null), sql`${capped} and not ${pageFull}`)})`,
    total,
  };
}

/**
 * The whole search as one statement: the page and the total (pageAndTotal), and the camps of
 * that page read in full. Public listings only (`camps.listed`, decision 036). Exported
 * so the benchmark issues exactly this SQL.
 */
export function searchStatement(search: ResolvedSearch, limits = SEARCH_LIMITS): SQL {
  const sessionFilter = sessionConditions(search);
  const { ctes, total } = pageAndTotal(search, searchParts(search, sessionFilter), limits);
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
          where s.camp_id = c.id and s.status = 'scheduled'
            and (s.end_date is null or ${notOverWhereCampIs(sql`s.end_date`)})
            and ${sessionFilter ?? sql`true`}
          order by s.start_date nulls last, s.id limit 1) as "matchingSession"
      from page
      join camps c on c.id = page.id
      join organizations o on o.id = c.org_id
      left join images i on i.id = c.thumbnail_image_id
    ) p), '[]'::json) as rows`;
}

/**
 * What a search sets for its own transaction (the benchmark's direct SQL sets the same). Every
 * part of a search has an index (decision 036). A count capped by LIMIT tempts the planner into
 * a sequential scan when it overestimates a prefix's matches ("robot": 103 ms reading 22,000
 * camps for 1,001, against 1.6 ms through the text index), so not here. Best match's candidates
 * are the text index's first finds: walking an ordered index instead, checking each camp's
 * words, read 24,000 camps at national scale to find 1,001 soccer camps (644 ms against 30).
 * Best match for common words alone, with no place, reads the table in order instead: two camps
 * in three hold "camp", so its first 1,001 come after some 1,600 camps, where the text index
 * gathers 660,000 (230–510 ms). A bitmap reads in table order too, so the candidates are the
 * same camps either way, and a scan never starts where another one has got to.
 */
export function searchPlannerSettings(search: ResolvedSearch): Record<string, 'on' | 'off'> {
  const byWords = matchesByWords(search);
  const tableOrder = byWords && indexedWords(search).length === 0 && !search.centre;
  return {
    enable_seqscan: tableOrder ? 'on' : 'off',
    enable_indexscan: byWords ? 'off' : 'on',
    // Broad filters alone are checked along an order's index (CommonWords.mark): a bitmap of
    // that whole index, which the planner would rather build, holds every listed camp. Near a
    // ZIP the place grid's cells, a bitmap, still find the camps.
    enable_bitmapscan: search.broadFilters && !byWords && !search.centre ? 'off' : 'on',
    synchronize_seqscans: 'off',
  };
}

/** One statement setting each of `settings` for the rest of the transaction. */
export function setForTransaction(settings: Record<string, string>): SQL {
  return sql`select ${sql.join(
    Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    sql`, `,
  )}`;
}
