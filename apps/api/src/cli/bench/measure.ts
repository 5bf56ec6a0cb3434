// Timing for `npm run bench`: load from autocannon or from workers in a loop, each latency
// recorded, summarised as throughput and percentiles, and printed as one table.
import autocannon from 'autocannon';
import pg from 'pg';
import { connectionOptions, SERVER_SESSION_SETTINGS } from '../../db/client.ts';

export const CONNECTIONS = 32;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARM_UP_SECONDS = 2;
/** The same pool size the app's PostgreSQL client uses (db/client.ts). */
const POOL_SIZE = 20;

interface Measurement {
  requests: number;
  seconds: number;
  latencies: number[];
  failures: number;
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
export type Summary = ReturnType<typeof summarise>;

/** Drives a URL with autocannon and records every response's latency itself (autocannon reports no p95). */
function drive(
  base: string,
  requests: autocannon.Request[],
  length: { duration: number } | { amount: number },
  record: boolean,
): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let failures = 0;
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, ...length, requests },
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

/**
 * Warms up for WARM_UP_SECONDS, or with `warmUpRequests` requests (one round of a set of
 * answers that takes longer than that to read once), then measures DURATION_SECONDS.
 */
export async function measureHttp(
  base: string,
  requests: autocannon.Request[],
  warmUpRequests?: number,
): Promise<Summary> {
  await drive(
    base,
    requests,
    warmUpRequests === undefined ? { duration: WARM_UP_SECONDS } : { amount: warmUpRequests },
    false,
  );
  return summarise(await drive(base, requests, { duration: DURATION_SECONDS }, true));
}

/**
 * `workers` loops, each calling `task` with its worker number and a running count, for the
 * warm-up and then for the measured seconds; a task that throws counts as a failure.
 */
export async function measureLoop(
  workers: number,
  task: (index: number) => Promise<unknown>,
): Promise<Summary> {
  const run = async (seconds: number, record: boolean): Promise<Measurement> => {
    const latencies: number[] = [];
    let requests = 0;
    let failures = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let index = worker; performance.now() < end; index += 1) {
          const sent = performance.now();
          try {
            await task(index);
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
  await run(WARM_UP_SECONDS, false);
  return summarise(await run(DURATION_SECONDS, true));
}

/** SQL sent straight through `pg` by CONNECTIONS workers in a loop, timed per query, on connections set as the app sets its own. */
export async function measureDirect(
  url: string,
  queries: { sql: string; params: unknown[] }[],
  settings: Record<string, string> = {},
): Promise<Summary> {
  const options = connectionOptions({ ...SERVER_SESSION_SETTINGS, ...settings });
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, options });
  try {
    return await measureLoop(CONNECTIONS, async (index) => {
      const query = queries[index % queries.length];
      if (query) await pool.query(query.sql, query.params);
    });
  } finally {
    await pool.end();
  }
}

export const format = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export function printTable(
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
