import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;
/** The server's last lines kept, to show when it exits on its own. */
const OUTPUT_LINES = 60;

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** The production bundle (`npm run build -w @campwise/api`): what `npm start` serves. */
export async function buildServer(): Promise<void> {
  await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: apiRoot });
}

/**
 * The real API server in a child process, on loopback, started again after every kill. An exit
 * the script did not cause (a crash, an unhandled error) is recorded with the server's last lines.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private killing = false;
  private lines: string[] = [];
  readonly unplannedExits: string[] = [];
  starts = 0;

  constructor(
    readonly baseUrl: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    this.killing = false;
    this.starts += 1;
    const child = spawn(process.execPath, ['dist/server.mjs'], {
      cwd: apiRoot,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      this.lines = this.lines.slice(-OUTPUT_LINES);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => {
      if (this.killing) return;
      this.unplannedExits.push(
        `exit ${code ?? signal} (start ${this.starts}); its last lines:\n    ${this.lines.join('\n    ')}`,
      );
    });
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited on start:\n${this.lines.join('\n')}`);
      try {
        const res = await fetch(`${this.baseUrl}/healthz`);
        await res.body?.cancel();
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`the server did not answer /healthz within ${STARTUP_TIMEOUT_MS} ms`);
  }

  /** Whether the server is running (it may have exited on its own). */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: no shutdown hook runs, in-flight work stops wherever it is. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.killing = true;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM at the end of the run: the server finishes what it has and must exit with 0. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.killing = true;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const [code, signal] = (await exited) as [number | null, string | null];
    clearTimeout(timer);
    if (code !== 0) this.unplannedExits.push(`exit ${code ?? signal} on SIGTERM at the end of the run`);
  }
}
