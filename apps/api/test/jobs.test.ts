import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/raw.ts';
import type { SqlConnection } from '../src/db/sql-connection.ts';
import { JobRunner } from '../src/platform/jobs.ts';
import { onPostgres, testDatabase } from './helper.ts';

// Long enough that only kicks and booked times run a job within a test.
const HOUR_MS = 60 * 60 * 1000;
// Queue polling and retry back-off take seconds; waiting longer costs nothing when they are quick.
const eventually = (assertion: () => unknown) => vi.waitFor(assertion, { timeout: 20_000, interval: 50 });

interface LogEntry {
  level: number;
  msg: string;
  job?: string;
  err?: { message: string };
}

function recordingLog(): { log: FastifyBaseLogger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const stream = { write: (line: string) => entries.push(JSON.parse(line) as LogEntry) };
  return { log: Fastify({ logger: { level: 'warn', stream } }).log, entries };
}

/** What the runner asked the queue to hold: one entry per run sent (kick, tick or booked time). */
interface Sent {
  queue: string;
  /** False when the queue already held a waiting run, so the send coalesced with it. */
  queued: boolean;
}

/** The runner's connection, watched; `failOnce` makes the first statement it matches fail. */
function watched(connection: SqlConnection, sent: Sent[], failOnce?: RegExp): SqlConnection {
  let failing = failOnce;
  return {
    async executeSql(text, values) {
      if (failing?.test(text)) {
        failing = undefined;
        throw new Error('connection lost');
      }
      const result = await connection.executeSql(text, values);
      if (/^\s*INSERT INTO \S+\.job \(/.test(text) && values) {
        sent.push({ queue: String(values[1]), queued: result.rows.length === 1 });
      }
      return result;
    },
    exclusively: (name, work) => connection.exclusively(name, work),
    close: () => connection.close(),
  };
}

/** A job whose runs stay in flight until the test lets them finish. */
function controlledJob() {
  const state = { started: 0, finished: 0, inFlight: 0, maxInFlight: 0 };
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    state,
    run: async () => {
      state.started += 1;
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      await gate;
      state.inFlight -= 1;
      state.finished += 1;
    },
    /** Lets every run, now and later, finish at once. */
    finishAll() {
      gate = Promise.resolve();
      release();
    },
  };
}

interface RunnerOptions {
  intervalMs?: number;
  log?: FastifyBaseLogger;
  failOnce?: RegExp;
}

const runners = new Set<JobRunner>();
const quietLog = Fastify({ logger: false }).log;

/** A runner on this file's database (on PostgreSQL with a pool of its own, as an instance has). */
async function runnerWith(jobs: Record<string, () => Promise<unknown>>, options: RunnerOptions = {}) {
  const file = await testDatabase();
  const sent: Sent[] = [];
  const runner = new JobRunner({
    intervalMs: options.intervalMs ?? HOUR_MS,
    runExpirySeconds: 20,
    log: options.log ?? quietLog,
    connect: () => watched(file.handle.openSqlConnection('jobs-test'), sent, options.failOnce),
  });
  for (const [name, run] of Object.entries(jobs)) runner.add(name, run);
  runners.add(runner);
  return { runner, sent, runsSent: (queue: string) => sent.filter((entry) => entry.queue === queue) };
}

async function startedRunner(jobs: Record<string, () => Promise<unknown>>, options: RunnerOptions = {}) {
  const made = await runnerWith(jobs, options);
  await made.runner.start();
  return made;
}

/** Resolves once the queue holds no run of the job that waits, runs or awaits a retry. */
async function settled(queue: string): Promise<void> {
  const { db } = (await testDatabase()).handle;
  await eventually(async () => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = ${queue} and state < 'completed'`,
    );
    expect(row?.n).toBe(0);
  });
}

afterEach(async () => {
  await Promise.all([...runners].map((runner) => runner.stop()));
  runners.clear();
  // Each test starts from an empty queue: nothing booked or waiting from the test before.
  const { db } = (await testDatabase()).handle;
  await queryRows(db, sql`select 1 from pg_namespace where nspname = 'pgboss'`).then((found) =>
    found.length > 0 ? db.execute(sql`delete from pgboss.job`) : undefined,
  );
});

describe(`JobRunner on pg-boss (${onPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs a job soon after it is kicked', async () => {
    const run = vi.fn(async () => {});
    const { runner } = await startedRunner({ 'kicked-job': run });
    runner.kick('kicked-job');
    await eventually(() => expect(run).toHaveBeenCalledTimes(1));
  });

  it('runs a job on its interval, with no kick', async () => {
    const run = vi.fn(async () => {});
    await startedRunner({ 'ticking-job': run }, { intervalMs: 100 });
    await eventually(() => expect(run.mock.calls.length).toBeGreaterThanOrEqual(3));
  });

  it('runs a job once at the time it is booked for', async () => {
    const run = vi.fn(async () => {});
    const { runner, runsSent } = await startedRunner({ 'booked-job': run });
    const at = new Date(Date.now() + 500);
    await runner.runAt('booked-job', at);
    await runner.runAt('booked-job', at);
    await eventually(() => expect(run).toHaveBeenCalledTimes(1));
    await settled('booked-job');
    expect(run).toHaveBeenCalledTimes(1);
    expect(runsSent('job-timers').filter((entry) => entry.queued)).toHaveLength(2);
  });

  it('ignores kicks for unknown jobs, and runs nothing before it is started', async () => {
    const run = vi.fn(async () => {});
    const { runner, sent } = await runnerWith({ 'idle-job': run });
    runner.kick('idle-job');
    await runner.runAt('idle-job', new Date());
    await runner.start();
    runner.kick('no-such-job');
    await runner.runAt('no-such-job', new Date());
    expect(sent.filter((entry) => entry.queue !== 'job-timers')).toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });

  it('coalesces kicks: one run for those while a run waits, one more for those during a run', async () => {
    const job = controlledJob();
    const { runner, runsSent } = await startedRunner({ 'busy-job': job.run });
    runner.kick('busy-job');
    await eventually(() => expect(job.state.started).toBe(1));

    for (let kick = 0; kick < 5; kick += 1) runner.kick('busy-job');
    await eventually(() => expect(runsSent('busy-job')).toHaveLength(6));
    expect(runsSent('busy-job').filter((entry) => entry.queued)).toHaveLength(2);
    expect(job.state.started).toBe(1);

    job.finishAll();
    await eventually(() => expect(job.state.finished).toBe(2));
    await settled('busy-job');
    expect(job.state.started).toBe(2);
    expect(job.state.maxInFlight).toBe(1);
  });

  it('logs a failed run and retries it without another kick', async () => {
    const { log, entries } = recordingLog();
    let calls = 0;
    const run = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('provider down');
    });
    const { runner } = await startedRunner({ 'flaky-job': run }, { log });
    runner.kick('flaky-job');
    await eventually(() => expect(run).toHaveBeenCalledTimes(2));
    await settled('flaky-job');
    expect(run).toHaveBeenCalledTimes(2);
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: 'background job failed',
        job: 'flaky-job',
        err: expect.objectContaining({ message: 'provider down' }),
      }),
    );
  });

  it('logs a database error while recording how a run ended, instead of ending the process', async () => {
    const { log, entries } = recordingLog();
    const run = vi.fn(async () => {});
    const { runner } = await startedRunner(
      { 'unrecorded-job': run },
      { log, failOnce: /SET completed_on = now\(\),\s+state = 'completed'/ },
    );
    runner.kick('unrecorded-job');
    await eventually(() =>
      expect(entries).toContainEqual(
        expect.objectContaining({ msg: 'the job queue could not record how a run ended; it will retry it' }),
      ),
    );
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('stop() waits for a running job, then runs nothing more', async () => {
    const job = controlledJob();
    const { runner, runsSent } = await startedRunner({ 'slow-job': job.run });
    runner.kick('slow-job');
    await eventually(() => expect(job.state.started).toBe(1));

    const events: string[] = [];
    const stopping = runner.stop().then(() => events.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    events.push('released');
    job.finishAll();
    await stopping;
    expect(events).toEqual(['released', 'stopped']);
    expect(job.state.finished).toBe(1);

    runner.kick('slow-job');
    await runner.runAt('slow-job', new Date());
    expect(runsSent('slow-job')).toHaveLength(1);
  });

  it('never runs a job on two instances at once, and runs a kick once', async () => {
    const job = controlledJob();
    const first = await startedRunner({ 'shared-job': job.run });
    const second = await startedRunner({ 'shared-job': job.run });
    const runsSent = () => [...first.runsSent('shared-job'), ...second.runsSent('shared-job')];

    first.runner.kick('shared-job');
    await eventually(() => expect(job.state.started).toBe(1));
    for (let kick = 0; kick < 3; kick += 1) {
      first.runner.kick('shared-job');
      second.runner.kick('shared-job');
    }
    await eventually(() => expect(runsSent()).toHaveLength(7));
    expect(runsSent().filter((entry) => entry.queued)).toHaveLength(2);

    job.finishAll();
    await eventually(() => expect(job.state.finished).toBe(2));
    await settled('shared-job');
    expect(job.state.started).toBe(2);
    expect(job.state.maxInFlight).toBe(1);

    // Many kicks on both instances while runs come and go: still one run at a time.
    for (let kick = 0; kick < 20; kick += 1) {
      (kick % 2 === 0 ? first : second).runner.kick('shared-job');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await eventually(() => expect(runsSent()).toHaveLength(27));
    await settled('shared-job');
    expect(job.state.maxInFlight).toBe(1);
    expect(job.state.started).toBe(job.state.finished);
  });
});
