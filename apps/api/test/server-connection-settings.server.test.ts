// The app's connections to PostgreSQL carry their own settings (src/db/client.ts), whatever the
// server's configuration says.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionOptions } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';
import { postgresServerScope } from './helper.ts';

describe('connections to the PostgreSQL server', () => {
  const server = postgresServerScope('connection-settings');

  it('run each query without JIT compilation or parallel workers', async () => {
    const { handle } = await server.freshDatabase();
    const [settings] = await queryRows<{ jit: string; workers: string }>(
      handle.db,
      sql`select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers`,
    );
    expect(settings).toEqual({ jit: 'off', workers: '0' });
  });

  it('write settings as the options of a connection string', () => {
    expect(connectionOptions({ jit: 'off', work_mem: '8MB' })).toBe('-c jit=off -c work_mem=8MB');
  });
});
