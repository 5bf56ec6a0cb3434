import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../src/db/client.ts';

/** The migrations up to and including `lastTag`, as a folder the migrator can read. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'campwise-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
const db = drizzle({ client });
const before = migrationsUpTo('0012_email-change-requests');
afterAll(async () => {
  await client.close();
  rmSync(before, { recursive: true, force: true });
});

/** A camp season as it stood before sessions: two camps, places paid, waiting, cancelled and refunded. */
const SEASON = `
  insert into users (id, user_type, first_name, last_name, email, password_hash) values
    (1, 'host', 'Hana', 'Host', 'host@example.test', 'x'),
    (2, 'camper', 'Pat', 'Parent', 'parent@example.test', 'x');
  insert into organizations (id, host_id, name, address, city, state, zip, phone, status)
    values (1, 1, 'Sunny Pines', '1 Pine Rd', 'Austin', 'TX', '78701', '512-555-0100', 'approved');
  insert into camps (id, org_id, name, description, phone, start_date, end_date, min_age, max_age,
      cost_cents, capacity, spots_taken, allows_waitlist) values
    (1, 1, 'Lake Week', 'Canoes.', '512-555-0101', '2030-06-15', '2030-06-20', 6, 12, 15000, 2, 2, true),
    (2, 1, 'Art Week', 'Paint.', '512-555-0102', '2030-07-01', '2030-07-05', 6, 12, 9950, 10, 1, false);
  insert into children (id, parent_id, first_name, last_name, gender, shirt_size, birthday) values
    (1, 2, 'Ada', 'Parent', 'female', 'small', '2021-01-01'),
    (2, 2, 'Ben', 'Parent', 'male', 'small', '2020-01-01'),
    (3, 2, 'Cleo', 'Parent', 'female', 'small', '2019-01-01');
  insert into payments (id, parent_id, camp_id, idempotency_key, provider_payment_method_id,
      provider_customer_id, amount_cents, refunded_cents, status) values
    (1, 2, 1, 'key-1', 'pm', 'cus', 30000, 0, 'succeeded'),
    (2, 2, 2, 'key-2', 'pm', 'cus', 19900, 9950, 'succeeded');
  insert into registrations (camp_id, child_id, parent_id, status, payment_id, amount_cents,
      refunded_cents, waitlisted_at) values
    (1, 1, 2, 'confirmed', 1, 15000, 0, null),
    (1, 2, 2, 'confirmed', 1, 15000, 0, null),
    (1, 3, 2, 'waitlisted', null, 0, 0, now()),
    (2, 1, 2, 'confirmed', 2, 9950, 0, null),
    (2, 2, 2, 'cancelled', 2, 9950, 9950, null);
`;

const BOOKS = `select
    (select count(*) from camps)::int as camps,
    (select count(*) from registrations)::int as registrations,
    (select count(*) from registrations where status in ('confirmed', 'pending_payment', 'offered'))::int as places,
    (select count(*) from payments)::int as payments,
    (select sum(amount_cents) from payments)::int as paid,
    (select sum(refunded_cents) from payments)::int as refunded,
    (select sum(refunded_cents) from registrations)::int as "refundedPlaces"`;

async function rows<T>(query: string): Promise<T[]> {
  return (await client.query<T>(query)).rows;
}

describe('migration 0013: every camp becomes a camp with one session', () => {
  // Two runs of every migration on an embedded database: slow on a busy machine.
  it('moves every place, payment and refund onto the session and loses nothing', {
    timeout: 120_000,
  }, async () => {
    await migrate(db, { migrationsFolder: before });
    await client.exec(SEASON);
    const [booksBefore] = await rows(BOOKS);

    await migrate(db, { migrationsFolder });

    expect((await rows(BOOKS))[0]).toEqual(booksBefore);
    expect(
      await rows(`select camp_id as "campId", name, start_date::text as "startDate", end_date::text as "endDate",
        price_cents as "priceCents", capacity, spots_taken as "spotsTaken", allows_waitlist as "allowsWaitlist", status
        from camp_sessions order by camp_id`),
    ).toEqual([
      {
        campId: 1,
        name: 'Session 1',
        startDate: '2030-06-15',
        endDate: '2030-06-20',
        priceCents: 15000,
        capacity: 2,
        spotsTaken: 2,
        allowsWaitlist: true,
        status: 'scheduled',
      },
      {
        campId: 2,
        name: 'Session 1',
        startDate: '2030-07-01',
        endDate: '2030-07-05',
        priceCents: 9950,
        capacity: 10,
        spotsTaken: 1,
        allowsWaitlist: false,
        status: 'scheduled',
      },
    ]);
    // Every registration sits on the session of its own camp.
    expect(
      await rows(`select count(*)::int as n from registrations r join camp_sessions s on s.id = r.session_id
        where s.camp_id = r.camp_id`),
    ).toEqual([{ n: 5 }]);
    expect(
      await rows(`select id, session_count as "sessionCount", cost_cents as "costCents",
        max_price_cents as "maxPriceCents", capacity from camps order by id`),
    ).toEqual([
      { id: 1, sessionCount: 1, costCents: 15000, maxPriceCents: 15000, capacity: 2 },
      { id: 2, sessionCount: 1, costCents: 9950, maxPriceCents: 9950, capacity: 10 },
    ]);
  });

  it('keeps the camp summary in step as sessions change', async () => {
    await client.exec(`insert into camp_sessions (camp_id, name, start_date, end_date, price_cents, capacity)
      values (2, 'Week 2', '2030-07-08', '2030-07-12', 12500, 8)`);
    expect(
      await rows(`select start_date::text as "startDate", end_date::text as "endDate", cost_cents as "costCents",
        max_price_cents as "maxPriceCents", capacity, session_count as "sessionCount" from camps where id = 2`),
    ).toEqual([
      {
        startDate: '2030-07-01',
        endDate: '2030-07-12',
        costCents: 9950,
        maxPriceCents: 12500,
        capacity: 18,
        sessionCount: 2,
      },
    ]);
    await client.exec(
      `update camp_sessions set status = 'cancelled' where camp_id = 2 and name = 'Session 1'`,
    );
    expect(
      await rows(`select start_date::text as "startDate", cost_cents as "costCents", capacity,
        session_count as "sessionCount" from camps where id = 2`),
    ).toEqual([{ startDate: '2030-07-08', costCents: 12500, capacity: 8, sessionCount: 1 }]);
  });
});
