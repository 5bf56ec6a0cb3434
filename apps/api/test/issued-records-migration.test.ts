import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { migrationsBefore } from './migrations-before.ts';

const MIGRATION = '0042_issued-records-kept-as-issued';

const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
const db = drizzle({ client });
const before = migrationsBefore(MIGRATION);
afterAll(async () => {
  await client.close();
  rmSync(before, { recursive: true, force: true });
});

/** A season as it stood before records kept their names: a charge, its ledger and a signature. */
const SEASON = `
  insert into users (id, user_type, first_name, last_name, email, password_hash) values
    (1, 'host', 'Hana', 'Host', 'host@example.test', 'x'),
    (2, 'camper', 'Łucja', 'Nguyễn', 'lucja@example.test', 'x');
  insert into organizations (id, host_id, name, address, city, state, zip, phone, status)
    values (1, 1, 'Sunny Pines', '1 Pine Rd', 'Austin', 'TX', '78701', '512-555-0100', 'approved');
  insert into camps (id, org_id, name, description, phone, min_age, max_age, cost_cents, capacity, session_count)
    values (1, 1, 'Lake Camp', 'Canoes.', '512-555-0101', 6, 12, 15000, 10, 2);
  insert into camp_sessions (id, camp_id, name, price_cents, capacity) values
    (1, 1, 'Week 2', 15000, 10),
    (2, 1, 'Week 3', 15000, 10);
  insert into payments (id, parent_id, camp_id, idempotency_key, provider_payment_method_id,
      provider_customer_id, amount_cents, status) values
    (1, 2, 1, 'key-1', 'pm', 'cus', 15000, 'succeeded'),
    (2, 2, 1, 'key-2', 'pm', 'cus', 15000, 'failed');
  insert into payment_entries (payment_id, camp_id, session_id, kind, amount_cents, fee_cents) values
    (1, 1, 1, 'charge', 15000, 750),
    (1, 1, null, 'refund', 15000, 750);
  insert into waiver_signatures (camp_id, parent_id, signed_name, title, text, text_hash, ip_address, user_agent)
    values (1, 2, 'Łucja Nguyễn', 'Release', 'I accept the risks.', 'abc', '203.0.113.1', 'Browser');
`;

describe(`migration ${MIGRATION}`, () => {
  it('gives signatures and ledger entries made before it the names of the day, and lists each charge for its receipt', async () => {
    await migrate(db, { migrationsFolder: before });
    await client.exec(SEASON);
    await migrate(db, { migrationsFolder });

    const signatures = await client.query(
      'select camp_name, org_name, parent_name, parent_email from waiver_signatures',
    );
    expect(signatures.rows).toEqual([
      {
        camp_name: 'Lake Camp',
        org_name: 'Sunny Pines',
        parent_name: 'Łucja Nguyễn',
        parent_email: 'lucja@example.test',
      },
    ]);
    const entries = await client.query(
      'select kind, place_name, session_name from payment_entries order by id',
    );
    expect(entries.rows).toEqual([
      { kind: 'charge', place_name: 'Lake Camp (Week 2)', session_name: 'Week 2' },
      { kind: 'refund', place_name: 'Lake Camp', session_name: null },
    ]);
    const listed = await client.query('select payment_id from receipts_to_backfill');
    expect(listed.rows).toEqual([{ payment_id: 1 }]);
  });
});
