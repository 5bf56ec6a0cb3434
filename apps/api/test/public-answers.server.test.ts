import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/raw.ts';
import { campSessions } from '../src/db/schema.ts';
import { approvedOrg, createCamp } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { postgresServerScope } from './helper.ts';
import { ORG_ENV, subscribedOrgHost } from './org-fixtures.ts';

/**
 * A connection lost and opened again. Ending another connection is the PostgreSQL server's own
 * business, so this always uses the server: the run's DATABASE_URL or the machine's local one.
 */
describe('the watch on the PostgreSQL server', () => {
  const server = postgresServerScope('public-answers');

  it('listens again after losing its connection, and the notices reach kept profiles again', async () => {
    const database = await server.freshDatabase();
    const config = loadConfig({
      ...ORG_ENV,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: server.dataDir,
      PUBLIC_ANSWER_TTL_MS: '10000',
    });
    const app = await buildApp(config, { database: database.handle, startJobs: false });
    server.cleanup(() => app.close());
    await app.ready();
    const db = database.handle.db;
    const { token: adminToken } = await createAdmin(app, db);
    const host = await subscribedOrgHost(app);
    const orgId = await approvedOrg(app, adminToken, host.token, { name: 'Osprey Point Programs' });
    const campId = await createCamp(app, host.token, orgId, {
      name: 'Osprey Kayak Week',
      spotsAvailable: '12',
    });
    const spotsLeft = async () =>
      (await app.inject({ method: 'GET', url: `/api/camps/${campId}` })).json<{
        data: { spotsLeft: number };
      }>().data.spotsLeft;
    const listeners = async () =>
      (
        await queryRows<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity
            where application_name = 'campwise-notices' and datname = current_database()`,
        )
      ).map((row) => row.pid);

    await expect.poll(listeners, { timeout: 5_000 }).toHaveLength(1);
    const [lost] = await listeners();
    expect(await spotsLeft()).toBe(12);
    await db.execute(sql`select pg_terminate_backend(${lost}::int)`);
    await expect
      .poll(async () => (await listeners()).filter((pid) => pid !== lost), { timeout: 5_000 })
      .toHaveLength(1);

    await db.update(campSessions).set({ spotsTaken: 5 }).where(eq(campSessions.campId, campId));
    await expect.poll(spotsLeft, { timeout: 5_000 }).toBe(7);
  });
});
