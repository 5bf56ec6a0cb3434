import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { lostConnectionError } from '../db/connection-loss.ts';
import type { SqlConnection } from '../db/sql-connection.ts';

type Result = { rows: unknown[] };

/**
 * The statements with which a pg-boss 10 worker records how a run ended (complete, or fail so it
 * is retried). The worker does not await them (manager.js, `watch`), so a database error there
 * would be an unhandled rejection, which ends a Node process.
 */
const RECORDS_OUTCOME = /^\s*WITH (results AS \(\s*UPDATE \S+\.job\s+SET completed_on|deleted_jobs AS \()/;
// What pg-boss reads from those statements' answer: how many jobs they changed.
const NOTHING_RECORDED: Result = { rows: [{ count: '0' }] };
/**
 * A record lost with its connection is sent again on a fresh one, a quarter of a second later and
 * then a little longer: a run left active blocks its job's queue until it expires (20 s), and a
 * stately queue's fetch fails meanwhile. A statement whose connection was ended rolled back, save
 * in the instant between its commit and its answer; sent again it changes only jobs still in the
 * state it expects.
 */
const RECORD_ATTEMPTS = 4;
const RECORD_RETRY_MS = 250;

/**
 * The connection pg-boss works through. It keeps count of the statements under way, so the
 * runner can let them finish before closing it, sends a record of a run's outcome again when its
 * connection was lost, and turns a failure to record it into a logged warning: the job then stays
 * active until it expires, and the queue retries it.
 */
export class QueueConnection {
  private readonly underway = new Set<Promise<unknown>>();

  constructor(
    private readonly connection: SqlConnection,
    private readonly log: FastifyBaseLogger,
  ) {}

  executeSql(text: string, values?: unknown[]): Promise<Result> {
    const answer = RECORDS_OUTCOME.test(text)
      ? this.record(text, values)
      : this.connection.executeSql(text, values);
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    this.underway.add(settled);
    void settled.then(() => this.underway.delete(settled));
    return answer;
  }

  private async record(text: string, values: unknown[] | undefined): Promise<Result> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.connection.executeSql(text, values);
      } catch (error) {
        if (attempt === RECORD_ATTEMPTS || !lostConnectionError(error)) {
          this.log.warn({ err: error }, 'the job queue could not record how a run ended; it will retry it');
          return NOTHING_RECORDED;
        }
        await delay(RECORD_RETRY_MS * attempt);
      }
    }
  }

  /** Runs `work` while no other instance on the database runs work under the same name. */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
    return this.connection.exclusively(name, work);
  }

  /** Waits until no statement is under way, including any the last ones led to, then closes. */
  async close(): Promise<void> {
    for (;;) {
      await nextTurn();
      if (this.underway.size === 0) break;
      await Promise.all(this.underway);
    }
    await this.connection.close();
  }
}
