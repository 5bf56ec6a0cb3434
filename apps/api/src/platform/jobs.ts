import type { FastifyBaseLogger } from 'fastify';

type Job = () => Promise<unknown>;

interface Entry {
  run: Job;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
}

/**
 * Background loops that read their work from database tables (outbox-style), so any number
 * of instances may run them. Each job runs on an interval, can be kicked to run soon, never
 * overlaps itself, and is waited for when the server stops.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Entry>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(name: string, run: Job): void {
    this.jobs.set(name, { run, timer: null, running: null, again: false });
  }

  start(): void {
    this.started = true;
    for (const name of this.jobs.keys()) this.schedule(name, this.intervalMs);
  }

  /**
   * Runs a job soon (after the current request); unknown names are ignored. A runner that was
   * never started runs nothing, so an app built without jobs leaves the work to its caller.
   */
  kick(name: string): void {
    if (this.jobs.has(name) && this.started && !this.stopped) this.schedule(name, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const entry of this.jobs.values()) if (entry.timer) clearTimeout(entry.timer);
    await Promise.all([...this.jobs.values()].map((entry) => entry.running));
  }

  private schedule(name: string, delayMs: number): void {
    const entry = this.jobs.get(name);
    if (!entry || this.stopped) return;
    if (entry.running) {
      entry.again = true;
      return;
    }
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.execute(name, entry), delayMs);
    entry.timer.unref();
  }

  private execute(name: string, entry: Entry): void {
    entry.timer = null;
    entry.running = entry
      .run()
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error, job: name }, 'background job failed'),
      )
      .finally(() => {
        entry.running = null;
        const soon = entry.again;
        entry.again = false;
        this.schedule(name, soon ? 0 : this.intervalMs);
      });
  }
}
