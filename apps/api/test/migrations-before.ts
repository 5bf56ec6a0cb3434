import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../src/db/client.ts';

/**
 * The migrations before the one tagged `tag`, as a folder the migrator can read: a migration
 * test builds the database as it was, adds rows, then runs the rest. The caller removes it.
 */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'campwise-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration is tagged ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}
