// The app's own server for `npm run bench`, run as `npm start` would run it, on a free loopback port.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** The ceiling route of ceiling-server.ts: a camp read by its primary key. */
export const CEILING_PATH = '/bench/camp-by-key';

const apiRoot = fileURLToPath(new URL('../../..', import.meta.url));
const children: ChildProcess[] = [];

/** Runs a TypeScript entry of the API package in its own process, as `npm start` would run the server. */
export function startChild(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
}

export function stopChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopChildren);

export async function waitUntilUp(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}
