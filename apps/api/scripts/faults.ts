// `npm run test:faults`: the real API server in a child process on PostgreSQL, killed with SIGKILL
// in the middle of checkouts, refunds, moves and instalment runs, with the database's connections
// ended under load, round after round; after each restart and reconciliation, the books check
// (docs/decisions/048). Prints a summary and exits with 1 on any mismatch, or on any exit of the
// server that was not one of its kills.
//
//   npm run test:faults -- [--rounds 20] [--seed 12345]
//
// DATABASE_URL names a database to use (its name must contain "test", "ci" or "fault"); without
// it the script makes one on the local server (postgresql://postgres@127.0.0.1:5432) and drops it
// after. Every draw comes from the seed, printed first, so a run can be drawn again as it was.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { booksProblems, settleWithinMs } from '../src/modules/payouts/check-books.ts';
import { Client } from './faults/client.ts';
import { Random } from './faults/random.ts';
import { KINDS, type Kind, runRound } from './faults/round.ts';
import { buildServer, freePort, ServerProcess } from './faults/server.ts';
import { administrator, CLOCK_DAYS, campHost } from './faults/world.ts';

const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';
const DAY_MS = 86_400_000;
/**
 * Reconciliation as the script runs it: a payment or refund left by a kill is settled after 1 s,
 * and a job run the killed server left active is taken for dead after 2 s (20 s by default).
 */
const SERVER_TIMING = { JOB_INTERVAL_MS: 200, PAYMENT_RECONCILE_AFTER_MS: 1000, JOB_RUN_EXPIRY_SECONDS: 2 };

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: process.env.FAULT_ROUNDS ?? '20' },
    seed: { type: 'string', default: process.env.FAULT_SEED },
  },
});
const rounds = Number(values.rounds);
const seed = values.seed === undefined ? randomInt(1, 2 ** 31) : Number(values.seed);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds: a whole number, not ${values.rounds}`);
if (!Number.isInteger(seed)) throw new Error(`--seed: a whole number, not ${values.seed}`);
console.info(
  `faults: seed ${seed}, ${rounds} rounds (replay: npm run test:faults -- --seed ${seed} --rounds ${rounds})`,
);

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: LOCAL_SERVER });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The run's database: DATABASE_URL (a test one), or one made for the run and dropped after it. */
async function runDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = process.env.DATABASE_URL?.trim();
  if (given) {
    const name = decodeURIComponent(new URL(given).pathname.slice(1));
    if (!/test|ci|fault/i.test(name))
      throw new Error(`DATABASE_URL names "${name}": the fault script writes only to a test database`);
    return { url: given, drop: async () => undefined };
  }
  const name = `campwise_faults_${seed}_${process.pid}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(LOCAL_SERVER);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/**
 * The books check, read at the clock the instalments ran at (the dev clock, CLOCK_DAYS ahead):
 * anything reconciliation left pending by then is stuck.
 */
function books(): Promise<string[]> {
  return booksProblems(handle.db, {
    processor: 'test',
    now: new Date(Date.now() + CLOCK_DAYS * DAY_MS),
    overdueAfterMs: settleWithinMs({
      paymentReconcileAfterMs: SERVER_TIMING.PAYMENT_RECONCILE_AFTER_MS,
      jobIntervalMs: SERVER_TIMING.JOB_INTERVAL_MS,
    }),
  });
}

const started = performance.now();
const random = new Random(seed);
const database = await runDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'campwise-faults-'));
const handle = openDatabase({ kind: 'postgres', url: database.url });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const client = new Client(baseUrl);
const server = new ServerProcess(baseUrl, {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  JWT_SECRET: 'campwise-fault-script-secret-0123456789abcdefghij',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'off',
  AUTH_ATTEMPTS_PER_IP: '1000000',
  JOB_INTERVAL_MS: String(SERVER_TIMING.JOB_INTERVAL_MS),
  PAYMENT_RECONCILE_AFTER_MS: String(SERVER_TIMING.PAYMENT_RECONCILE_AFTER_MS),
  JOB_RUN_EXPIRY_SECONDS: String(SERVER_TIMING.JOB_RUN_EXPIRY_SECONDS),
});

const kills = new Map<Kind, number>();
let roundsDone = 0;
let terminations = 0;
let backendsTerminated = 0;
const mismatches = new Set<string>();
let finalBooks: string[] | null = null;
let failure: unknown = null;

try {
  await buildServer();
  await server.start();
  const host = await campHost(client, await administrator(client, handle.db));
  for (let round = 1; round <= rounds; round += 1) {
    if (!server.running) await server.start();
    const kind = KINDS[(round - 1) % KINDS.length] as Kind;
    const result = await runRound(
      { client, server, db: handle.db, databaseUrl: database.url, host, random },
      round,
      kind,
    );
    roundsDone += 1;
    kills.set(kind, (kills.get(kind) ?? 0) + 1);
    terminations += result.terminations;
    backendsTerminated += result.backendsTerminated;
    const found = [...(await books()), ...result.lostAnswers];
    for (const line of found) mismatches.add(line);
    console.info(
      `round ${round}/${rounds} ${kind}: ${result.requests} requests, killed after ${result.killedAfter}, ` +
        `${result.terminations} terminations (${result.backendsTerminated} backends), settled in ${result.settledMs} ms, ` +
        (found.length === 0 ? 'books balance' : `${found.length} mismatches:\n  ${found.join('\n  ')}`),
    );
  }
  await server.stop();
  finalBooks = await books();
  for (const line of finalBooks) mismatches.add(line);
} catch (error) {
  failure = error;
  await server.kill();
} finally {
  await handle.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

const seconds = Math.round((performance.now() - started) / 1000);
const outcomes = [...client.outcomes.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([status, count]) => `${status}: ${count}`)
  .join(', ');
const killCount = [...kills.values()].reduce((sum, count) => sum + count, 0);
console.info(`
faults summary (seed ${seed})
  rounds:                ${roundsDone} of ${rounds} in ${seconds} s
  kills (SIGKILL):       ${killCount} (${KINDS.map((kind) => `${kind} ${kills.get(kind) ?? 0}`).join(', ')})
  backend terminations:  ${terminations} (${backendsTerminated} backends ended)
  requests:              ${client.requests} (${outcomes})
  server errors (500):   ${[...client.serverErrors.values()].reduce((sum, count) => sum + count, 0)}${[...client.serverErrors.entries()].map(([route, count]) => `\n    ${route}: ${count}`).join('')}
  mismatches:            ${mismatches.size}
  unplanned exits:       ${server.unplannedExits.length}
  books check at the end: ${finalBooks === null ? 'not run' : finalBooks.length === 0 ? 'the books balance' : `${finalBooks.length} lines do not add up`}`);
for (const line of finalBooks ?? []) console.info(`    ${line}`);
for (const exit of server.unplannedExits) console.info(`  unplanned: ${exit}`);
if (failure) console.error('faults: the run stopped:', failure);
const passed = failure === null && mismatches.size === 0 && server.unplannedExits.length === 0;
console.info(passed ? 'PASS' : 'FAIL');
process.exit(passed ? 0 : 1);
