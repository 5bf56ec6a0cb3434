import type pg from 'pg';

/**
 * Runs `work` while this process holds the PostgreSQL advisory lock named `name`, so instances
 * starting at once on one database take turns at it: two running the migrations, or making the
 * job queue's tables, together fail on each other's half-made tables or deadlock. The lock is held
 * by a connection of its own for the whole of `work`, which may use any other. Should that
 * connection be lost, the server releases the lock with it, and the pool drops the connection
 * when it is released.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch(() => undefined);
    client.release();
  }
}
