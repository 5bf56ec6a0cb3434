// The search plan (docs/decisions/036) against the plan it replaced, on a fixed data set: for a
// table of searches in every order, the same camps in the same order and the same totals.
import {
  SEARCH_TOTAL_CAP,
  type SearchBody,
  type SearchResponse,
  searchBodySchema,
} from '@campwise/contract/search';
import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';
import { campCategories, campSessions, camps, hostSubscriptions, organizations } from '../src/db/schema.ts';
import { CommonWords } from '../src/modules/search/common-words.ts';
import { encodeCursor, type ResolvedSearch, resolveSearch } from '../src/modules/search/resolve-search.ts';
import { sessionConditions, textQuery } from '../src/modules/search/search-conditions.ts';
import {
  SEARCH_LIMITS,
  type SearchLimits,
  searchPlannerSettings,
  searchStatement,
  setForTransaction,
} from '../src/modules/search/search-statement.ts';
import { EARTH_RADIUS_MILES, zipCentroid } from '../src/platform/geo.ts';
import { SeededRandom } from '../src/seed/random.ts';
import { approvedOrg } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { createOrg, ORG_ENV, type OrgHost, subscribedOrgHost } from './org-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let lapsedHost: OrgHost;
let listedOrg: number;
let lapsedOrg: number;
let pendingOrg: number;

/**
 * The search answered by brute force, as the product defines it: every camp of an approved
 * organization whose host's subscription is live, checked column by column (no filter words,
 * no place cells, no listed flag), sorted whole. Only the ids in order are read.
 */
function previousPlan(search: ResolvedSearch): SQL {
  const filters: SQL[] = [
    sql`c.session_count > 0`,
    sql`(c.is_year_round or c.end_date is null or c.end_date >= (now() at time zone o.time_zone)::date)`,
  ];
  if (search.words.length > 0) filters.push(sql`c.search_vector @@ (${textQuery(search.words)})`);
  if (search.age !== undefined) filters.push(sql`${search.age}::int between c.min_age and c.max_age`);
  if (search.month !== undefined) {
    filters.push(sql`(c.months_mask & ${1 << (search.month - 1)}::int) <> 0`);
  }
  if (search.maxCostCents !== undefined) filters.push(sql`c.cost_cents <= ${search.maxCostCents}::int`);
  if (search.categories.length > 0) {
    filters.push(sql`exists (select 1 from camp_categories cc
      where cc.camp_id = c.id and cc.category_id in (${sql.join(
        search.categories.map((id) => sql`${id}::int`),
        sql`, `,
      )}))`);
  }
  const sessionFilter = sessionConditions(search);
  if (sessionFilter) {
    filters.push(sql`exists (select 1 from camp_sessions s
      where s.camp_id = c.id and s.status = 'scheduled' and ${sessionFilter})`);
  }
  const centre = search.centre;
  const distance = centre
    ? sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
        power(sin(radians(c.latitude - ${centre.latitude}::float8) / 2), 2)
        + cos(radians(${centre.latitude}::float8)) * cos(radians(c.latitude))
          * power(sin(radians(c.longitude - ${centre.longitude}::float8) / 2), 2)))))`
    : sql`null`;
  if (centre) filters.push(sql`(c.is_virtual or ${distance} <= ${search.radiusMiles}::float8)`);
  const distanceColumn = centre ? sql`case when c.is_virtual then null else ${distance} end` : sql`null`;
  const sortKey =
    search.mode === 'distance'
      ? sql`coalesce(${distanceColumn}, 1e9::float8)`
      : search.mode === 'relevance'
        ? sql`(-ts_rank(c.search_vector, ${textQuery(search.words)}))::float8`
        : search.mode === 'price'
          ? sql`c.cost_cents::float8`
          : sql`(coalesce(c.start_date, date '2999-12-31') - date '2000-01-01')::float8`;
  return sql`select c.id from camps c
    join organizations o on o.id = c.org_id and o.status = 'approved'
    join host_subscriptions s on s.host_id = o.host_id and s.status in ('active', 'past_due')
    where ${sql.join(filters, sql` and `)}
    order by ${sortKey}, c.id`;
}

async function previousAnswer(body: SearchBody): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, previousPlan(resolveSearch(searchBodySchema.parse(body))));
  return rows.map((row) => row.id);
}

/** Every page of a search through the API, seven camps a page, and the total each page gave. */
async function currentAnswer(body: SearchBody): Promise<{ ids: number[]; totals: number[] }> {
  const ids: number[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const res: LightMyRequestResponse = await app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { ...body, limit: 7, ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page: SearchResponse = res.json();
    expect(page.totalCapped).toBe(false);
    ids.push(...page.data.map((camp) => camp.id));
    totals.push(page.total);
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, totals };
}

/**
 * Every page of a search sent as the statement itself, with the planner settings the search
 * service sets: `common` picks the words taken as common (checked camp by camp, not asked of the
 * text index), `limits` how far it counts and reads in order, `limit` the camps a page.
 */
async function statementAnswer(
  body: SearchBody,
  { common = () => [], limits = SEARCH_LIMITS, limit = 7, broadFilters = false }: StatementOptions = {},
) {
  const ids: number[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  do {
    const resolved = resolveSearch(searchBodySchema.parse({ ...body, limit, cursor }));
    const search = { ...resolved, commonWords: common(resolved.words), broadFilters };
    const { total, rows } = await db.transaction(async (tx) => {
      await tx.execute(setForTransaction(searchPlannerSettings(search)));
      return statementRows(tx, searchStatement(search, limits));
    });
    ids.push(...rows.slice(0, search.limit).map((row) => row.id));
    totals.push(total);
    const last = rows[search.limit - 1];
    cursor =
      rows.length > search.limit && last
        ? encodeCursor(search.mode, { sortKey: last.sort_key, id: last.id })
        : undefined;
  } while (cursor);
  return { ids, totals };
}

interface StatementOptions {
  common?: (words: string[]) => string[];
  limits?: SearchLimits;
  limit?: number;
  /** Filters checked along an order's index instead of asked of the text index. */
  broadFilters?: boolean;
}

/** The total and the rows (id, sort key) of one run of the search statement. */
async function statementRows(tx: Database, statement: SQL) {
  const [page] = await queryRows<{
    total: number;
    rows: { id: number; sort_key: number }[] | string | null;
  }>(tx, statement);
  const rows: { id: number; sort_key: number }[] =
    typeof page?.rows === 'string' ? JSON.parse(page.rows) : (page?.rows ?? []);
  return { total: page?.total ?? 0, rows };
}

/** The search statement run as the service runs it, with the planner settings it sets, and its plan. */
function runStatement(search: ResolvedSearch, settings = searchPlannerSettings(search)) {
  return db.transaction(async (tx) => {
    await tx.execute(setForTransaction(settings));
    const plan = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${searchStatement(search)}`);
    return [
      await statementRows(tx, searchStatement(search)),
      plan.map((line) => line['QUERY PLAN']).join('\n'),
    ] as const;
  });
}

const YEAR_ROUND = 22;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const WORDS = ['Soccer', 'Robot', 'Swim', 'Art', 'Chess', 'Science', 'Dance', 'Nature', 'Camp', 'Campers'];
const PLACES = ['78704', '60614', '78745', '60201'];

/**
 * Camps of every kind the filters tell apart: near and far from two cities, virtual, over,
 * year-round, full, cheap and dear, for every age; at a listed organization, one whose host's
 * subscription lapsed, and one not yet approved.
 */
async function seedFixedCamps(): Promise<void> {
  const random = new SeededRandom(36);
  const orgs = [listedOrg, listedOrg, listedOrg, lapsedOrg, pendingOrg];
  for (let index = 0; index < 90; index += 1) {
    const isVirtual = random.chance(0.15);
    const centre = zipCentroid(random.pick(PLACES));
    const first = random.pick(WORDS);
    const second = random.pick(WORDS);
    const [camp] = await db
      .insert(camps)
      .values({
        orgId: random.pick(orgs),
        name: `${first} ${second} ${index}`,
        description: `${random.pick(WORDS)} and ${random.pick(WORDS).toLowerCase()} every day.`,
        phone: `512-555-${String(1000 + index)}`,
        minAge: random.int(4, 9),
        maxAge: random.int(10, 16),
        costCents: 0,
        capacity: 1,
        isVirtual,
        latitude: isVirtual || !centre ? null : centre.latitude + (random.next() - 0.5) * 0.9,
        longitude: isVirtual || !centre ? null : centre.longitude + (random.next() - 0.5) * 0.9,
      })
      .returning({ id: camps.id });
    if (!camp) throw new Error('camp not added');
    const yearRound = random.chance(0.1);
    const sessions = random.int(1, 3);
    for (let session = 0; session < sessions; session += 1) {
      const start = random.chance(0.1) ? -400 : random.int(-20, 300);
      const capacity = random.int(1, 20);
      await db.insert(campSessions).values({
        campId: camp.id,
        name: `Week ${session + 1}`,
        startDate: yearRound ? null : day(start),
        endDate: yearRound ? null : day(start + random.int(0, 12)),
        // Equal prices and dates are common, so ties fall to the camp id.
        priceCents: random.pick([0, 12_500, 20_000, 35_000, random.int(1, 900) * 100]),
        capacity,
        spotsTaken: random.chance(0.2) ? capacity : random.int(0, capacity),
      });
    }
    // Year-round camps have no dates, so their tile's camps all come last in soonest order.
    const categories = random.sample([2, 4, 7, 9, 14, 16], random.int(1, 3));
    await db.insert(campCategories).values(
      [...categories, ...(yearRound ? [YEAR_ROUND] : [])].map((categoryId) => ({
        campId: camp.id,
        categoryId,
      })),
    );
  }
}

const month = ((new Date().getUTCMonth() + 2) % 12) + 1;
const SEARCHES: SearchBody[] = [
  {},
  { term: 'camp' },
  { term: 'soccer' },
  { term: 'science camp' },
  { term: 'rob' },
  { filters: { zip: '78704' } },
  { filters: { zip: '60614', radius: 50 } },
  { term: 'art', filters: { zip: '60614' } },
  { filters: { zip: '78745', age: 7, cost: 250 } },
  { filters: { zip: '60201', month, hasPlaces: true }, categories: [9] },
  { categories: [7] },
  { categories: [2, 9] },
  { categories: [YEAR_ROUND] },
  { categories: [YEAR_ROUND], filters: { age: 6 } },
  { filters: { age: 9 } },
  { filters: { month } },
  { filters: { cost: 300 } },
  { filters: { cost: 0 } },
  { filters: { cost: 880 } },
  { filters: { age: 8, month } },
  { filters: { age: 12, cost: 350 } },
  { filters: { month, cost: 200 } },
  { filters: { age: 5, month, cost: 500 } },
  { filters: { hasPlaces: true } },
  { filters: { startsFrom: day(10), endsBy: day(120) } },
  { term: 'camp', filters: { zip: '78704', age: 8, month, cost: 400, hasPlaces: true }, categories: [2, 7] },
];

/** Each search in its default order and in every order a parent can choose for it. */
function everyOrder(body: SearchBody): SearchBody[] {
  const sorts = ['relevance', 'start', 'price', ...(body.filters?.zip ? ['distance'] : [])] as const;
  return [body, ...sorts.map((sort) => ({ ...body, sort }))];
}

beforeAll(async () => {
  // Hundreds of searches from one address: the rate limit is search-guard-rails.test.ts's subject.
  ({ app, db } = await buildTestApp({ ...ORG_ENV, SEARCH_REQUESTS_PER_MINUTE: '100000' }));
  const { token: adminToken } = await createAdmin(app, db);
  [host, lapsedHost] = await Promise.all([subscribedOrgHost(app), subscribedOrgHost(app)]);
  listedOrg = await approvedOrg(app, adminToken, host.token, { name: 'Bluebonnet Youth Programs' });
  lapsedOrg = await approvedOrg(app, adminToken, lapsedHost.token, { name: 'Lapsed Lakes Camps' });
  pendingOrg = await createOrg(app, host.token, { name: 'Pending Pines' });
  await db
    .update(hostSubscriptions)
    .set({ status: 'canceled' })
    .where(eq(hostSubscriptions.hostId, lapsedHost.id));
  await seedFixedCamps();
});

describe('the search plan answers as the plan it replaced', () => {
  it.each(SEARCHES.flatMap(everyOrder).map((body) => [JSON.stringify(body), body] as const))(
    '%s',
    async (_name, body) => {
      const expected = await previousAnswer(body);
      const { ids, totals } = await currentAnswer(body);
      expect(ids).toEqual(expected);
      expect(new Set(totals)).toEqual(new Set([expected.length]));
    },
  );

  it.each(
    SEARCHES.filter((body) => body.term)
      .flatMap(everyOrder)
      .flatMap((body) => [
        [`${JSON.stringify(body)}, every word common`, body, (words: string[]) => words] as const,
        [
          `${JSON.stringify(body)}, the first word common`,
          body,
          (words: string[]) => words.slice(0, 1),
        ] as const,
      ]),
  )('%s', async (_name, body, common) => {
    const expected = await previousAnswer(body);
    const { ids, totals } = await statementAnswer(body, { common });
    expect(ids).toEqual(expected);
    expect(new Set(totals)).toEqual(new Set([expected.length]));
  });

  // Best match ranks the first matches it counts (pageAndTotal), so past the count its order is
  // not the reference's: it is compared only where every match is ranked.
  const rankedWhole = (body: SearchBody) =>
    !body.term || resolveSearch(searchBodySchema.parse(body)).mode !== 'relevance';
  it.each(
    SEARCHES.flatMap(everyOrder)
      .filter(rankedWhole)
      .flatMap((body) => [
        [
          `${JSON.stringify(body)}, counted to 4, read in order`,
          body,
          { totalCap: 4, inOrderRead: 1000 },
        ] as const,
        [
          `${JSON.stringify(body)}, counted to 4, sorted whole`,
          body,
          { totalCap: 4, inOrderRead: 2 },
        ] as const,
      ]),
  )('%s', async (_name, body, limits) => {
    const expected = await previousAnswer(body);
    // Read in order, the filters are broad (checked along the order's index).
    const { ids, totals } = await statementAnswer(body, { limits, broadFilters: limits.inOrderRead > 2 });
    expect(ids).toEqual(expected);
    expect(new Set(totals)).toEqual(new Set([Math.min(expected.length, limits.totalCap + 1)]));
  });

  it('answers any search as the brute-force reference does, whatever its limits', async () => {
    const body = fc.record(
      {
        term: fc.constantFrom(...WORDS.map((word) => word.toLowerCase()), 'camp art', 'rob'),
        filters: fc.record(
          {
            zip: fc.constantFrom(...PLACES),
            radius: fc.constantFrom(5, 25, 60),
            age: fc.integer({ min: 3, max: 17 }),
            month: fc.integer({ min: 1, max: 12 }),
            cost: fc.constantFrom(0, 120, 200, 350, 600, 1000),
            hasPlaces: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        categories: fc.subarray([2, 4, 7, 9, 14, 16, YEAR_ROUND], { maxLength: 2 }),
        sort: fc.constantFrom('relevance', 'start', 'price', 'distance'),
      },
      { requiredKeys: ['filters', 'categories'] },
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.record({
          totalCap: fc.integer({ min: 1, max: 40 }),
          inOrderRead: fc.integer({ min: 1, max: 60 }),
        }),
        fc.integer({ min: 3, max: 12 }),
        fc.boolean(),
        async (raw, limits, limit, broadFilters) => {
          // Distance needs a ZIP and a radius one; the request schema refuses either alone.
          const search: SearchBody = {
            ...raw,
            sort: raw.sort === 'distance' && !raw.filters.zip ? 'start' : raw.sort,
            filters:
              raw.filters.radius && !raw.filters.zip ? { ...raw.filters, radius: undefined } : raw.filters,
          } as SearchBody;
          const expected = await previousAnswer(search);
          const { ids, totals } = await statementAnswer(search, { limits, limit, broadFilters });
          expect(new Set(totals)).toEqual(new Set([Math.min(expected.length, limits.totalCap + 1)]));
          if (!rankedWhole(search)) {
            // Best match past the count ranks the first matches only: the same camps, each once.
            expect(new Set(ids).size).toBe(ids.length);
            expect(ids.every((id) => expected.includes(id))).toBe(true);
            return;
          }
          expect(ids).toEqual(expected);
        },
      ),
      { numRuns: 40, seed: 50 },
    );
  });

  it('matches something in most searches, so the comparison says something', async () => {
    const totals = await Promise.all(SEARCHES.map(previousAnswer));
    expect(totals.filter((ids) => ids.length >= 3).length).toBeGreaterThanOrEqual(SEARCHES.length - 2);
  });
});

describe('listed camps follow their organization and their host', () => {
  const listedIds = async () =>
    (await db.select({ id: camps.id }).from(camps).where(eq(camps.listed, true))).map((row) => row.id).sort();
  const previousIds = async () =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`select c.id from camps c join organizations o on o.id = c.org_id and o.status = 'approved'
          join host_subscriptions s on s.host_id = o.host_id and s.status in ('active', 'past_due')`,
      )
    )
      .map((row) => row.id)
      .sort();

  it('lists and unlists as the organization is reviewed and the subscription lapses and comes back', async () => {
    expect(await listedIds()).toEqual(await previousIds());
    await db.update(organizations).set({ status: 'approved' }).where(eq(organizations.id, pendingOrg));
    expect(await listedIds()).toEqual(await previousIds());
    await db
      .update(hostSubscriptions)
      .set({ status: 'past_due' })
      .where(eq(hostSubscriptions.hostId, lapsedHost.id));
    expect(await listedIds()).toEqual(await previousIds());
    await db
      .update(hostSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(hostSubscriptions.hostId, host.id));
    expect(await listedIds()).toEqual(await previousIds());
    expect(await db.select({ id: camps.id }).from(camps).where(eq(camps.orgId, listedOrg))).not.toEqual([]);
    expect(await db.$count(camps, sql`${camps.orgId} = ${listedOrg} and ${camps.listed}`)).toBe(0);
    await db.update(hostSubscriptions).set({ status: 'active' }).where(eq(hostSubscriptions.hostId, host.id));
    await db.update(organizations).set({ status: 'denied' }).where(eq(organizations.id, pendingOrg));
    expect(await listedIds()).toEqual(await previousIds());
    await db.update(camps).set({ orgId: listedOrg, listed: false }).where(eq(camps.orgId, lapsedOrg));
    expect(await listedIds()).toEqual(await previousIds());
    expect((await listedIds()).length).toBeGreaterThan(0);

    for (const body of SEARCHES) expect((await currentAnswer(body)).ids).toEqual(await previousAnswer(body));
  });
});

describe('a word in more camps than the total counts', () => {
  beforeAll(async () => {
    await db.insert(camps).values(
      Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, index) => ({
        orgId: listedOrg,
        name: `Zebra Rowing ${index}`,
        description: 'Rowing on the lake.',
        phone: '512-555-0199',
        minAge: index < 10 ? 5 : 12,
        maxAge: 16,
        costCents: 0,
        capacity: 1,
      })),
    );
    await db.execute(sql`insert into camp_sessions (camp_id, name, start_date, end_date, price_cents, capacity)
      select id, 'Week 1', ${day(30)}::date, ${day(34)}::date, 10000, 10 from camps where name like 'Zebra Rowing %'`);
  });

  const search = async (body: SearchBody) => {
    const res = await app.inject({ method: 'POST', url: '/api/search', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResponse>();
  };

  it(`counts up to ${SEARCH_TOTAL_CAP} and says when more camps match`, async () => {
    const broad = await search({ term: 'zebra' });
    expect([broad.total, broad.totalCapped, broad.data.length]).toEqual([SEARCH_TOTAL_CAP, true, 20]);
    const narrow = await search({ term: 'zebra', filters: { age: 6 } });
    expect([narrow.total, narrow.totalCapped, narrow.data.length]).toEqual([10, false, 10]);
  });

  it('is common once the statistics say so, and is then found in table order, the camps the text index finds', async () => {
    const commonWords = new CommonWords();
    expect(await commonWords.of(db, ['zebra', 'rowing', 'soccer'])).toEqual([]);
    await db.execute(sql`analyze camps`);
    // Remembered for a while: the statistics are read again later, not on every search.
    expect(await commonWords.of(db, ['zebra'])).toEqual([]);
    expect(await new CommonWords().of(db, ['zebra', 'rowin', 'soccer', 'zeb'])).toEqual([
      'zebra',
      'rowin',
      'zeb',
    ]);

    let body: SearchBody = { term: 'zebra rowing' };
    for (let page = 1; page <= 3; page += 1) {
      const answer = await search(body);
      const resolved = { ...resolveSearch(searchBodySchema.parse(body)), commonWords: ['zebra', 'rowing'] };
      const [inOrder, inOrderPlan] = await runStatement(resolved);
      const [indexed, indexedPlan] = await runStatement(resolved, {
        ...searchPlannerSettings(resolved),
        enable_seqscan: 'off',
      });
      expect(inOrderPlan).toContain('Seq Scan on camps');
      expect(indexedPlan).not.toContain('Seq Scan on camps');
      const ids = (rows: { id: number }[] = []) => rows.slice(0, 20).map((row) => row.id);
      expect(ids(inOrder?.rows)).toEqual(ids(indexed?.rows));
      expect(answer.data.map((camp) => camp.id)).toEqual(ids(indexed?.rows));
      expect(answer.nextCursor).not.toBeNull();
      body = { ...body, cursor: answer.nextCursor ?? undefined };
    }
  });
});
