import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';
import {
  EXIT_TIMEOUT_MS,
  freePort,
  type RunningServer,
  STARTUP_TIMEOUT_MS,
  startServer,
  stopServer,
} from './server-process.ts';

const TEST_TIMEOUT_MS = 2 * STARTUP_TIMEOUT_MS + 2 * EXIT_TIMEOUT_MS;

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'campwise-shutdown-'));
  const running = new Set<RunningServer>();

  afterAll(() => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'exits cleanly on SIGTERM and starts again on the same data',
    async () => {
      const port = await freePort();

      const first = await startServer(port, { DATA_DIR: dataDir });
      running.add(first);
      const signUp = await fetch(`${first.baseUrl}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'before-restart@example.com' }),
      });
      expect(signUp.status).toBe(200);
      await signUp.body?.cancel();
      expect(await stopServer(first)).toBe(0);

      const second = await startServer(port, { DATA_DIR: dataDir });
      running.add(second);
      const health = await fetch(`${second.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
      expect(await stopServer(second)).toBe(0);

      // Opening the data dir once more, after the second clean stop, shows the row survived both.
      const handle = openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      try {
        const rows = await queryRows<{ email: string }>(
          handle.db,
          sql`select email from newsletter_subscribers`,
        );
        expect(rows).toEqual([{ email: 'before-restart@example.com' }]);
      } finally {
        await handle.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
