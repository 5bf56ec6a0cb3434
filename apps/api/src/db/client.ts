import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import * as schema from './schema.ts';

/** The Drizzle database both drivers provide; services only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The API package root, found from this file whether it runs from src/ or from a bundle in dist/. */
function apiPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the API package root');
    dir = parent;
  }
  return dir;
}

export const migrationsFolder = join(apiPackageRoot(), 'src', 'db', 'migrations');

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 20 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const nodePgDb = drizzleNodePg({ client: pool, schema });
    return {
      db: nodePgDb as unknown as Database,
      kind: 'postgres',
      migrate: () => migrateNodePg(nodePgDb, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}
