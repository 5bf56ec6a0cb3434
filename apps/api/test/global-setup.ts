import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseBaseUrl } from './helper.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database's files, which each test file starts from. */
    pgliteImagePath: string | null;
    /** A migrated database on the PostgreSQL server, which each test file's database copies. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database before the API suites run, so that each test file starts from a copy
 * instead of running every migration again: a dump of an embedded database, or a template
 * database on the PostgreSQL server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = testDatabaseBaseUrl();
  if (baseUrl) {
    const template = await createPostgresDatabase(baseUrl);
    await prepareDatabase(template.handle);
    // A database being copied must have no one connected to it.
    await template.handle.close();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteImagePath', null);
    const { name } = template;
    return () => (name ? dropPostgresDatabase(baseUrl, name) : Promise.resolve());
  }
  const handle = openDatabase({ kind: 'pglite', dataDir: null });
  await prepareDatabase(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const image = await client.dumpDataDir('none');
  await handle.close();
  const directory = mkdtempSync(join(tmpdir(), 'campwise-test-image-'));
  const path = join(directory, 'migrated.tar');
  writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImagePath', path);
  project.provide('postgresTemplate', null);
  return async () => rmSync(directory, { recursive: true, force: true });
}
