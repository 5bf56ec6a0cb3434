import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';

/** Wait before the next try: 30 s, doubling per failure, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

/**
 * A table used as a work queue: rows with `done_column` null and `next_attempt_at` due are
 * work. The table needs `id`, `attempts`-style counter, `next_attempt_at` and `last_error`.
 */
export interface RetryQueue {
  /** The PostgreSQL schema the table is in; absent, the search path's (the app's tables). */
  schema?: string;
  table: string;
  doneColumn: string;
  attemptsColumn: string;
}

const BATCH_SIZE = 20;
const LEASE_SECONDS = 120;

export interface QueueRunResult {
  done: number;
  failed: number;
}

/**
 * Claims due rows with SKIP LOCKED and a lease (so several instances never take the same
 * row), hands each to `handle`, then marks it done or reschedules it with backoff.
 * `handle` answers null on success or a short error text.
 */
export async function processQueue<Row extends { id: number }>(
  db: Database,
  queue: RetryQueue,
  columns: SQL,
  handle: (row: Row) => Promise<string | null>,
  now: Date = new Date(),
): Promise<QueueRunResult> {
  const table = queue.schema
    ? sql`${sql.identifier(queue.schema)}.${sql.identifier(queue.table)}`
    : sql.identifier(queue.table);
  const done = sql.identifier(queue.doneColumn);
  const attempts = sql.identifier(queue.attemptsColumn);
  const at = now.toISOString();
  const claimed = await queryRows<Row & { attempts_so_far: number }>(
    db,
    sql`update ${table}
           set next_attempt_at = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
         where id in (
           select id from ${table}
            where ${done} is null and next_attempt_at <= ${at}::timestamptz
            order by id
            limit ${BATCH_SIZE}
            for update skip locked)
        returning id, ${attempts} as attempts_so_far, ${columns}`,
  );

  const result: QueueRunResult = { done: 0, failed: 0 };
  for (const row of claimed) {
    const error = await handle(row);
    if (error === null) {
      await db.execute(sql`update ${table}
           set ${done} = now(), ${attempts} = ${attempts} + 1, last_error = null
         where id = ${row.id}`);
      result.done += 1;
    } else {
      const tries = row.attempts_so_far + 1;
      await db.execute(sql`update ${table}
           set ${attempts} = ${tries}, last_error = ${error.slice(0, 500)},
               next_attempt_at = ${at}::timestamptz + make_interval(secs => ${retryDelaySeconds(tries)})
         where id = ${row.id}`);
      result.failed += 1;
    }
  }
  return result;
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error ? error.message.slice(0, 200) : fallback;
}
