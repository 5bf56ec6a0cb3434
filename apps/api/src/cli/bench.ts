// `npm run bench`: measures every shape of search, the camp profile and the host dashboard on
// 100,000 camps (BENCH_CAMPS=1000000 for the national scale) and 100,000 registrations against
// the budgets of DESIGN.md section 6, next to two ceilings measured in the same run: the
// all-filters search SQL issued straight through the driver, and the app's own no-database
// route (`/api/site`). Needs DATABASE_URL; seeds the scale data set there when it is missing.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { addDays } from '@campwise/contract/insights';
import { type SearchBody, searchBodySchema } from '@campwise/contract/search';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import { SeedError, seedContext } from '../db/seed/common.ts';
import { seedScale } from '../db/seed/scale.ts';
import { seedScaleSeason } from '../db/seed/scale-season.ts';
import { prepareDatabase } from '../db/setup.ts';
import { readInsights } from '../modules/insights/read-insights.ts';
import { resolveSearch, searchStatement } from '../modules/search/service.ts';
import { createStorage } from '../platform/storage.ts';

const SCALE_CAMPS = Number(process.env.BENCH_CAMPS ?? 100_000);
const SCALE_REGISTRATIONS = 100_000;
/** Hosts reading their dashboards at once (each read sends four queries). */
const DASHBOARD_CALLERS = 4;
const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
/** The same pool size the app's PostgreSQL client uses (db/client.ts). */
const POOL_SIZE = 20;
const BUDGET = {
  /** Every search shape's p95: 20 ms at 100,000 camps, 50 ms at 1,000,000. */
  searchP95Ms: SCALE_CAMPS >= 1_000_000 ? 50 : 20,
  searchVsDirect: 0.5,
  profileVsSite: 0.5,
  dashboardP95Ms: 50,
};

interface Measurement {
  requests: number;
  seconds: number;
  latencies: number[];
  failures: number;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(measurement: Measurement) {
  const sorted = [...measurement.latencies].sort((a, b) => a - b);
  return {
    perSecond: measurement.requests / measurement.seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    failures: measurement.failures,
  };
}
type Summary = ReturnType<typeof summarise>;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

/** Runs a TypeScript entry of the API package in its own process, as `npm start` would run the server. */
function startChild(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
}

function stopChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopChildren);

async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** Drives a URL with autocannon and records every response's latency itself (autocannon reports no p95). */
function drive(
  base: string,
  requests: autocannon.Request[],
  seconds: number,
  record: boolean,
): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let failures = 0;
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: seconds, requests },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            requests: result.requests.total,
            seconds: result.duration,
            latencies,
            failures: failures + result.errors + result.timeouts,
          });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode >= 300) failures += 1;
      if (record) latencies.push(responseTime);
    });
  });
}

async function measureHttp(base: string, requests: autocannon.Request[]): Promise<Summary> {
  await drive(base, requests, WARM_UP_SECONDS, false);
  return summarise(await drive(base, requests, DURATION_SECONDS, true));
}

/** The search SQL sent straight through `pg` by CONNECTIONS workers in a loop, timed per query. */
async function measureDirect(url: string, queries: { sql: string; params: unknown[] }[]): Promise<Summary> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const run = async (seconds: number, record: boolean): Promise<Measurement> => {
    const latencies: number[] = [];
    let requests = 0;
    let failures = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        for (let i = worker; performance.now() < end; i += 1) {
          const query = queries[i % queries.length];
          if (!query) break;
          const sent = performance.now();
          try {
            await pool.query(query.sql, query.params);
          } catch {
            failures += 1;
          }
          requests += 1;
          if (record) latencies.push(performance.now() - sent);
        }
      }),
    );
    return { requests, seconds: (performance.now() - started) / 1000, latencies, failures };
  };
  try {
    await run(WARM_UP_SECONDS, false);
    return summarise(await run(DURATION_SECONDS, true));
  } finally {
    await pool.end();
  }
}

/**
 * The host dashboard's figures (GET /host/insights's service, all four queries) for the busiest
 * organisations of the scale data, by the default 90 days, a whole year and one camp, timed per
 * read by DASHBOARD_CALLERS callers in a loop.
 */
async function measureDashboard(db: Database, today: string): Promise<{ summary: Summary; orgs: number }> {
  const busy = await queryRows<{ hostId: number; orgId: number; campId: number }>(
    db,
    sql`select o.host_id as "hostId", o.id as "orgId", min(c.id)::int as "campId"
      from organizations o join camps c on c.org_id = o.id
      where exists (select 1 from registrations r where r.camp_id = c.id)
      group by o.id order by count(*) desc, o.id limit 10`,
  );
  const reads = busy.flatMap((org) => [
    { hostId: org.hostId, query: { orgId: org.orgId } },
    { hostId: org.hostId, query: { orgId: org.orgId, from: addDays(today, -364), to: today } },
    { hostId: org.hostId, query: { orgId: org.orgId, campId: org.campId } },
  ]);
  const run = async (seconds: number, record: boolean): Promise<Measurement> => {
    const latencies: number[] = [];
    let requests = 0;
    let failures = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: DASHBOARD_CALLERS }, async (_, caller) => {
        for (let i = caller; performance.now() < end; i += 1) {
          const read = reads[i % reads.length];
          if (!read) break;
          const sent = performance.now();
          try {
            await readInsights(db, read.hostId, read.query, today);
          } catch {
            failures += 1;
          }
          requests += 1;
          if (record) latencies.push(performance.now() - sent);
        }
      }),
    );
    return { requests, seconds: (performance.now() - started) / 1000, latencies, failures };
  };
  if (reads.length === 0)
    return { summary: summarise({ requests: 0, seconds: 1, latencies: [], failures: 1 }), orgs: 0 };
  await run(WARM_UP_SECONDS, false);
  return { summary: summarise(await run(DURATION_SECONDS, true)), orgs: busy.length };
}

/** Search bodies using every filter, around the demo's metro areas, for the months ahead. */
function allFilterBodies(today: Date): SearchBody[] {
  const month = (ahead: number) => ((today.getUTCMonth() + ahead) % 12) + 1;
  return [
    { term: 'soccer', filters: { zip: '78704', age: 9, month: month(3), cost: 600 }, categories: [7, 6] },
    { term: 'robot', filters: { zip: '80205', age: 10, month: month(5), cost: 900 }, categories: [14, 12] },
    { term: 'swim', filters: { zip: '98103', age: 7, month: month(6), cost: 500 }, categories: [9] },
    { term: 'art', filters: { zip: '60614', age: 8, month: month(4), cost: 700 }, categories: [2, 21] },
    { term: 'chess', filters: { zip: '30306', age: 11, month: month(2), cost: 400 }, categories: [27] },
    {
      term: 'science camp',
      filters: { zip: '02138', age: 9, month: month(7), cost: 800 },
      categories: [15, 12],
    },
    { term: 'dance', filters: { zip: '92103', age: 6, month: month(5), cost: 450 }, categories: [4] },
    { term: 'nature', filters: { zip: '55405', age: 10, month: month(8), cost: 1000 }, categories: [16, 17] },
  ].map((body) => ({ type: 'camp', ...body }));
}

const ZIPS = ['78704', '80205', '98103', '60614', '30306', '02138', '92103', '55405'];
const TERMS = ['soccer', 'robot', 'swim', 'art', 'chess', 'science', 'dance', 'nature'];

/** A kind of search a visitor makes, each measured on its own (DESIGN.md section 6). */
interface SearchShape {
  name: string;
  bodies: SearchBody[];
}

function searchShapes(today: Date): SearchShape[] {
  return [
    { name: 'term only', bodies: TERMS.map((term) => ({ term })) },
    { name: 'a common prefix ("camp")', bodies: [{ term: 'camp' }] },
    { name: 'ZIP only', bodies: ZIPS.map((zip) => ({ filters: { zip } })) },
    { name: 'term + ZIP', bodies: TERMS.map((term, index) => ({ term, filters: { zip: ZIPS[index] } })) },
    { name: 'all filters', bodies: allFilterBodies(today) },
    { name: 'no filters', bodies: [{}] },
    { name: 'category tile', bodies: [7, 2, 9, 14, 4, 16].map((id) => ({ categories: [id] })) },
  ];
}

/** Page 5 of a long list: the cursor a visitor holds after four pages of each body. */
async function pageFive(appUrl: string, bodies: SearchBody[]): Promise<SearchBody[]> {
  const pages: SearchBody[] = [];
  for (const body of bodies) {
    let cursor: string | null = null;
    for (let page = 1; page < 5; page += 1) {
      const res = await fetch(`${appUrl}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cursor ? { ...body, cursor } : body),
      });
      if (!res.ok) throw new Error(`search for page ${page + 1} answered ${res.status}`);
      cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
    if (cursor) pages.push({ ...body, cursor });
  }
  return pages;
}

const format = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function printTable(
  rows: { name: string; summary: Summary; ratio: string }[],
  checks: { name: string; value: string; pass: boolean }[],
): void {
  const header = ['case', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'ratio'];
  const lines = rows.map(({ name, summary, ratio }) => [
    name,
    format(summary.perSecond, 0),
    format(summary.p50),
    format(summary.p95),
    format(summary.p99),
    String(summary.failures),
    ratio,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const render = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.info('');
  console.info(render(header));
  console.info(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.info(render(line));
  console.info('');
  for (const check of checks) console.info(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.value}`);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.database.kind !== 'postgres') {
    fail(
      'npm run bench measures on PostgreSQL: set DATABASE_URL, for example\n' +
        '  createdb campwise_bench\n' +
        '  DATABASE_URL=postgresql://localhost:5432/campwise_bench npm run bench\n' +
        `It adds the ${SCALE_CAMPS.toLocaleString('en-US')}-camp data set to that database when it is missing.`,
    );
  }
  if (!Number.isInteger(SCALE_CAMPS) || SCALE_CAMPS < 1) {
    fail(`BENCH_CAMPS must be a whole number of camps, such as 1000000; it is ${process.env.BENCH_CAMPS}.`);
  }
  const databaseUrl = config.database.url;

  const handle = openDatabase(config.database);
  let campIds: number[];
  const today = new Date();
  const bodies = allFilterBodies(today);
  let queries: { sql: string; params: unknown[] }[];
  let dashboard: { summary: Summary; orgs: number };
  try {
    await prepareDatabase(handle);
    const context = seedContext(config, handle.db, createStorage(config));
    const scale = await seedScale(context, SCALE_CAMPS, (done, total) => {
      if (done % 20_000 === 0 || done === total) console.info(`  scale data: ${done} of ${total} camps`);
    });
    if (scale.added > 0) console.info(`Scale data: ${scale.added} camps added.`);
    const season = await seedScaleSeason(context, SCALE_REGISTRATIONS);
    if (season.added > 0) console.info(`Scale data: ${season.added} registrations added.`);
    const listed = await queryRows<{ id: number }>(
      handle.db,
      sql`select c.id from camps c join organizations o on o.id = c.org_id and o.status = 'approved'
        join host_subscriptions s on s.host_id = o.host_id and s.status in ('active', 'past_due')
        where c.is_year_round or c.end_date is null or c.end_date >= current_date
        order by random() limit 2000`,
    );
    campIds = listed.map((row) => row.id);
    // Exactly the statements the search service sends, turned into text and parameters once.
    const dialect = new PgDialect();
    queries = bodies.map((body) => {
      const query = dialect.sqlToQuery(searchStatement(resolveSearch(searchBodySchema.parse(body))));
      return { sql: query.sql, params: query.params };
    });
    const [{ camps } = { camps: 0 }] = await queryRows<{ camps: number }>(
      handle.db,
      sql`select count(*)::int as camps from camps`,
    );
    console.info(`${camps.toLocaleString('en-US')} camps. Matches per search shape:`);
    for (const shape of searchShapes(today)) {
      const totals = await Promise.all(
        shape.bodies.map(async (body) => {
          const [row] = await queryRows<{ total: number }>(
            handle.db,
            searchStatement(resolveSearch(searchBodySchema.parse(body))),
          );
          return row?.total ?? 0;
        }),
      );
      console.info(`  ${shape.name}: ${Math.min(...totals)} to ${Math.max(...totals)}`);
    }
    dashboard = await measureDashboard(handle.db, today.toISOString().slice(0, 10));
  } catch (error) {
    if (error instanceof SeedError) fail(error.message);
    throw error;
  } finally {
    await handle.close();
  }
  if (campIds.length === 0) fail('No publicly listed camps to ask for.');

  const port = await freePort();
  startChild('src/server.ts', {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    WEB_DIST_DIR: '',
    // Every request comes from one address here; the limiter still runs, it just never refuses.
    SEARCH_REQUESTS_PER_MINUTE: '10000000',
  });
  const appUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${appUrl}/healthz`);

  console.info(
    `Each case: ${WARM_UP_SECONDS} s warm-up, then ${DURATION_SECONDS} s at ${CONNECTIONS} connections over loopback.`,
  );
  const searchRequests = (bodies: SearchBody[]): autocannon.Request[] =>
    bodies.map((body) => ({
      method: 'POST',
      path: '/api/search',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }));
  const shapes = [
    ...searchShapes(today),
    {
      name: 'page 5 of a long list',
      bodies: await pageFive(appUrl, [{ term: 'camp' }, {}, { filters: { zip: '78704' } }]),
    },
  ];
  const searches: { name: string; summary: Summary }[] = [];
  for (const shape of shapes) {
    if (shape.bodies.length === 0)
      fail(`No search bodies for ${shape.name}: the data set has no long lists.`);
    searches.push({ name: shape.name, summary: await measureHttp(appUrl, searchRequests(shape.bodies)) });
  }
  const direct = await measureDirect(databaseUrl, queries);
  let next = 0;
  const profile = await measureHttp(appUrl, [
    {
      method: 'GET',
      setupRequest: (request) => {
        next = (next + 1) % campIds.length;
        return { ...request, path: `/api/camps/${campIds[next]}` };
      },
    },
  ]);
  const site = await measureHttp(appUrl, [{ method: 'GET', path: '/api/site' }]);
  stopChildren();

  const allFilters = searches.find((search) => search.name === 'all filters')?.summary;
  if (!allFilters) fail('The all-filters search was not measured.');
  const searchRatio = allFilters.perSecond / direct.perSecond;
  const profileRatio = profile.perSecond / site.perSecond;
  const slowest = searches.reduce((worst, search) =>
    search.summary.p95 > worst.summary.p95 ? search : worst,
  );
  const clean = [...searches.map((search) => search.summary), direct, profile, site, dashboard.summary].every(
    (summary) => summary.failures === 0,
  );
  const checks = [
    ...searches.map((search) => ({
      name: `search p95 <= ${BUDGET.searchP95Ms} ms: ${search.name}`,
      value: `${format(search.summary.p95)} ms`,
      pass: search.summary.p95 <= BUDGET.searchP95Ms,
    })),
    {
      name: `search throughput >= ${BUDGET.searchVsDirect} x the same SQL through pg (all filters)`,
      value: `${format(searchRatio, 2)} x`,
      pass: searchRatio >= BUDGET.searchVsDirect,
    },
    {
      name: `camp profile throughput >= ${BUDGET.profileVsSite} x the app's /api/site`,
      value: `${format(profileRatio, 2)} x`,
      pass: profileRatio >= BUDGET.profileVsSite,
    },
    {
      name: `dashboard query p95 <= ${BUDGET.dashboardP95Ms} ms`,
      value: `${format(dashboard.summary.p95)} ms`,
      pass: dashboard.summary.p95 <= BUDGET.dashboardP95Ms,
    },
    { name: 'no errors or non-2xx answers', value: clean ? 'none' : 'see the errors column', pass: clean },
  ];
  printTable(
    [
      ...searches.map((search) => ({
        name: `search: ${search.name}`,
        summary: search.summary,
        ratio: search.name === 'all filters' ? format(searchRatio, 2) : '–',
      })),
      { name: '  ceiling: the all-filters SQL through pg', summary: direct, ratio: '1.00' },
      { name: 'camp profile: GET /api/camps/{id}', summary: profile, ratio: format(profileRatio, 2) },
      { name: "  ceiling: the app's GET /api/site", summary: site, ratio: '1.00' },
      {
        name: `dashboard figures (${dashboard.orgs} busiest organizations, ${DASHBOARD_CALLERS} callers, in process)`,
        summary: dashboard.summary,
        ratio: '–',
      },
    ],
    checks,
  );
  console.info(`\nSlowest search shape at p95: ${slowest.name} (${format(slowest.summary.p95)} ms).`);
  process.exitCode = checks.every((check) => check.pass) ? 0 : 1;
}

await main();
