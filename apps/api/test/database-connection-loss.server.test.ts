// The server on PostgreSQL outlives its connections (docs/decisions/043): every backend ended
// under load, several times, costs a few 503s and nothing more, and two instances starting at
// once on a fresh database both come up.
import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/raw.ts';
import { camps } from '../src/db/schema.ts';
import { approvedOrg, createCamp } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { type FileDatabase, postgresServerScope } from './helper.ts';
import { ORG_ENV, subscribedOrgHost } from './org-fixtures.ts';
import {
  EXIT_TIMEOUT_MS,
  freePort,
  type RunningServer,
  STARTUP_TIMEOUT_MS,
  startServer,
  stopServer,
} from './server-process.ts';

const KILL_ROUNDS = 4;
const CALLERS = 8;

type Answer = { status: number; body: unknown } | 'no reply';

/** One of the requests the load sends: each reaches the database in its own way. */
function request(baseUrl: string, campId: number, n: number): Promise<Response> {
  const json = { 'content-type': 'application/json' };
  switch (n % 4) {
    case 0:
      // A transaction, on a client checked out for it.
      return fetch(`${baseUrl}/api/search`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ term: `kayak${n}` }),
      });
    case 1:
      // One statement, on whichever client the pool has free.
      return fetch(`${baseUrl}/api/newsletter`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: `reader-${n}@example.com` }),
      });
    case 2:
      return fetch(`${baseUrl}/healthz`);
    default:
      return fetch(`${baseUrl}/api/camps/${campId}`);
  }
}

/** `CALLERS` callers sending requests one after another until stopped. */
function loadOf(baseUrl: string, campId: number) {
  const answers: Answer[] = [];
  let running = true;
  let sent = 0;
  const caller = async () => {
    while (running) {
      sent += 1;
      try {
        const res = await request(baseUrl, campId, sent);
        const text = await res.text();
        answers.push({ status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text });
      } catch {
        answers.push('no reply');
        await new Promise((done) => setTimeout(done, 50));
      }
    }
  };
  const callers = Array.from({ length: CALLERS }, caller);
  return {
    answers,
    succeeded: () => answers.filter((answer) => answer !== 'no reply' && answer.status < 300).length,
    async stop() {
      running = false;
      await Promise.all(callers);
    },
  };
}

function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer === 'no reply' ? answer : String(answer.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The end of a server's output, enough to see why it failed. */
const tail = (server: RunningServer) => server.output().slice(-6_000);

async function waitFor(what: string, server: RunningServer, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode}) waiting for ${what}:\n${tail(server)}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${tail(server)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** A camp with a public profile, made through a short-lived in-process app. */
async function listedCamp(database: FileDatabase, dataDir: string): Promise<number> {
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ORG_ENV }),
    { database: database.handle, startJobs: false },
  );
  await app.ready();
  try {
    const { token: adminToken } = await createAdmin(app, database.handle.db);
    const host = await subscribedOrgHost(app);
    const orgId = await approvedOrg(app, adminToken, host.token, { name: 'Heron Lake Programs' });
    return await createCamp(app, host.token, orgId, { name: 'Heron Kayak Week', spotsAvailable: '12' });
  } finally {
    await app.close();
  }
}

describe('a server whose database connections are ended', () => {
  const scope = postgresServerScope('connection-loss');
  const running = new Set<RunningServer>();
  // Registered after the scope's clean-ups, so it runs before them: servers go before their databases.
  afterAll(() => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  const serve = async (port: number, url: string, env: Record<string, string> = {}) => {
    const server = await startServer(port, {
      ...ORG_ENV,
      DATA_DIR: scope.dataDir,
      DATABASE_URL: url,
      JOB_INTERVAL_MS: '200',
      SEARCH_REQUESTS_PER_MINUTE: '1000000',
      ...env,
    });
    running.add(server);
    return server;
  };

  it(
    'stays up under load while every backend is ended, answers 503 meanwhile, and recovers its pool, notices and queue',
    async () => {
      const database = await scope.freshDatabase();
      const url = database.url ?? '';
      const campId = await listedCamp(database, scope.dataDir);
      const server = await serve(await freePort(), url, { PUBLIC_ANSWER_TTL_MS: '10000' });
      const { baseUrl } = server;

      // Its own connection, which it spares: it ends the server's the way an operator would.
      const operator = new pg.Client({ connectionString: url });
      await operator.connect();
      scope.cleanup(() => operator.end());
      const backends = async (where: string) =>
        (
          await operator.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and ${where}`,
          )
        ).rows[0]?.n ?? 0;
      const listening = async () => (await backends(`application_name = 'campwise-notices'`)) === 1;

      const load = loadOf(baseUrl, campId);
      let lastKill = new Date();
      try {
        for (let round = 0; round < KILL_ROUNDS; round += 1) {
          const before = load.succeeded();
          await waitFor('requests to succeed again', server, async () => load.succeeded() >= before + 20);
          // Ended in the middle of a transaction when one can be caught; otherwise ended anyway.
          const catchUntil = Date.now() + 2_000;
          while (Date.now() < catchUntil && (await backends('xact_start is not null')) === 0);
          lastKill = new Date();
          await operator.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`,
          );
        }
        await waitFor('requests to succeed after the last round', server, async () => {
          const before = load.succeeded();
          await new Promise((done) => setTimeout(done, 200));
          return load.succeeded() > before;
        });
      } finally {
        await load.stop();
      }

      console.info(`connection loss: answers ${JSON.stringify(tally(load.answers))}`);
      expect(server.child.exitCode, tail(server)).toBeNull();
      // Each request answered: in full, or a 503 in the error format (the health check says it
      // in its own words).
      const databaseDown = [messages.databaseUnreachable, 'The database is not reachable.'];
      for (const answer of load.answers) {
        if (answer !== 'no reply' && answer.status < 300) continue;
        expect(answer).toEqual({
          status: 503,
          body: { statusCode: 503, code: expect.any(String), message: expect.toBeOneOf(databaseDown) },
        });
      }

      // The notices of changes are heard again: a kept profile is forgotten when its camp changes,
      // well before its 10 s time to live would let it go.
      await waitFor('the notices to be listened to again', server, listening);
      const profileName = async () => {
        const res = await fetch(`${baseUrl}/api/camps/${campId}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { name: string } }).data.name;
      };
      expect(await profileName()).toBe('Heron Kayak Week');
      await database.handle.db.update(camps).set({ name: 'Heron Kayak Weeks' }).where(eq(camps.id, campId));
      await expect.poll(profileName, { timeout: 5_000 }).toBe('Heron Kayak Weeks');

      // The job queue works again: its ticks complete runs after the last round. A run whose end
      // could not be recorded at all blocks its job until it expires (20 s) and maintenance (every
      // 5 s) retries it, hence the wait.
      await expect
        .poll(
          async () => {
            const [row] = await queryRows<{ n: number }>(
              database.handle.db,
              sql`select count(*)::int as n from pgboss.job where completed_on > ${lastKill.toISOString()}::timestamptz`,
            );
            return row?.n ?? 0;
          },
          { timeout: 40_000 },
        )
        .toBeGreaterThan(0);

      expect(await stopServer(server)).toBe(0);
    },
    STARTUP_TIMEOUT_MS + EXIT_TIMEOUT_MS + 120_000,
  );

  it(
    'starts two instances at the same moment on a fresh database',
    async () => {
      const database = await scope.freshDatabase();
      const url = database.url ?? '';
      const [first, second] = await Promise.allSettled([
        serve(await freePort(), url),
        serve(await freePort(), url),
      ]);
      expect(first.status === 'rejected' ? String(first.reason) : 'up').toBe('up');
      expect(second.status === 'rejected' ? String(second.reason) : 'up').toBe('up');
      for (const started of [first, second]) {
        if (started.status === 'fulfilled') expect(await stopServer(started.value)).toBe(0);
      }
    },
    STARTUP_TIMEOUT_MS + 2 * EXIT_TIMEOUT_MS,
  );
});
