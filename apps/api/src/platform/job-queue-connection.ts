import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
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
 * The connection pg-boss works through. It keeps count of the statements under way, so the
 * runner can let them finish before closing it, and it turns a failure to record a run's outcome
 * into a logged warning: the job then stays active until it expires, and the queue retries it.
 */
export class QueueConnection {
  private readonly underway = new Set<Promise<unknown>>();

  constructor(
    private readonly connection: SqlConnection,
    private readonly log: FastifyBaseLogger,
  ) {}

  executeSql(text: string, values?: unknown[]): Promise<Result> {
    const statement = this.connection.executeSql(text, values);
    const answer = RECORDS_OUTCOME.test(text)
      ? statement.catch((error: unknown) => {
          this.log.warn({ err: error }, 'the job queue could not record how a run ended; it will retry it');
          return NOTHING_RECORDED;
        })
      : statement;
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    this.underway.add(settled);
    void settled.then(() => this.underway.delete(settled));
    return answer;
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
