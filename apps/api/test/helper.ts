import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

export interface FileDatabase {
  handle: DatabaseHandle;
  /** The database's name on the PostgreSQL server; null for PGlite. */
  name: string | null;
  /** The PostgreSQL address of the file's database; null for PGlite (one connection only). */
  url: string | null;
  dispose(): Promise<void>;
}

/** Names that mark a database as disposable; anything else might hold real data. */
const TEST_DATABASE_NAME = /test|ci/i;
const POSTGRES_NAME_LIMIT = 63;

function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/**
 * The PostgreSQL server to create test databases on, or null for embedded PGlite. Throws
 * when DATABASE_URL names a database that does not look like a test one, so a run pointed
 * at a real database by mistake stops before touching it.
 */
export function testDatabaseBaseUrl(): string | null {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) return null;
  let name: string;
  try {
    name = databaseNameOf(url);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL; the API tests refuse to run.');
  }
  if (!TEST_DATABASE_NAME.test(name)) {
    throw new Error(
      `DATABASE_URL names the database "${name}", which does not contain "test" or "ci"; ` +
        'the API tests create and drop databases, so they refuse to run against it.',
    );
  }
  return url;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function withAdminClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the test server, named from the base database so its origin is clear;
 * a copy of `template` when given.
 */
export async function createPostgresDatabase(baseUrl: string, template?: string): Promise<FileDatabase> {
  const suffix = `_${randomBytes(6).toString('hex')}`;
  const base = databaseNameOf(baseUrl)
    .toLowerCase()
    .replaceAll(/[^a-z0-9_]/g, '_');
  const name = `${base.slice(0, POSTGRES_NAME_LIMIT - suffix.length)}${suffix}`;
  // FILE_COPY copies a small template faster than the default WAL_LOG.
  const copy = template ? ` TEMPLATE ${quoteIdentifier(template)} STRATEGY FILE_COPY` : '';
  await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}${copy}`));

  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    name,
    url: url.toString(),
    async dispose() {
      await handle.close();
      await dropPostgresDatabase(baseUrl, name);
    },
  };
}

export async function dropPostgresDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdminClient(baseUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
  );
}

/** An embedded database, started from the migrated one the global setup dumped when there is one. */
function createPgliteDatabase(): FileDatabase {
  const imagePath = inject('pgliteImagePath');
  const pgliteImage = imagePath ? new Blob([readFileSync(imagePath)]) : undefined;
  const handle = openDatabase({ kind: 'pglite', dataDir: null }, { pgliteImage });
  return { handle, name: null, url: null, dispose: () => handle.close() };
}

// Vitest gives every test file its own module graph, so this state is per file: all apps a
// file builds share one database, which is disposed of once the file's tests are done.
let fileDatabase: Promise<FileDatabase> | null = null;
let fileDataDir: string | null = null;
const openApps = new Set<FastifyInstance>();

/** A scratch DATA_DIR for whatever the app keeps on disk, so tests never write into the checkout. */
function testDataDir(): string {
  fileDataDir ??= mkdtempSync(join(tmpdir(), 'campwise-test-'));
  return fileDataDir;
}

/** This file's database, made on first use and disposed of by closeTestResources(). */
export function testDatabase(): Promise<FileDatabase> {
  if (!fileDatabase) {
    const baseUrl = testDatabaseBaseUrl();
    fileDatabase = baseUrl
      ? createPostgresDatabase(baseUrl, inject('postgresTemplate') ?? undefined)
      : Promise.resolve(createPgliteDatabase());
  }
  return fileDatabase;
}

/**
 * Builds the real app on this file's test database. Configuration comes only from the
 * overrides (never from the environment of the test run), background jobs do not run, and
 * nothing listens on a port: tests call it through `app.inject`.
 */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    ownPool?: boolean;
    onRoute?: BuildOptions['onRoute'];
    logDestination?: BuildOptions['logDestination'];
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: testDataDir(),
    // Tests change rows directly and read the change back at once; public-answers.test.ts
    // covers answers kept across requests.
    PUBLIC_ANSWER_TTL_MS: '0',
    ...envOverrides,
  });
  const file = await testDatabase();
  // On PostgreSQL an app may have a connection pool of its own, as a second API instance would.
  const ownHandle = options.ownPool && file.url ? openDatabase({ kind: 'postgres', url: file.url }) : null;
  const handle = ownHandle ?? file.handle;
  const app = await buildApp(config, {
    database: handle,
    startJobs: false,
    onRoute: options.onRoute,
    logDestination: options.logDestination,
  });
  if (ownHandle) app.addHook('onClose', () => ownHandle.close());
  openApps.add(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    async close() {
      if (!openApps.delete(app)) return;
      await app.close();
    },
  };
}

/** True when the tests run on the PostgreSQL server (several pools can share a database). */
export const onPostgres = () => testDatabaseBaseUrl() !== null;

/** Closes every app this file left open, then its database (dropping it on PostgreSQL). */
export async function closeTestResources(): Promise<void> {
  const apps = [...openApps];
  openApps.clear();
  await Promise.all(apps.map((app) => app.close()));
  const pending = fileDatabase;
  fileDatabase = null;
  if (pending) await (await pending).dispose();
  if (fileDataDir) rmSync(fileDataDir, { recursive: true, force: true });
  fileDataDir = null;
}

/**
 * For tests that need the PostgreSQL server itself whatever database the run uses (its timers,
 * its connections): the run's DATABASE_URL or the machine's local server, a scratch DATA_DIR,
 * fresh databases, and clean-ups run in reverse once the describe block's tests are done.
 * Call it inside a `describe`.
 */
export function postgresServerScope(name: string) {
  const baseUrl = testDatabaseBaseUrl() ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const dataDir = mkdtempSync(join(tmpdir(), `campwise-${name}-`));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    /** Runs once the block's tests are done, after those added later. */
    cleanup: (step: () => Promise<void>) => cleanups.push(step),
    async freshDatabase(): Promise<FileDatabase> {
      const database = await createPostgresDatabase(baseUrl);
      cleanups.push(() => database.dispose());
      return database;
    },
  };
}
