import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

export function listCategories(db: Database) {
  return db.select({ id: categories.id, text: categories.text }).from(categories).orderBy(asc(categories.id));
}
