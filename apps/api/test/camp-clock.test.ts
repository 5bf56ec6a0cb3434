import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';
import { organizations } from '../src/db/schema.ts';
import { notOverWhereCampIs } from '../src/modules/search/search-conditions.ts';
import { campTodaySql } from '../src/platform/camp-clock.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, type CampHost, campHost } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let seattle: CampHost;
let guam: CampHost;

/** 5 PM on 6 July 2026 in Seattle: 7 July in UTC, and 10 AM on 7 July in Guam. */
const FIVE_PM_SEATTLE = new Date('2026-07-07T00:00:00Z');

async function hostIn(timeZone: string, adminToken: string): Promise<CampHost> {
  const host = await campHost(app, adminToken);
  await db.update(organizations).set({ timeZone }).where(eq(organizations.id, host.orgId));
  return host;
}

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  seattle = await hostIn('America/Los_Angeles', admin.token);
  guam = await hostIn('Pacific/Guam', admin.token);
});

/** Which of the camps pass the condition, by name. */
async function passing(campIds: number[], condition: SQL): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.name from camps c where c.id = any(${`{${campIds.join(',')}}`}::int[]) and ${condition}
      order by c.name`,
  );
  return rows.map((row) => row.name);
}

describe('today where each camp is, in SQL', () => {
  it("reads each camp's today in its organisation's zone", async () => {
    const seattleCamp = await addCamp(app, seattle, { name: 'Seattle camp' });
    const guamCamp = await addCamp(app, guam, { name: 'Guam camp' });
    const rows = await queryRows<{ name: string; today: string }>(
      db,
      sql`select c.name, to_char(${campTodaySql(sql`c.time_zone`, FIVE_PM_SEATTLE)}, 'YYYY-MM-DD') as today
        from camps c where c.id in (${seattleCamp}, ${guamCamp}) order by c.name`,
    );
    expect(rows).toEqual([
      { name: 'Guam camp', today: '2026-07-07' },
      { name: 'Seattle camp', today: '2026-07-06' },
    ]);
  });

  it('keeps a camp whose last day is today where it is, and only that long, in search', async () => {
    const camps = [
      await addCamp(app, seattle, {
        name: 'Seattle, ends 5 July',
        startDate: '2026-07-01',
        endDate: '2026-07-05',
      }),
      await addCamp(app, seattle, {
        name: 'Seattle, ends 6 July',
        startDate: '2026-07-01',
        endDate: '2026-07-06',
      }),
      await addCamp(app, guam, { name: 'Guam, ends 6 July', startDate: '2026-07-01', endDate: '2026-07-06' }),
      await addCamp(app, guam, { name: 'Guam, ends 7 July', startDate: '2026-07-01', endDate: '2026-07-07' }),
      await addCamp(app, seattle, {
        name: 'Seattle, ends 9 July',
        startDate: '2026-07-01',
        endDate: '2026-07-09',
      }),
    ];
    // UTC's date alone (7 July) would drop Seattle's 6 July camp, whose last day is still on
    // there at 5 PM; Guam's 6 July camp is over, as it is already 7 July there.
    expect(await passing(camps, notOverWhereCampIs(sql`c.end_date`, FIVE_PM_SEATTLE))).toEqual([
      'Guam, ends 7 July',
      'Seattle, ends 6 July',
      'Seattle, ends 9 July',
    ]);
  });
});
