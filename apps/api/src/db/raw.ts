import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`, but the shared database
 * type cannot say so; this is the one place that knows.
 */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A JSON value a statement built: the drivers hand it over parsed, or as its text. */
export function fromJson<Value>(value: Value | string): Value {
  return typeof value === 'string' ? (JSON.parse(value) as Value) : value;
}
