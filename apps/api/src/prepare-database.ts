import { CATEGORIES } from '@campwise/contract/categories';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './db/client.ts';
import { categories } from './db/schema.ts';
import { issueBackfilledReceipts } from './modules/receipts/index.ts';

/**
 * Applies pending migrations, then makes the reference data match the contract and issues the
 * receipts of charges made before receipts were kept (once; docs/decisions/045).
 */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await handle.db
    .insert(categories)
    .values(CATEGORIES.map((category) => ({ ...category })))
    .onConflictDoUpdate({ target: categories.id, set: { text: sql`excluded.text` } });
  await issueBackfilledReceipts(handle.db);
}
