// `npm run bench`: measures search, the camp profile and the host dashboard on 100,000 camps
// (BENCH_CAMPS=1000000 for the national scale) and 100,000 registrations against the budgets of
// decision 049 (`BUDGET` below). Search is judged on the mix parents send: thousands of
// different bodies over every shape (BENCH_SEED draws another mix), on an app that keeps no
// answers (PUBLIC_ANSWER_TTL_MS=0), beside the same SQL sent straight through the driver. The
// fixed shapes on the app as it runs (answers kept) are printed for information, not judged.
// Needs DATABASE_URL; seeds the scale data set there when it is missing.
import { SEARCH_TOTAL_CAP, type SearchBody, searchBodySchema } from '@campwise/contract/search';
import type autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import { camps } from '../db/schema.ts';
import { isPubliclyListed } from '../modules/camps/index.ts';
import {
  CommonWords,
  resolveSearch,
  searchPlannerSettings,
  searchStatement,
} from '../modules/search/index.ts';
import { createStorage } from '../platform/storage.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { SeedError, seedContext } from '../seed/common.ts';
import { seedScale } from '../seed/scale.ts';
import { seedScaleSeason } from '../seed/scale-season.ts';
import { CEILING_PATH, freePort, startChild, stopChildren, waitUntilUp } from './bench/app-process.ts';
import { DASHBOARD_CALLERS, measureDashboard } from './bench/dashboard.ts';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  format,
  measureDirect,
  measureHttp,
  printTable,
  type Summary,
  WARM_UP_SECONDS,
} from './bench/measure.ts';
import {
  type MixShape,
  mixRequests,
  mixVocabulary,
  nextPages,
  searchMix,
  seededRandom,
} from './bench/search-mix.ts';
import { pageFive, searchShapes } from './bench/search-shapes.ts';

const SCALE_CAMPS = Number(process.env.BENCH_CAMPS ?? 100_000);
const SCALE_REGISTRATIONS = 100_000;
const MIX_SEED = Number(process.env.BENCH_SEED ?? 20_261_206);
const BUDGET = {
  /** Every search shape's p95: 20 ms at 100,000 camps, 50 ms at 1,000,000. */
  searchP95Ms: SCALE_CAMPS >= 1_000_000 ? 50 : 20,
  searchVsDirect: 0.5,
  profileVsCeiling: 0.5,
  dashboardP95Ms: 50,
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
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
  let allCampIds: number[];
  const today = new Date();
  let mix: MixShape[];
  /** The mix's all-filters bodies that share the planner settings of most of them. */
  let ratioBodies: SearchBody[];
  let queries: { sql: string; params: unknown[] }[];
  let plannerSettings: Record<string, string>;
  let dashboard: { summary: Summary; orgs: number };
  try {
    await prepareDatabase(handle);
    const context = await seedContext(config, handle.db, createStorage(config));
    const scale = await seedScale(context, SCALE_CAMPS, (done, total) => {
      if (done % 20_000 === 0 || done === total) console.info(`  scale data: ${done} of ${total} camps`);
    });
    if (scale.added > 0) console.info(`Scale data: ${scale.added} camps added.`);
    const season = await seedScaleSeason(context, SCALE_REGISTRATIONS);
    if (season.added > 0) console.info(`Scale data: ${season.added} registrations added.`);
    allCampIds = (await handle.db.select({ id: camps.id }).from(camps).where(isPubliclyListed)).map(
      (row) => row.id,
    );
    // The kept-answer profile's 2,000 camps, drawn from the same list.
    const sample = seededRandom(MIX_SEED + 1);
    campIds = Array.from({ length: Math.min(2000, allCampIds.length) }, () => sample.pick(allCampIds));
    mix = searchMix(await mixVocabulary(handle.db), today, MIX_SEED);
    // Exactly the statements the search service sends, turned into text and parameters once.
    const dialect = new PgDialect();
    const commonWords = new CommonWords();
    const allFilters = mix.find((shape) => shape.name === 'all filters')?.bodies ?? [];
    const resolved = await Promise.all(
      allFilters.map(async (body) => ({
        body,
        search: await commonWords.mark(handle.db, resolveSearch(searchBodySchema.parse(body))),
      })),
    );
    // One pool sends them all, so they must share the planner settings the service sets: the
    // bodies of the most common settings are the ones compared.
    const bySettings = new Map<string, typeof resolved>();
    for (const item of resolved) {
      const key = JSON.stringify(searchPlannerSettings(item.search));
      bySettings.set(key, [...(bySettings.get(key) ?? []), item]);
    }
    const [settings, group] = [...bySettings].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    if (!settings || !group) fail('The search mix has no all-filters bodies.');
    plannerSettings = JSON.parse(settings) as Record<string, string>;
    ratioBodies = group.map(({ body }) => body);
    queries = group.map(({ search }) => {
      const query = dialect.sqlToQuery(searchStatement(search));
      return { sql: query.sql, params: query.params };
    });
    const campCount = await handle.db.$count(camps);
    console.info(`${campCount.toLocaleString('en-US')} camps. Matches per search shape:`);
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
      // The statement counts each part up to the cap, as a search answers.
      const shown = (total: number) => (total > SEARCH_TOTAL_CAP ? `more than ${SEARCH_TOTAL_CAP}` : total);
      console.info(`  ${shape.name}: ${shown(Math.min(...totals))} to ${shown(Math.max(...totals))}`);
    }
    const measured = await measureDashboard(handle.db, today);
    if (!measured) fail('No organisation of the scale data has registrations: no dashboard to read.');
    dashboard = measured;
  } catch (error) {
    if (error instanceof SeedError) fail(error.message);
    throw error;
  } finally {
    await handle.close();
  }
  if (campIds.length === 0) fail('No publicly listed camps to ask for.');

  // The app as `npm start` runs it, with its public answers kept for their time to live, and
  // beside it the same app reading every answer from the database: the plan's own cost.
  const startApp = async (env: NodeJS.ProcessEnv, entry = 'src/server.ts'): Promise<string> => {
    const port = await freePort();
    startChild(entry, {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      WEB_DIST_DIR: '',
      // Every request comes from one address here; the limiter still runs, it just never refuses.
      SEARCH_REQUESTS_PER_MINUTE: '10000000',
      ...env,
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${url}/healthz`);
    return url;
  };
  const appUrl = await startApp({});
  // With the ceiling route the uncached profile is judged against (ceiling-server.ts).
  const uncachedUrl = await startApp({ PUBLIC_ANSWER_TTL_MS: '0' }, 'src/cli/bench/ceiling-server.ts');

  console.info(
    `Each case: ${WARM_UP_SECONDS} s warm-up (profiles: each of their camps read once), then ${DURATION_SECONDS} s at ${CONNECTIONS} connections over loopback.`,
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
  // For information: the fixed shapes, a few bodies each, on the app as it runs (answers kept).
  const searches: { name: string; summary: Summary }[] = [];
  for (const shape of shapes) {
    if (shape.bodies.length === 0)
      fail(`No search bodies for ${shape.name}: the data set has no long lists.`);
    searches.push({ name: shape.name, summary: await measureHttp(appUrl, searchRequests(shape.bodies)) });
  }

  // What is judged: the mix, every answer read from the database.
  mix.push({ name: 'next page by cursor', bodies: await nextPages(uncachedUrl, mix, MIX_SEED) });
  const different = new Set(mix.flatMap((shape) => shape.bodies.map((body) => JSON.stringify(body)))).size;
  console.info(
    `Search mix (seed ${MIX_SEED}): ${different.toLocaleString('en-US')} different bodies over ${mix.length} shapes, on an app that keeps no answers.`,
  );
  const mixed: { name: string; bodies: number; repeated: number; summary: Summary }[] = [];
  for (const shape of mix) {
    if (shape.bodies.length === 0) fail(`No search bodies for ${shape.name} in the mix.`);
    const sent = mixRequests(shape.bodies);
    const summary = await measureHttp(uncachedUrl, sent.requests);
    mixed.push({ name: shape.name, bodies: shape.bodies.length, repeated: sent.repeatedShare(), summary });
  }
  const ratioRun = await measureHttp(uncachedUrl, mixRequests(ratioBodies).requests);
  const direct = await measureDirect(databaseUrl, queries, plannerSettings);
  let next = 0;
  const profileRequests: autocannon.Request[] = [
    {
      method: 'GET',
      setupRequest: (request) => {
        next = (next + 1) % campIds.length;
        return { ...request, path: `/api/camps/${campIds[next]}` };
      },
    },
  ];
  // Warmed up by reading every camp of the set once, as popular camps are kept in steady use.
  const profile = await measureHttp(appUrl, profileRequests, campIds.length);
  // Uncached, any listed camp, drawn at random: the profile against one primary-key read.
  const draw = seededRandom(MIX_SEED);
  const anyCamp = (path: (id: number) => string): autocannon.Request[] => [
    { method: 'GET', setupRequest: (request) => ({ ...request, path: path(draw.pick(allCampIds)) }) },
  ];
  const uncachedProfile = await measureHttp(
    uncachedUrl,
    anyCamp((id) => `/api/camps/${id}`),
  );
  const ceiling = await measureHttp(
    uncachedUrl,
    anyCamp((id) => `${CEILING_PATH}/${id}`),
  );
  const site = await measureHttp(appUrl, [{ method: 'GET', path: '/api/site' }]);
  stopChildren();

  // The app's own cost over its SQL: both read the database every time, for the same bodies.
  const searchRatio = ratioRun.perSecond / direct.perSecond;
  const profileRatio = uncachedProfile.perSecond / ceiling.perSecond;
  const slowest = mixed.reduce((worst, shape) => (shape.summary.p95 > worst.summary.p95 ? shape : worst));
  const mixErrors = [...mixed.map((shape) => shape.summary), ratioRun].reduce(
    (sum, summary) => sum + summary.failures,
    0,
  );
  const clean = [direct, profile, uncachedProfile, ceiling, site, dashboard.summary].every(
    (summary) => summary.failures === 0,
  );
  const checks = [
    ...mixed.map((shape) => ({
      name: `search p95 <= ${BUDGET.searchP95Ms} ms, no kept answers: ${shape.name}`,
      value: `${format(shape.summary.p95)} ms`,
      pass: shape.summary.p95 <= BUDGET.searchP95Ms,
    })),
    {
      name: 'no errors and no 503 in the search mix',
      value: mixErrors === 0 ? 'none' : `${mixErrors} (see the errors column)`,
      pass: mixErrors === 0,
    },
    {
      name: `search throughput >= ${BUDGET.searchVsDirect} x the same SQL through pg (the mix's all-filters bodies of one plan, no kept answers)`,
      value: `${format(searchRatio, 2)} x`,
      pass: searchRatio >= BUDGET.searchVsDirect,
    },
    {
      name: `camp profile throughput, no kept answers, any camp >= ${BUDGET.profileVsCeiling} x one primary-key read through the app`,
      value: `${format(profileRatio, 2)} x`,
      pass: profileRatio >= BUDGET.profileVsCeiling,
    },
    {
      name: `dashboard query p95 <= ${BUDGET.dashboardP95Ms} ms`,
      value: `${format(dashboard.summary.p95)} ms`,
      pass: dashboard.summary.p95 <= BUDGET.dashboardP95Ms,
    },
    {
      name: 'no errors or non-2xx answers outside search',
      value: clean ? 'none' : 'see the errors column',
      pass: clean,
    },
  ];
  printTable(
    [
      ...mixed.map((shape) => ({
        name: `search mix: ${shape.name} (${shape.bodies} bodies, ${format(shape.repeated * 100)} % sent again within 2 s)`,
        summary: shape.summary,
        ratio: '–',
      })),
      {
        name: `  the mix's all-filters bodies of one plan (${ratioBodies.length})`,
        summary: ratioRun,
        ratio: format(searchRatio, 2),
      },
      { name: '  ceiling: the same SQL through pg', summary: direct, ratio: '1.00' },
      ...searches.map((search) => ({
        name: `information, answers kept: ${search.name}`,
        summary: search.summary,
        ratio: '–',
      })),
      {
        name: `camp profile, no kept answers: GET /api/camps/{id}, any of ${allCampIds.length.toLocaleString('en-US')} camps`,
        summary: uncachedProfile,
        ratio: format(profileRatio, 2),
      },
      { name: '  ceiling: one primary-key read of a camp through the app', summary: ceiling, ratio: '1.00' },
      {
        name: `information, answers kept: GET /api/camps/{id}, ${campIds.length.toLocaleString('en-US')} camps`,
        summary: profile,
        ratio: '–',
      },
      { name: "information: the app's GET /api/site, no database", summary: site, ratio: '–' },
      {
        name: `dashboard figures (${dashboard.orgs} busiest organizations, ${DASHBOARD_CALLERS} callers, in process)`,
        summary: dashboard.summary,
        ratio: '–',
      },
    ],
    checks,
  );
  console.info(
    `\nSlowest shape of the search mix at p95: ${slowest.name} (${format(slowest.summary.p95)} ms).`,
  );
  process.exitCode = checks.every((check) => check.pass) ? 0 : 1;
}

await main();
