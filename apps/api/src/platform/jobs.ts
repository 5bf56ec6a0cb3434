import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { describeConnectionError, lostConnectionError } from '../db/connection-loss.ts';
import type { SqlConnection } from '../db/sql-connection.ts';
import { QueueConnection } from './job-queue-connection.ts';

type Job = () => Promise<unknown>;

interface Entry {
  run: Job;
  /** The pg-boss worker of the job's queue in this process, woken when a run is sent. */
  workerId: string | null;
  /** This process's latest run (settled, never rejected), so runs never overlap here. */
  latest: Promise<void>;
}

/** A due tick or run-at time: it sends one run to its job's queue. */
interface TimerData {
  job: string;
  /** A tick books the next one, a job's interval later. */
  repeat: boolean;
}

/** The one queue of ticks and run-at times for every job. */
const TIMERS = 'job-timers';
/**
 * Every run of a job carries this singleton key. The job's queue is `stately`: it holds at most
 * one run waiting and one running, across every instance, so kicks coalesce and runs never
 * overlap.
 */
const RUN_KEY = 'run';
/** How often the queue looks for expired runs (and archives old ones), at most. */
const MAINTENANCE_SECONDS = 5;
// pg-boss polls a queue at most every 500 ms; more than 2 s would make kicks sent from another
// instance, and ticks, late.
const POLL_MIN_MS = 500;
const POLL_MAX_MS = 2000;
/** The advisory lock under which an instance makes and updates the queues (docs/decisions/043). */
const QUEUES_LOCK = 'campwise:job-queues';
/** How long stop() lets the queue wait for runs before it hands them back for a retry. */
const STOP_TIMEOUT_MS = 20_000;

const QUEUE_SETTINGS = {
  policy: 'stately',
  retryDelay: 1,
  retryBackoff: true,
} as const;

export interface JobRunnerOptions {
  /** The pause between a job's scheduled runs. */
  intervalMs: number;
  /**
   * How long a run may stay active before the queue takes its instance for dead and retries it
   * (JOB_RUN_EXPIRY_SECONDS, 20 s). Runs are small batches (the tables lease their rows for
   * longer, so a run outliving this is still safe); it is short so that a crashed instance
   * blocks its jobs for half a minute at most, not the quarter of an hour pg-boss would wait by
   * default: a killed instance's run stays active, and a job's queue holds one active run.
   */
  runExpirySeconds: number;
  log: FastifyBaseLogger;
  /** Opens the connection the queue keeps its tables through; only called by start(). */
  connect: () => SqlConnection;
}

/**
 * Background jobs on pg-boss queues in the app's database. The work itself stays in the app's
 * tables, claimed row by row (decision 003); the queue decides when and where a job runs. Each
 * job runs every `intervalMs`, can be kicked to run soon or booked to run at a given time, never
 * runs twice at once across instances, is retried when it fails, and is waited for on stop.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Entry>();
  /** Set once the queue and its workers are up. */
  private boss: PgBoss | null = null;
  private connection: QueueConnection | null = null;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private closing = false;
  /** Kicks and run-at requests on their way to the queue. */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly options: JobRunnerOptions) {}

  add(name: string, run: Job): void {
    if (this.starting) throw new Error(`The job ${name} was added after the jobs started.`);
    if (name === TIMERS) throw new Error(`${TIMERS} is the job runner's own queue.`);
    this.jobs.set(name, { run, workerId: null, latest: Promise.resolve() });
  }

  start(): Promise<void> {
    this.starting ??= this.startQueue();
    return this.starting;
  }

  /**
   * Runs a job soon (after the current request); unknown names are ignored. Kicks that come
   * while a run waits are one run; a kick during a run gets one run after it. A runner that was
   * never started runs nothing, so an app built without jobs leaves the work to its caller.
   */
  kick(name: string): void {
    void this.request(name, (boss) => this.sendRun(boss, name));
  }

  /** Runs a job at a given time (once, whatever else runs it meanwhile); like kick() otherwise. */
  runAt(name: string, when: Date): Promise<void> {
    return this.request(name, (boss) => this.book(boss, name, when));
  }

  stop(): Promise<void> {
    this.stopping ??= this.stopQueue();
    return this.stopping;
  }

  private async startQueue(): Promise<void> {
    const { log } = this.options;
    const connection = new QueueConnection(this.options.connect(), log);
    const boss = new PgBoss({
      db: connection,
      // Ticks are seconds apart, below the per-minute cron pg-boss schedules offer.
      schedule: false,
      // Every 5 s, or within half a shorter expiry: a dead instance's run is found soon after it expires.
      maintenanceIntervalSeconds: Math.max(
        1,
        Math.min(MAINTENANCE_SECONDS, Math.floor(this.options.runExpirySeconds / 2)),
      ),
      archiveCompletedAfterSeconds: 10 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterHours: 1,
    });
    boss.on('error', (error) => {
      // Its timers and workers carry on, and the pool opens fresh connections for them.
      const lost = lostConnectionError(error);
      if (lost)
        log.warn({ dbError: describeConnectionError(lost) }, 'the job queue lost a database connection');
      else log.error({ err: error }, 'job queue error');
    });
    this.connection = connection;
    try {
      await boss.start();
      await this.startWorkers(boss, connection);
    } catch (error) {
      await boss.stop({ graceful: false });
      await connection.close();
      throw error;
    }
    this.boss = boss;
  }

  private async startWorkers(boss: PgBoss, connection: QueueConnection): Promise<void> {
    const polling = Math.min(Math.max(this.options.intervalMs, POLL_MIN_MS), POLL_MAX_MS);
    const pollingIntervalSeconds = polling / 1000;
    // Instances making the same queue at once deadlock in pg-boss's create_queue (each inserts the
    // queue's row, then waits for the other's to add its partition's keys): one at a time.
    await connection.exclusively(QUEUES_LOCK, async () => {
      await this.createQueue(boss, TIMERS, 5);
      for (const name of this.jobs.keys()) await this.createQueue(boss, name, 2);
    });
    for (const [name, entry] of this.jobs) {
      entry.workerId = await boss.work(name, { pollingIntervalSeconds }, () => this.execute(name, entry));
    }
    await boss.work<TimerData>(TIMERS, { pollingIntervalSeconds, batchSize: 20 }, (due) =>
      this.onTimers(boss, due),
    );
    // Books each job's first tick, unless an instance already keeps one booked.
    for (const name of this.jobs.keys()) await this.book(boss, name, 'every interval');
  }

  private async createQueue(boss: PgBoss, name: string, retryLimit: number): Promise<void> {
    const settings = { name, retryLimit, ...QUEUE_SETTINGS, expireInSeconds: this.options.runExpirySeconds };
    await boss.createQueue(name, settings);
    // A queue made by an earlier version, or with another expiry, keeps its settings otherwise.
    await boss.updateQueue(name, settings);
  }

  private async stopQueue(): Promise<void> {
    this.closing = true;
    await this.starting?.catch(() => undefined);
    const boss = this.boss;
    if (!boss) return;
    await Promise.all(this.sending);
    await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    // A run that outlived the wait is still finished here before the database goes.
    await Promise.all([...this.jobs.values()].map((entry) => entry.latest));
    await this.connection?.close();
  }

  /** Sends a request to the queue; a failure is logged: the next tick finds the work anyway. */
  private async request(name: string, send: (boss: PgBoss) => Promise<void>): Promise<void> {
    const boss = this.boss;
    if (!boss || this.closing || !this.jobs.has(name)) return;
    const sent = send(boss).catch((error: unknown) =>
      this.options.log.error({ err: error, job: name }, 'background job could not be queued'),
    );
    this.sending.add(sent);
    await sent;
    this.sending.delete(sent);
  }

  private async sendRun(boss: PgBoss, name: string): Promise<void> {
    await boss.send(name, {}, { singletonKey: RUN_KEY });
    const workerId = this.jobs.get(name)?.workerId;
    if (workerId) boss.notifyWorker(workerId);
  }

  private async book(boss: PgBoss, name: string, when: Date | 'every interval'): Promise<void> {
    const repeat = when === 'every interval';
    const data: TimerData = { job: name, repeat };
    await boss.send(TIMERS, data, {
      // One tick per job is booked at a time; a run-at time is booked once.
      singletonKey: repeat ? `${name}:every` : `${name}:at:${when.toISOString()}`,
      startAfter: repeat ? this.options.intervalMs / 1000 : when,
    });
  }

  private async onTimers(boss: PgBoss, due: PgBoss.Job<TimerData>[]): Promise<void> {
    for (const { data } of due) {
      if (data.repeat) await this.book(boss, data.job, 'every interval');
      await this.sendRun(boss, data.job);
    }
  }

  private async execute(name: string, entry: Entry): Promise<void> {
    // A fetch under way when stop() began still hands over its run: give it back for a retry.
    if (this.closing) throw new Error('The job runner is stopping.');
    // After the run of this process that came before, should it have outlived its expiry.
    const run = entry.latest.then(entry.run);
    entry.latest = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      await run;
    } catch (error) {
      this.options.log.error({ err: error, job: name }, 'background job failed');
      throw error;
    }
  }
}
