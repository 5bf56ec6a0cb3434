import { messages } from '@campwise/contract/messages';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { postgresServerScope } from './helper.ts';

const search = { term: 'soccer' };

/**
 * The statement timeout is PostgreSQL's own timer, which the embedded database does not run, so
 * this always uses the PostgreSQL server: the run's DATABASE_URL or the machine's local one. A
 * lock held by another connection keeps the search waiting until its time runs out.
 */
describe('the public search guard rails on the PostgreSQL server', () => {
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
    expect((await app.inject({ method: 'POST', url: '/api/search', payload: search })).statusCode).toBe(200);

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
    expect((await app.inject({ method: 'POST', url: '/api/search', payload: search })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/data/categories' })).statusCode).toBe(200);
  });
});
