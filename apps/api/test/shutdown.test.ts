import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';

const apiRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
// Generous because a start compiles the sources and boots the embedded database, which can
// take many seconds on a busy two-core machine; on a quiet one the whole test takes about ten.
const STARTUP_TIMEOUT_MS = 120_000;
const EXIT_TIMEOUT_MS = 15_000;
const TEST_TIMEOUT_MS = 2 * STARTUP_TIMEOUT_MS + 2 * EXIT_TIMEOUT_MS;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** Starts the real server entry point from source, on loopback, with an embedded database. */
async function startServer(dataDir: string, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The point is the embedded data dir, whatever database the rest of the run uses.
      DATABASE_URL: '',
      WEB_DIST_DIR: '',
      MAILING_LIST_WEBHOOK_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} on start:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) return { child, baseUrl, output: () => output };
      await res.body?.cancel();
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy within ${STARTUP_TIMEOUT_MS} ms:\n${output}`);
}

/** Sends SIGTERM and resolves with the exit code, failing if the process hangs. */
async function stopServer(server: RunningServer): Promise<number | null> {
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => {
      server.child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${EXIT_TIMEOUT_MS} ms:\n${server.output()}`));
    }, EXIT_TIMEOUT_MS).unref(),
  );
  const [code] = await Promise.race([exited, timeout]);
  return typeof code === 'number' ? code : null;
}

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

      const first = await startServer(dataDir, port);
      running.add(first);
      const signUp = await fetch(`${first.baseUrl}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'before-restart@example.com' }),
      });
      expect(signUp.status).toBe(200);
      await signUp.body?.cancel();
      expect(await stopServer(first)).toBe(0);

      const second = await startServer(dataDir, port);
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
