import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { migrationsBefore } from './migrations-before.ts';

const MIGRATION = '0052_children-gender-optional-youth-sizes';

const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
const db = drizzle({ client });
const before = migrationsBefore(MIGRATION);
afterAll(async () => {
  await client.close();
  rmSync(before, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it("names each child's size as the adult size it was, and lets a gender go unsaid", async () => {
    await migrate(db, { migrationsFolder: before });
    await client.exec(`insert into users (id, user_type, first_name, last_name, email, password_hash)
      values (1, 'camper', 'Pat', 'Parent', 'parent@example.test', 'x')`);
    await client.exec(`insert into children (parent_id, first_name, last_name, gender, shirt_size, birthday) values
      (1, 'Ada', 'Parent', 'female', 'small', '2016-01-01'),
      (1, 'Ben', 'Parent', 'male', 'medium', '2017-01-01'),
      (1, 'Cleo', 'Parent', 'female', 'large', '2018-01-01')`);
    await migrate(db, { migrationsFolder });

    const rows = await client.query<{ first_name: string; gender: string; shirt_size: string }>(
      'select first_name, gender, shirt_size from children order by first_name',
    );
    expect(rows.rows).toEqual([
      { first_name: 'Ada', gender: 'female', shirt_size: 'adult_s' },
      { first_name: 'Ben', gender: 'male', shirt_size: 'adult_m' },
      { first_name: 'Cleo', gender: 'female', shirt_size: 'adult_l' },
    ]);
    await client.exec(`insert into children (parent_id, first_name, last_name, shirt_size, birthday)
      values (1, 'Dee', 'Parent', 'youth_s', '2019-01-01')`);
    const unsaid = await client.query<{ gender: string | null }>(
      `select gender from children where first_name = 'Dee'`,
    );
    expect(unsaid.rows).toEqual([{ gender: null }]);
  });
});
