import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { withAdvisoryLock } from './advisory-lock.ts';
import { type ConnectionErrorReport, handleClientErrors } from './connection-loss.ts';

/**
 * Plain SQL for a library that keeps tables of its own beside the app's (the job queue): one
 * statement with parameters, or, without parameters, a script of several statements.
 */
export interface SqlConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `work` while no other instance on the database runs work under the same name. */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A small pool of its own on the server, so the library never waits for the app's connections.
 * A connection that fails is dropped and the next statement gets a fresh one.
 */
export function postgresConnection(
  url: string,
  applicationName: string,
  onConnectionError: ConnectionErrorReport,
): SqlConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    application_name: applicationName,
    keepAlive: true,
  });
  handleClientErrors(pool, onConnectionError);
  return {
    executeSql: (text, values) => pool.query(text, values),
    exclusively: (name, work) => withAdvisoryLock(pool, name, work),
    close: () => pool.end(),
  };
}

/**
 * The embedded database has one connection, which the app shares. PGlite's `query` takes one
 * statement with parameters; a script (schema set-up and migration, maintenance) goes through
 * `exec` inside a PGlite transaction, so a script that fails is rolled back before any other
 * query runs and never leaves the shared connection in a failed transaction. The script's own
 * BEGIN and COMMIT nest harmlessly inside. Closing the database is the app's business.
 */
export function pgliteConnection(client: PGlite): SqlConnection {
  return {
    async executeSql(text, values) {
      if (values !== undefined) return client.query(text, values);
      const results = await client.transaction((tx) => tx.exec(text));
      return results.at(-1) ?? { rows: [] };
    },
    // One process owns the embedded database: there is no other instance to wait for.
    exclusively: (_name, work) => work(),
    close: async () => {},
  };
}
