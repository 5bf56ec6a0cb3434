// `npm run lighthouse`: scores the public pages with Lighthouse (mobile) in Debian's Chromium,
// never a downloaded browser. Starts the app as `npm start` does (building what is missing) on
// a loopback port with a fresh embedded database, which loads the demo data, and prints the
// performance, accessibility, best-practices and SEO scores of /, /search, /searchresults and
// /camps/{id}. Exits 1 when a page misses a budget of docs/design.md, section 6.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const chromium = '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
/** docs/design.md, section 6, for each public page: what the page measured against its limit. */
const BUDGETS = [
  { label: 'performance >= 95', passes: (page) => page.performance >= 95 },
  { label: 'accessibility = 100', passes: (page) => page.accessibility === 100 },
  { label: 'LCP <= 2.0 s', passes: (page) => page.lcpMs <= 2000 },
  { label: 'JavaScript before the first paint <= 100 KB', passes: (page) => page.initialScriptKb <= 100 },
];
const CATEGORIES = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'best practices'],
  ['seo', 'SEO'],
];
const SCRIPT_COLUMNS = ['JS before paint KB', 'JS in all KB', 'paint → interactive s'];

if (!existsSync(chromium)) {
  console.error(`Lighthouse runs in Chromium at ${chromium}. Install it with:`);
  console.error('  sudo apt-get install -y chromium');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, server) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app stopped (exit code ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Still building or loading the demo data.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** A listed camp of the demo, and a search that finds camps, to score the pages that show them. */
async function demoPages(base) {
  const search = { type: 'camp', term: 'soccer', filters: { zip: '78704' }, categories: [] };
  const res = await fetch(`${base}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(search),
  });
  const { data } = await res.json();
  const camp = data?.[0];
  if (!res.ok || !camp) throw new Error(`the demo search found no camp (${res.status})`);
  return ['/', '/search', '/searchresults?term=soccer&zip=78704', `/camps/${camp.id}`];
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
  ['interactive', 'TTI'],
];

/**
 * How long a page shows before it answers taps as the app (first contentful paint to Time to
 * Interactive), at Lighthouse's mobile throttling; the page works without the app meanwhile.
 */
function paintToInteractiveSeconds(lhr) {
  const fcp = lhr.audits['first-contentful-paint']?.numericValue;
  const tti = lhr.audits.interactive?.numericValue;
  return typeof fcp === 'number' && typeof tti === 'number' ? (tti - fcp) / 1000 : null;
}

/**
 * Script bytes as sent (compressed), from the page's observed load: those asked for before the
 * first paint, which the page waits for, and all of them, with the app's code that hydrates it.
 */
function scriptKilobytes(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const firstPaint = lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? 0;
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const kilobytes = (list) => list.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024;
  return {
    initial: kilobytes(scripts.filter((request) => request.networkRequestTime < firstPaint)),
    all: kilobytes(scripts),
  };
}

/** The page's timings, and the audits that cost points outside performance, to say where to look. */
function whatCostPoints(lhr) {
  const timings = METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '–'}`).join(', ');
  const failed = CATEGORIES.slice(1).flatMap(([id]) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => lhr.audits[ref.id].title),
  );
  return failed.length > 0 ? `${timings}; lost points: ${failed.join('; ')}` : timings;
}

const dataDir = mkdtempSync(join(tmpdir(), 'campwise-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    // Production would upgrade every request to HTTPS, which a loopback address does not serve.
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'auto',
    DATABASE_URL: '',
  },
});

let chrome = null;
try {
  await waitUntilUp(`${base}/healthz`, server);
  const pages = await demoPages(base);
  chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  const notes = [];
  const measured = [];
  for (const page of pages) {
    const score = () =>
      lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES.map(([id]) => id),
      });
    let result = await score();
    // Chromium sometimes loses the trace of a load (NO_NAVSTART); Lighthouse says to run it again.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
      console.warn(`${page}: ${result.lhr.runtimeError.message} Running it again.`);
      result = await score();
    }
    // A score Lighthouse could not compute is null; it says why in the run's warnings.
    const scores = CATEGORIES.map(([id]) => result?.lhr.categories[id]?.score);
    const script = result ? scriptKilobytes(result.lhr) : null;
    const percent = (score) => (typeof score === 'number' ? Math.round(score * 100) : Number.NaN);
    rows.push([
      page,
      ...scores.map((score) => (typeof score === 'number' ? String(percent(score)) : '–')),
      script ? script.initial.toFixed(1) : '–',
      script ? script.all.toFixed(1) : '–',
      result && paintToInteractiveSeconds(result.lhr) !== null
        ? paintToInteractiveSeconds(result.lhr).toFixed(1)
        : '–',
    ]);
    measured.push({
      page,
      performance: percent(scores[0]),
      accessibility: percent(scores[1]),
      lcpMs: result?.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      initialScriptKb: script?.initial ?? Number.NaN,
    });
    for (const warning of result?.lhr.runtimeWarnings ?? []) console.warn(`${page}: ${warning}`);
    if (result?.lhr.runtimeError) console.warn(`${page}: ${result.lhr.runtimeError.message}`);
    if (result) notes.push(`${page}: ${whatCostPoints(result.lhr)}`);
  }

  const header = ['page (mobile)', ...CATEGORIES.map(([, title]) => title), ...SCRIPT_COLUMNS];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const render = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  console.info('');
  console.info(render(header));
  console.info(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.info(render(row));
  console.info('');
  for (const note of notes) console.info(note);
  console.info('');
  for (const { label, passes } of BUDGETS) {
    const missed = measured.filter((page) => !passes(page)).map(({ page }) => page);
    if (missed.length > 0) {
      console.info(`FAIL  ${label}: ${missed.join(', ')}`);
      process.exitCode = 1;
    } else {
      console.info(`PASS  ${label} on every page`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (chrome) await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
