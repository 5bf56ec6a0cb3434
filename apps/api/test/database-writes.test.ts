import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../src/db/schema.ts';
import { tableWrites, writesBetween } from './database-writes.ts';
import { buildTestApp, type TestApp } from './helper.ts';

// The generated suites judge "a refused request wrote nothing" by these counts.
describe('counting the rows written to each table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sees no write for reads, and every insert, update (even to the same values) and delete', async () => {
    const start = await tableWrites(t.db);
    await t.db.select().from(newsletterSubscribers);
    await t.db.execute(sql`select count(*) from camps`);
    expect(writesBetween(start, await tableWrites(t.db))).toEqual([]);

    await t.db.insert(newsletterSubscribers).values({ email: 'counted@example.com' });
    const inserted = await tableWrites(t.db);
    expect(writesBetween(start, inserted)).toEqual(['public.newsletter_subscribers: 1 rows written']);

    const [row] = await t.db.select().from(newsletterSubscribers);
    await t.db
      .update(newsletterSubscribers)
      .set({ email: row?.email ?? '' })
      .where(eq(newsletterSubscribers.email, 'counted@example.com'));
    const updated = await tableWrites(t.db);
    expect(writesBetween(inserted, updated)).toEqual(['public.newsletter_subscribers: 1 rows written']);

    await t.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'nobody@example.com'));
    expect(writesBetween(updated, await tableWrites(t.db))).toEqual([]);
    await t.db.delete(newsletterSubscribers);
    expect(writesBetween(updated, await tableWrites(t.db))).toEqual([
      'public.newsletter_subscribers: 1 rows written',
    ]);
  });
});
