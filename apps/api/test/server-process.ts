import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
// Generous because a start compiles the sources and boots the embedded database, which can
// take many seconds on a busy two-core machine; on a quiet one the whole test takes about ten.
export const STARTUP_TIMEOUT_MS = 120_000;
export const EXIT_TIMEOUT_MS = 15_000;

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * Starts the real server entry point from source, on loopback, with nothing configured but what
 * the test names (an embedded database in `DATA_DIR` unless `DATABASE_URL` is given).
 */
export async function startServer(
  port: number,
  env: Record<string, string> & { DATA_DIR: string },
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: '',
      MAILING_LIST_WEBHOOK_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      DEMO_DATA: 'off',
      ...env,
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
export async function stopServer(server: RunningServer): Promise<number | null> {
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
