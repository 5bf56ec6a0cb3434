import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';

/** Per table (schema.table): its row count and a digest of every row's content. */
export type DatabaseFingerprint = Record<string, string>;

type TableName = { table_schema: string; table_name: string };

/** A test's database keeps the tables its migrations made: read them once per database. */
const tablesOf = new WeakMap<Database, Promise<TableName[]>>();

function appTables(db: Database): Promise<TableName[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = queryRows<TableName>(
      db,
      sql`select table_schema, table_name from information_schema.tables
           where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
           order by table_schema, table_name`,
    );
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * What every table of the app's database holds, in one query cheap enough to take around each
 * batch of requests at test sizes: equal fingerprints mean no row was added, removed or changed.
 */
export async function databaseFingerprint(db: Database): Promise<DatabaseFingerprint> {
  const perTable = (await appTables(db)).map(({ table_schema: schema, table_name: name }) => {
    const table = sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
    return sql`select ${`${schema}.${name}`}::text as name, count(*)::int as rows,
                      md5(string_agg(t::text, '|' order by t::text)) as digest
                 from ${table} t`;
  });
  const rows = await queryRows<{ name: string; rows: number; digest: string | null }>(
    db,
    sql.join(perTable, sql` union all `),
  );
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows} rows, ${row.digest ?? 'empty'}`]));
}

/** The tables whose fingerprint differs, with before and after, for a readable failure. */
export function fingerprintChanges(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...tables]
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table] ?? 'absent'} → ${after[table] ?? 'absent'}`);
}
