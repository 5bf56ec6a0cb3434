import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { withAdvisoryLock } from './advisory-lock.ts';
import {
  type ConnectionErrorReport,
  describeConnectionError,
  handleClientErrors,
} from './connection-loss.ts';
import * as schema from './schema.ts';
import { pgliteConnection, postgresConnection, type SqlConnection } from './sql-connection.ts';

/** The Drizzle database both drivers provide; services only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  migrate(): Promise<void>;
  /**
   * A plain SQL connection to the same database for a library that manages tables of its own
   * (the job queue): a pool of its own on PostgreSQL, the shared connection on PGlite.
   */
  openSqlConnection(applicationName: string): SqlConnection;
  /**
   * Notices on a channel (PostgreSQL LISTEN), each payload to `onNotice` in commit order, and a
   * way to send one on the same connection. On the server a connection of its own, whose loss
   * `onLost` reports (with the connection's error, when it failed); on PGlite the shared
   * connection, which cannot be lost.
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onLost: (error?: Error) => void,
  ): Promise<NoticeChannel>;
  close(): Promise<void>;
}

export interface NoticeChannel {
  notify(payload: string): Promise<void>;
  stop(): Promise<void>;
}

/** A connection of its own that LISTENs on `channel`, kept alive by TCP keepalive. */
async function listenOnServer(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  onLost: (error?: Error) => void,
): Promise<NoticeChannel> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'campwise-notices',
    keepAlive: true,
  });
  let stopping = false;
  // Listening from its creation on: an error without a listener would end the process.
  const lost = (error?: Error) => {
    if (!stopping) onLost(error);
  };
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (notice) => {
    if (notice.channel === channel) onNotice(notice.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  } catch (error) {
    stopping = true;
    await client.end().catch(() => {});
    throw error;
  }
  return {
    notify: async (payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    stop: async () => {
      stopping = true;
      await client.end();
    },
  };
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's files: a second process opening them (a CLI while
 * the server runs) would corrupt them. A lock file with the owner's pid keeps it to one.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  // Beside the data dir, not in it: PostgreSQL owns everything inside.
  const lockFile = `${dataDir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop the server first, or use DATABASE_URL.`,
        );
      }
      // Left behind by a process that is gone (or by this one): take it over.
      rmSync(lockFile, { force: true });
    }
  }
}

export const migrationsFolder = join(apiPackageRoot(), 'src', 'db', 'migrations');

export interface OpenOptions {
  /**
   * For an in-memory embedded database: the files of one dumped earlier (PGlite's
   * `dumpDataDir`) to start from instead of an empty cluster. The tests migrate once and start
   * every file's database from that dump.
   */
  pgliteImage?: Blob;
  /** Where the server's pools tell of a connection they lost (the app's log). */
  log?: { warn(details: object, message: string): void };
}

/** The migrations, run by one instance at a time (docs/decisions/043). */
const MIGRATIONS_LOCK = 'campwise:migrations';

/**
 * What every connection to the server sets for itself. Many short queries at once: parallel
 * workers would only add start-up cost and contend for the same cores, so each query runs on
 * its connection's own process. No JIT: once a table passes a million rows the planner's costs
 * cross its threshold, and compiling a search's expressions took 35-50 ms of a query that
 * runs in less (EXPLAIN ANALYZE at 1,000,000 camps).
 */
export const SERVER_SESSION_SETTINGS: Readonly<Record<string, string>> = {
  max_parallel_workers_per_gather: '0',
  jit: 'off',
};

/** Settings as the `options` of a connection string: `-c name=value` each. */
export function connectionOptions(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
}

/** The extensions the migrations create (`cube`: places near a ZIP, migration 0038). */
export const PGLITE_EXTENSIONS = { cube };

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  if (config.kind === 'postgres') {
    const { log } = options;
    const reportFor =
      (pool: string): ConnectionErrorReport =>
      (error) =>
        log?.warn(
          { pool, dbError: describeConnectionError(error) },
          'a database connection failed; it is dropped and the next statement opens a fresh one',
        );
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 20,
      options: connectionOptions(SERVER_SESSION_SETTINGS),
      // A peer gone without a word (a failover) is found out instead of waited on.
      keepAlive: true,
    });
    handleClientErrors(pool, reportFor('app'));
    const nodePgDb = drizzleNodePg({ client: pool, schema });
    return {
      db: nodePgDb as unknown as Database,
      kind: 'postgres',
      migrate: () =>
        withAdvisoryLock(pool, MIGRATIONS_LOCK, () => migrateNodePg(nodePgDb, { migrationsFolder })),
      openSqlConnection: (applicationName) =>
        postgresConnection(config.url, applicationName, reportFor(applicationName)),
      listen: (channel, onNotice, onLost) => listenOnServer(config.url, channel, onNotice, onLost),
      close: () => pool.end(),
    };
  }
  const releaseLock = config.dataDir ? lockDataDir(config.dataDir) : () => {};
  const client = config.dataDir
    ? new PGlite({ dataDir: config.dataDir, extensions: PGLITE_EXTENSIONS })
    : new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: options.pgliteImage });
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    openSqlConnection: () => pgliteConnection(client),
    listen: async (channel, onNotice) => {
      const stop = await client.listen(channel, onNotice);
      return {
        notify: async (payload) => {
          await client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        stop,
      };
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
