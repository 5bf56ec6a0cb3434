import { messages } from '@campwise/contract/messages';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, postgresServerScope } from './helper.ts';

const search = { term: 'soccer' };

describe('the public search guard rails', () => {
  it('answers 429 with Retry-After once an address has searched too often in a minute', async () => {
    const t = await buildTestApp({ SEARCH_REQUESTS_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/search', payload: search })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);

    const refused = await t.app.inject({ method: 'POST', url: '/api/search', payload: search });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: messages.searchRateLimited,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is counted on its own.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: search,
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(200);
    await t.close();
  });

  /**
   * The statement timeout is PostgreSQL's own timer, which the embedded database does not run, so
   * this always uses the PostgreSQL server: the run's DATABASE_URL or the machine's local one. A
   * lock held by another connection keeps the search waiting until its time runs out.
   */
  describe('on the PostgreSQL server', () => {
    const server = postgresServerScope('search-timeout');

    it('cancels a search that runs past SEARCH_TIMEOUT_MS and answers a clear 503, logged', async () => {
      const database = await server.freshDatabase();
      const lines: string[] = [];
      const app = await buildApp(
        // Answers not kept, so the search after the lock reaches the database.
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATA_DIR: server.dataDir,
          SEARCH_TIMEOUT_MS: '300',
          PUBLIC_ANSWER_TTL_MS: '0',
        }),
        {
          database: database.handle,
          startJobs: false,
          logDestination: { write: (line) => lines.push(line) },
        },
      );
      server.cleanup(() => app.close());
      await app.ready();
      expect((await app.inject({ method: 'POST', url: '/api/search', payload: search })).statusCode).toBe(
        200,
      );

      const blocker = new pg.Client({ connectionString: database.url ?? '' });
      await blocker.connect();
      server.cleanup(() => blocker.end());
      await blocker.query('begin');
      await blocker.query('lock table camps in access exclusive mode');

      const timedOut = await app.inject({ method: 'POST', url: '/api/search', payload: search });
      expect(timedOut.statusCode).toBe(503);
      expect(timedOut.json()).toEqual({
        statusCode: 503,
        code: 'SEARCH_TIMEOUT',
        message: messages.searchTimedOut,
      });
      const logged = lines.map(
        (line) => JSON.parse(line) as { msg?: string; search?: unknown; level?: number },
      );
      expect(logged).toContainEqual(
        expect.objectContaining({ msg: 'search timed out', search: expect.objectContaining(search) }),
      );

      await blocker.query('rollback');
      // The timeout was local to that search: the next one, and other calls, run as usual.
      expect((await app.inject({ method: 'POST', url: '/api/search', payload: search })).statusCode).toBe(
        200,
      );
      expect((await app.inject({ method: 'GET', url: '/data/categories' })).statusCode).toBe(200);
    });
  });
});
