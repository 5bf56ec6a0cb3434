import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/raw.ts';
import { createAdmin } from './fixtures.ts';
import { createPostgresDatabase, type FileDatabase, testDatabaseBaseUrl } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, campHost } from './registration-fixtures.ts';
import {
  freePort,
  type RunningServer,
  STARTUP_TIMEOUT_MS,
  startServer,
  stopServer,
} from './server-process.ts';

/**
 * An announcement to 500 families, its delivery job killed with SIGKILL midway and the server
 * started again (decision 031). Always on the PostgreSQL server, as in crash-safety.server.test.ts: the
 * embedded database keeps its pages in memory until it is closed.
 */
const POSTGRES_URL = testDatabaseBaseUrl() ?? 'postgresql://postgres@127.0.0.1:5432/test';
const FAMILIES = 500;
const SUBJECT = 'Gates open at 8:30';

let database: FileDatabase;
let announcementId: number;
const dataDir = mkdtempSync(join(tmpdir(), 'campwise-announcement-'));
const running = new Set<RunningServer>();

beforeAll(async () => {
  database = await createPostgresDatabase(POSTGRES_URL);
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ORG_ENV }),
    {
      database: database.handle,
      startJobs: false,
    },
  );
  await app.ready();
  try {
    const admin = await createAdmin(app, database.handle.db);
    const campId = await addCamp(app, await campHost(app, admin.token));
    const db = database.handle.db;
    // The families and the announcement's rows as sending it leaves them, written in bulk: the
    // job, not the sending, is under test.
    await db.execute(
      sql`insert into users (user_type, first_name, last_name, email, password_hash)
        select 'camper', 'Parent', 'Family ' || n, 'family-' || n || '@crash.test', '!'
        from generate_series(1, ${FAMILIES}) as n`,
    );
    const [announcement] = await queryRows<{ id: number }>(
      db,
      sql`insert into announcements (camp_id, audience, subject, body)
        values (${campId}, 'camp', ${SUBJECT}, 'See you on Monday.') returning id`,
    );
    announcementId = announcement?.id ?? 0;
    await db.execute(
      sql`insert into announcement_recipients (announcement_id, parent_id)
        select ${announcementId}::int, id from users where email like '%@crash.test'`,
    );
  } finally {
    await app.close();
  }
}, 180_000);

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function serve(port: number): Promise<RunningServer> {
  const server = await startServer(port, {
    ...ORG_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    JOB_INTERVAL_MS: '200',
  });
  running.add(server);
  return server;
}

/** Recipients stamped delivered, e-mails queued for the announcement, and addresses mailed twice. */
async function progress() {
  const [row] = await queryRows<{ delivered: number; mails: number; twice: number }>(
    database.handle.db,
    sql`select
        (select count(*)::int from announcement_recipients where announcement_id = ${announcementId}
          and delivered_at is not null) as delivered,
        (select count(*)::int from mail_outbox where subject like ${`%: ${SUBJECT}`}) as mails,
        (select count(*)::int from (select to_address from mail_outbox where subject like ${`%: ${SUBJECT}`}
          group by to_address having count(*) > 1) twice) as twice`,
  );
  return row ?? { delivered: -1, mails: -1, twice: -1 };
}

describe('an announcement job killed midway', () => {
  it(
    'sends each family the announcement exactly once after a restart',
    async () => {
      const port = await freePort();
      const first = await serve(port);
      const deadline = Date.now() + 60_000;
      while ((await progress()).delivered === 0 && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 5));
      first.child.kill('SIGKILL');
      await new Promise((done) => first.child.once('exit', done));
      const killed = await progress();
      // The kill came midway, and what was stamped delivered is exactly what was mailed.
      expect(killed.delivered).toBeGreaterThan(0);
      expect(killed.delivered).toBeLessThan(FAMILIES);
      expect(killed.mails).toBe(killed.delivered);

      const second = await serve(port);
      const settled = Date.now() + 60_000;
      while ((await progress()).delivered < FAMILIES && Date.now() < settled)
        await new Promise((done) => setTimeout(done, 100));
      const after = await progress();
      console.info(
        `announcement crash test: ${killed.delivered} of ${FAMILIES} delivered when killed, ${after.delivered} after restart`,
      );
      expect(after).toEqual({ delivered: FAMILIES, mails: FAMILIES, twice: 0 });
      expect(await stopServer(second)).toBe(0);
    },
    2 * STARTUP_TIMEOUT_MS + 120_000,
  );
});
