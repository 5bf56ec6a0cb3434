import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { testProcessorEvents } from '../src/platform/payments/test-processor/schema.ts';
import { migrationsBefore } from './migrations-before.ts';

const MIGRATION = '0047_test-processor-schema';

const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
const db = drizzle({ client });
const before = migrationsBefore(MIGRATION);
afterAll(async () => {
  await client.close();
  rmSync(before, { recursive: true, force: true });
});

/** What the test processor held in the app's schema: a host's account, a paid subscription, a charge, its refund and payout. */
const PROCESSOR_RECORDS = `
  insert into test_processor_checkout_sessions (id, customer_id, customer_email, client_reference_id,
      description, amount_cents, interval, success_url, cancel_url, status, subscription_id, expires_at)
    values ('cs_test_1', 'cus_test_1', 'host@example.test', '1', 'Campwise Pro', 4900, 'month',
      'http://x/ok', 'http://x/no', 'complete', 'sub_test_1', now() + interval '1 day');
  insert into test_processor_subscriptions (id, customer_id, status, interval, current_period_end, card_brand, card_last4)
    values ('sub_test_1', 'cus_test_1', 'active', 'month', now() + interval '1 month', 'visa', '4242');
  insert into test_processor_events (event_id, type, object_id) values
    ('evt_test_1', 'checkout.session.completed', 'cs_test_1'),
    ('evt_test_2', 'invoice.paid', 'sub_test_1');
  insert into test_processor_payment_methods (id, customer_id, brand, last4, exp_month, exp_year)
    values ('pm_test_1', 'cus_test_2', 'visa', '4242', 12, 2030);
  insert into test_processor_accounts (id, email, business_name, bank_last4, charges_enabled, payouts_enabled)
    values ('acct_test_1', 'host@example.test', 'Sunny Pines', '6789', true, true);
  insert into test_processor_charges (id, customer_id, payment_method_id, amount_cents, description,
      destination_account_id, application_fee_cents, idempotency_key)
    values ('ch_test_1', 'cus_test_2', 'pm_test_1', 15000, 'Lake Camp', 'acct_test_1', 750, 'key-1');
  insert into test_processor_refunds (id, charge_id, amount_cents, application_fee_refund_cents, idempotency_key)
    values ('re_test_1', 'ch_test_1', 5000, 250, 'refund-key-1');
  insert into test_processor_payouts (id, account_id, amount_cents, status, arrival_date, created_at)
    values ('po_test_1', 'acct_test_1', 4000, 'paid', now(), now());
`;

const rows = async (query: string) => (await client.query(query)).rows;

describe(`migration ${MIGRATION}`, () => {
  it("moves the test processor's tables to their own schema with every row, key and constraint", async () => {
    await migrate(db, { migrationsFolder: before });
    await client.exec(PROCESSOR_RECORDS);
    await migrate(db, { migrationsFolder });

    expect(
      await rows(`select table_schema || '.' || table_name as name from information_schema.tables
                   where table_schema = 'test_processor' or table_name like 'test_processor%'
                   order by 1`),
    ).toEqual(
      [
        'accounts',
        'charges',
        'checkout_sessions',
        'events',
        'payment_methods',
        'payouts',
        'refunds',
        'subscriptions',
      ].map((table) => ({ name: `test_processor.${table}` })),
    );
    expect(
      await rows(`select c.id as charge, c.amount_cents, r.id as refund, r.amount_cents as refunded,
                         a.bank_last4, p.amount_cents as paid_out
                    from test_processor.charges c
                    join test_processor.refunds r on r.charge_id = c.id
                    join test_processor.accounts a on a.id = c.destination_account_id
                    join test_processor.payouts p on p.account_id = a.id`),
    ).toEqual([
      {
        charge: 'ch_test_1',
        amount_cents: 15000,
        refund: 're_test_1',
        refunded: 5000,
        bank_last4: '6789',
        paid_out: 4000,
      },
    ]);
    expect(await rows('select subscription_id from test_processor.checkout_sessions')).toEqual([
      { subscription_id: 'sub_test_1' },
    ]);
    expect(await rows('select card_last4 from test_processor.subscriptions')).toEqual([
      { card_last4: '4242' },
    ]);
    expect(await rows('select last4 from test_processor.payment_methods')).toEqual([{ last4: '4242' }]);

    // The events' sequence moved with them: the next event follows the two kept.
    const [next] = await db
      .insert(testProcessorEvents)
      .values({ eventId: 'evt_test_3', type: 'invoice.paid', objectId: 'sub_test_1' })
      .returning({ id: testProcessorEvents.id });
    expect(next?.id).toBe(3);

    expect(
      await rows(`select conname as name from pg_constraint
                   where connamespace = 'test_processor'::regnamespace and contype in ('p', 'u', 'f')
                   order by 1`),
    ).toEqual(
      [
        'accounts_onboarding_token_unique',
        'accounts_pkey',
        'charges_idempotency_key_unique',
        'charges_pkey',
        'checkout_sessions_pkey',
        'events_event_id_unique',
        'events_pkey',
        'payment_methods_pkey',
        'payouts_account_id_accounts_id_fk',
        'payouts_pkey',
        'refunds_charge_id_charges_id_fk',
        'refunds_idempotency_key_unique',
        'refunds_pkey',
        'subscriptions_pkey',
      ].map((name) => ({ name })),
    );
    await expect(
      client.query(`insert into test_processor.refunds (id, charge_id, amount_cents, idempotency_key)
                    values ('re_test_2', 'ch_unknown', 1, 'refund-key-2')`),
    ).rejects.toThrow(/refunds_charge_id_charges_id_fk/);
    await expect(
      client.query(`insert into test_processor.refunds (id, charge_id, amount_cents, idempotency_key)
                    values ('re_test_3', 'ch_test_1', 1, 'refund-key-1')`),
    ).rejects.toThrow(/refunds_idempotency_key_unique/);
    expect(
      await rows(
        `select indexname from pg_indexes where schemaname = 'test_processor' and indexname like '%pending%'`,
      ),
    ).toEqual([{ indexname: 'events_pending_idx' }]);
  });
});
