import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/common.ts';
import {
  freePort,
  type RunningServer,
  STARTUP_TIMEOUT_MS,
  startServer,
  stopServer,
} from './server-process.ts';

/** Output written just before the server listened may reach us just after its first answer. */
async function outputWith(server: RunningServer, text: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  while (!server.output().includes(text) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 50));
  }
  return server.output();
}

describe('npm start on an empty embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'campwise-demo-start-'));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'loads the demo once, prints the sign-ins and serves the demo camps',
    async () => {
      const first = await startServer(await freePort(), { DATA_DIR: dataDir, DEMO_DATA: 'auto' });
      try {
        const output = await outputWith(first, DEMO_ACCOUNTS.admin);
        expect(output).toContain(DEMO_PASSWORD);
        for (const email of Object.values(DEMO_ACCOUNTS)) expect(output).toContain(email);
        const search = await fetch(`${first.baseUrl}/api/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'camp', term: '', filters: { zip: '98103' }, categories: [] }),
        });
        const { data, total } = (await search.json()) as { data: { id: number }[]; total: number };
        expect(total).toBeGreaterThan(10);
        const camp = await fetch(`${first.baseUrl}/api/camps/${data[0]?.id}`);
        expect(camp.status).toBe(200);
      } finally {
        expect(await stopServer(first)).toBe(0);
      }

      const second = await startServer(await freePort(), { DATA_DIR: dataDir, DEMO_DATA: 'auto' });
      try {
        expect(second.output()).not.toContain(DEMO_PASSWORD);
      } finally {
        expect(await stopServer(second)).toBe(0);
      }
    },
    3 * STARTUP_TIMEOUT_MS,
  );
});
