import { rmSync } from 'node:fs';
import { timeZoneOfZip } from '@campwise/contract/time-zones';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { migrationsBefore } from './migrations-before.ts';

const MIGRATION = '0044_each-camp-on-its-own-clock';

const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
const db = drizzle({ client });
const before = migrationsBefore(MIGRATION);
afterAll(async () => {
  await client.close();
  rmSync(before, { recursive: true, force: true });
});

/** One organisation for every three-digit prefix, and the ZIPs that differ from their prefix. */
const ZIPS = [
  ...Array.from({ length: 1000 }, (_, prefix) => `${String(prefix).padStart(3, '0')}42`),
  '96799',
  '99546',
  '99547',
];

describe(`migrations from ${MIGRATION} on`, () => {
  it("gives every organisation made before it the zone its ZIP most likely keeps, as a new one's default", async () => {
    await migrate(db, { migrationsFolder: before });
    await client.exec(`insert into users (id, user_type, first_name, last_name, email, password_hash)
      values (1, 'host', 'Hana', 'Host', 'host@example.test', 'x')`);
    await client.query(
      `insert into organizations (host_id, name, address, city, state, zip, phone, status)
        select 1, 'Org ' || zip, '1 Pine Rd', 'Town', 'TX', zip, '512-555-0100', 'approved'
        from unnest($1::text[]) as zip`,
      [ZIPS],
    );
    await client.exec(`insert into camps (org_id, name, description, phone, min_age, max_age, cost_cents, capacity)
      select id, 'Camp of ' || zip, 'Canoes.', '512-555-0101', 6, 12, 15000, 10 from organizations
      where zip in ('98142', '80242')`);
    await migrate(db, { migrationsFolder });

    const rows = await client.query<{ zip: string; time_zone: string }>(
      'select zip, time_zone from organizations order by id',
    );
    expect(rows.rows.map((row) => [row.zip, row.time_zone])).toEqual(
      ZIPS.map((zip) => [zip, timeZoneOfZip(zip)]),
    );
    const column = await client.query<{ is_nullable: string }>(
      `select is_nullable from information_schema.columns where table_name = 'organizations' and column_name = 'time_zone'`,
    );
    expect(column.rows).toEqual([{ is_nullable: 'NO' }]);
  });

  it("keeps each camp on its organisation's zone: camps made before, new camps, and when the zone changes", async () => {
    const zones = async () =>
      (
        await client.query<{ name: string; time_zone: string }>(
          'select name, time_zone from camps order by name',
        )
      ).rows;
    expect(await zones()).toEqual([
      { name: 'Camp of 80242', time_zone: 'America/Denver' },
      { name: 'Camp of 98142', time_zone: 'America/Los_Angeles' },
    ]);
    await client.exec(`insert into camps (org_id, name, description, phone, min_age, max_age, cost_cents, capacity)
      select id, 'Camp of ' || zip, 'Canoes.', '512-555-0101', 6, 12, 15000, 10 from organizations
      where zip = '96842'`);
    await client.exec(`update organizations set time_zone = 'America/Boise' where zip = '80242'`);
    // A camp cannot be set apart from its organisation.
    await client.exec(`update camps set time_zone = 'Pacific/Guam' where name = 'Camp of 98142'`);
    expect(await zones()).toEqual([
      { name: 'Camp of 80242', time_zone: 'America/Boise' },
      { name: 'Camp of 96842', time_zone: 'Pacific/Honolulu' },
      { name: 'Camp of 98142', time_zone: 'America/Los_Angeles' },
    ]);
  });
});
