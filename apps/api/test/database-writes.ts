import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';

/** Per table (schema.table): how many rows have been inserted, updated or deleted in it. */
export type TableWrites = Record<string, number>;

/** Where the counting lives, apart from the app's own schemas. */
const SCHEMA = 'test_writes';

/**
 * Puts a trigger on every table of the database (partitions take their table's) that counts
 * each row inserted, updated or deleted, and each truncation. Counting the writes as they happen
 * is stricter than comparing the tables' contents (a row written with the values it had counts
 * too) and costs a single read, where digesting some ninety tables took 20 ms a look.
 */
async function installCounters(db: Database): Promise<void> {
  await db.execute(sql.raw(`create schema ${SCHEMA}`));
  await db.execute(sql.raw(`create table ${SCHEMA}.counts (name text primary key, writes bigint not null)`));
  await db.execute(
    sql.raw(`
      create function ${SCHEMA}.count_write() returns trigger language plpgsql as $$
      begin
        insert into ${SCHEMA}.counts as c (name, writes) values (tg_table_schema || '.' || tg_table_name, 1)
          on conflict (name) do update set writes = c.writes + 1;
        return null;
      end $$`),
  );
  await db.execute(
    sql.raw(`
      do $$
      declare target record;
      begin
        for target in
          select format('%I.%I', n.nspname, c.relname) as name
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p') and not c.relispartition
             and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', '${SCHEMA}')
        loop
          execute format('create trigger ${SCHEMA}_rows after insert or update or delete on %s
                            for each row execute function ${SCHEMA}.count_write()', target.name);
          execute format('create trigger ${SCHEMA}_truncate after truncate on %s
                            for each statement execute function ${SCHEMA}.count_write()', target.name);
        end loop;
      end $$`),
  );
}

const installed = new WeakMap<Database, Promise<void>>();

/**
 * The rows written to each table so far. The first look installs the counters (the world a test
 * builds before it is not counted); equal answers before and after a request mean it wrote nothing.
 */
export async function tableWrites(db: Database): Promise<TableWrites> {
  let ready = installed.get(db);
  if (!ready) {
    ready = installCounters(db);
    installed.set(db, ready);
  }
  await ready;
  const rows = await queryRows<{ name: string; writes: string | number }>(
    db,
    sql.raw(`select name, writes from ${SCHEMA}.counts`),
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.writes)]));
}

/** The tables written to between two looks, with how many rows, for a readable failure. */
export function writesBetween(before: TableWrites, after: TableWrites): string[] {
  return Object.entries(after)
    .filter(([table, writes]) => writes !== (before[table] ?? 0))
    .map(([table, writes]) => `${table}: ${writes - (before[table] ?? 0)} rows written`);
}
