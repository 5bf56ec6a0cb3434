import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';

/** Lines of one rule printed before the rest are counted: a broken rule often breaks thousands. */
const SHOWN_PER_RULE = 20;

export interface BooksCheck {
  /**
   * Where the money is. The built-in test processor keeps its charges, refunds, balances and
   * payouts in this database, so they are compared with ours; Stripe's are not at hand here, so
   * only our own records are compared with each other.
   */
  processor: PaymentProvider['kind'];
  /** The moment the books are read at, on the clock of the money work (instalments). */
  now: Date;
  /**
   * How long a payment or a refund may stay pending, or a charge owed back unpaid, before it
   * counts as stuck: what reconciliation takes to settle it (see `settleWithinMs`).
   */
  overdueAfterMs: number;
}

/** What reconciliation takes to settle a crash's leftovers: its delay, then a few of its runs. */
export function settleWithinMs(config: { paymentReconcileAfterMs: number; jobIntervalMs: number }): number {
  return config.paymentReconcileAfterMs + 5 * config.jobIntervalMs;
}

/**
 * The books (docs/decisions/027 and 048): our records of every charge and refund against each
 * other and against the processor's. Answers what does not add up, one line each:
 *
 * - the ledger's charges and refunds against the payments' amounts and refunded amounts;
 * - by payout account, the net of its ledger (with the refunds it has not taken yet) against
 *   the processor's balance and payouts;
 * - by charge, what the processor refunded against the payment's refunded amount less the
 *   refunds still owed (pending) or refused (failed), its amount against ours, and any charge the
 *   processor holds that no payment records;
 * - refunds pending longer than reconciliation takes, and refunds the processor refused;
 * - by place, what it paid less what was refunded against the sum of its ledger entries;
 * - places still held in a session cancelled longer ago than reconciliation takes;
 * - payments pending, or owed back, longer than reconciliation takes.
 *
 * The same function serves the tests, the fault script and `npm run books:check`.
 */
export async function booksProblems(db: Database, check: BooksCheck): Promise<string[]> {
  const overdueBefore = new Date(check.now.getTime() - check.overdueAfterMs).toISOString();
  const problems: string[] = [];
  const report = (rule: string, lines: string[]) => {
    problems.push(...lines.slice(0, SHOWN_PER_RULE));
    if (lines.length > SHOWN_PER_RULE) problems.push(`${rule}: ${lines.length - SHOWN_PER_RULE} more`);
  };
  // One snapshot for every rule, so money moving while the books are read (a live server) never
  // shows half of a change as a problem.
  await db.transaction(
    async (tx) => {
      problems.push(...(await ledgerAgainstPayments(tx)));
      if (check.processor === 'test') {
        problems.push(...(await accountsAgainstProcessor(tx)));
        report('charges', await chargesAgainstProcessor(tx, overdueBefore));
      }
      report('refunds', await refundsNotSent(tx, overdueBefore));
      report('places', await placesAgainstLedger(tx));
      report('cancelled sessions', await placesInCancelledSessions(tx, overdueBefore));
      report('payments', await paymentsStuck(tx, overdueBefore));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return problems;
}

/** Every charge and refund recorded on a payment is in the ledger, and nothing else is. */
async function ledgerAgainstPayments(db: Database): Promise<string[]> {
  const [row] = await queryRows<{
    entries_charged: number;
    entries_refunded: number;
    charged: number;
    refunded: number;
  }>(
    db,
    sql`select
      (select coalesce(sum(amount_cents) filter (where kind = 'charge'), 0)::int from payment_entries) as entries_charged,
      (select coalesce(sum(amount_cents) filter (where kind = 'refund'), 0)::int from payment_entries) as entries_refunded,
      coalesce(sum(amount_cents), 0)::int as charged, coalesce(sum(refunded_cents), 0)::int as refunded
      from payments where provider_charge_id is not null and status in ('succeeded', 'refunded')`,
  );
  if (!row) return [];
  const problems: string[] = [];
  if (row.entries_charged !== row.charged)
    problems.push(`entries charge ${row.entries_charged}, payments ${row.charged}`);
  if (row.entries_refunded !== row.refunded)
    problems.push(`entries refund ${row.entries_refunded}, payments ${row.refunded}`);
  return problems;
}

/**
 * By payout account: the net of its charges and refunds is what the processor holds and paid
 * out, once the refunds it has not taken (still owed, or refused) are added back.
 */
async function accountsAgainstProcessor(db: Database): Promise<string[]> {
  const nets = await queryRows<{ accountId: string; netCents: number; unsentCents: number }>(
    db,
    sql`with ledger as (
        select p.provider_destination_account_id as account_id,
          sum(case when e.kind = 'charge' then e.amount_cents - e.fee_cents else -(e.amount_cents - e.fee_cents) end)::int as net
        from payment_entries e join payments p on p.id = e.payment_id
        where p.provider_destination_account_id is not null
        group by 1),
      unsent as (
        select p.provider_destination_account_id as account_id, sum(f.amount_cents - f.fee_cents)::int as cents
        from refunds f join payments p on p.id = f.payment_id
        where f.status in ('pending', 'failed') and p.provider_destination_account_id is not null
        group by 1)
      select coalesce(l.account_id, u.account_id) as "accountId", coalesce(l.net, 0) as "netCents",
        coalesce(u.cents, 0) as "unsentCents"
      from ledger l full join unsent u on u.account_id = l.account_id`,
  );
  // The processor's side, loaded only when its books are checked: a server on Stripe never loads it.
  const { testProcessorLedger } = await import('../../platform/payments/test-processor/test-processor.ts');
  const problems: string[] = [];
  for (const account of await testProcessorLedger(db)) {
    const row = nets.find((each) => each.accountId === account.accountId);
    const net = row?.netCents ?? 0;
    const unsent = row?.unsentCents ?? 0;
    if (net + unsent !== account.balanceCents + account.paidOutCents) {
      problems.push(
        `account ${account.accountId}: our net ${net} and ${unsent} not yet refunded, processor ${account.balanceCents} + ${account.paidOutCents} paid out`,
      );
    }
  }
  return problems;
}

/**
 * By charge: the processor's refunds are the payment's refunded amount less its refunds still
 * owed or refused; the amounts agree; and every charge the processor made is recorded on a
 * payment (one made moments ago may still be on its way to us, so only older ones count).
 */
async function chargesAgainstProcessor(db: Database, overdueBefore: string): Promise<string[]> {
  const rows = await queryRows<{
    charge_id: string;
    payment_id: number | null;
    status: string | null;
    amount: number | null;
    refunded: number | null;
    pending: number | null;
    failed: number | null;
    processor_amount: number | null;
    processor_refunded: number | null;
  }>(
    db,
    sql`with ours as (
        select p.id, p.provider_charge_id as charge_id, p.status, p.amount_cents, p.refunded_cents,
          coalesce(sum(f.amount_cents) filter (where f.status = 'pending'), 0)::int as pending,
          coalesce(sum(f.amount_cents) filter (where f.status = 'failed'), 0)::int as failed
        from payments p left join refunds f on f.payment_id = p.id
        where p.provider_charge_id is not null
        group by p.id),
      theirs as (
        select c.id, c.amount_cents, c.created_at, coalesce(sum(r.amount_cents), 0)::int as refunded
        from test_processor.charges c left join test_processor.refunds r on r.charge_id = c.id
        group by c.id)
      select coalesce(o.charge_id, t.id) as charge_id, o.id as payment_id, o.status,
        o.amount_cents as amount, o.refunded_cents as refunded, o.pending, o.failed,
        t.amount_cents as processor_amount, t.refunded as processor_refunded
      from ours o full join theirs t on t.id = o.charge_id
      where (o.id is null and t.created_at <= ${overdueBefore}::timestamptz)
        or t.id is null
        or t.amount_cents <> o.amount_cents
        or t.refunded <> o.refunded_cents - o.pending - o.failed
      order by 2 nulls first, 1`,
  );
  return rows.map((row) => {
    if (row.payment_id === null)
      return `charge ${row.charge_id}: ${row.processor_amount} at the processor, on no payment of ours`;
    const ours = `charge ${row.charge_id} (payment ${row.payment_id}, ${row.status})`;
    if (row.processor_amount === null) return `${ours}: ${row.amount} on our books, unknown to the processor`;
    if (row.processor_amount !== row.amount)
      return `${ours}: we charged ${row.amount}, the processor ${row.processor_amount}`;
    return (
      `${ours}: the processor refunded ${row.processor_refunded}, we refunded ${row.refunded} ` +
      `of which ${row.pending} pending and ${row.failed} failed`
    );
  });
}

/** Refunds still owed after reconciliation should have sent them, and refunds refused for good. */
async function refundsNotSent(db: Database, overdueBefore: string): Promise<string[]> {
  const rows = await queryRows<{
    id: number;
    payment_id: number;
    registration_id: number | null;
    amount_cents: number;
    status: string;
    attempts: number;
    failure_message: string | null;
    created_at: string;
  }>(
    db,
    sql`select id, payment_id, registration_id, amount_cents, status, attempts, failure_message,
        created_at::text as created_at
      from refunds
      where status = 'failed' or (status = 'pending' and created_at <= ${overdueBefore}::timestamptz)
      order by id`,
  );
  return rows.map((row) => {
    const refund = `refund ${row.id} of ${row.amount_cents} (payment ${row.payment_id}${row.registration_id === null ? '' : `, place ${row.registration_id}`})`;
    return row.status === 'failed'
      ? `${refund}: refused by the processor: ${row.failure_message ?? 'no reason given'}`
      : `${refund}: still pending since ${row.created_at} after ${row.attempts} attempts`;
  });
}

/**
 * By place: what it paid (its basket's share, or on a payment plan its deposit and the parts of
 * the instalments paid, with any move's difference), less what was refunded of it, is the sum of
 * its ledger entries. A place whose charge never succeeded paid nothing.
 */
async function placesAgainstLedger(db: Database): Promise<string[]> {
  const rows = await queryRows<{
    id: number;
    status: string;
    paid: number;
    refunded: number;
    ledger: number;
  }>(
    db,
    sql`with parts as (
        select ip.registration_id, sum(ip.amount_cents)::int as paid
        from instalment_places ip join instalments i on i.id = ip.instalment_id
        where i.status = 'paid' and not ip.cancelled
        group by ip.registration_id),
      ledger as (
        select registration_id,
          sum(case when kind = 'charge' then amount_cents else -amount_cents end)::int as net
        from payment_entries where registration_id is not null
        group by registration_id),
      places as (
        select r.id, r.status, r.refunded_cents,
          case when r.status in ('confirmed', 'cancelled') and p.status in ('succeeded', 'refunded')
            then coalesce(r.deposit_cents + coalesce(parts.paid, 0), r.amount_cents)
            else 0 end as paid
        from registrations r
        left join payments p on p.id = r.payment_id
        left join parts on parts.registration_id = r.id)
      select places.id, places.status, places.paid, places.refunded_cents as refunded,
        coalesce(ledger.net, 0) as ledger
      from places left join ledger on ledger.registration_id = places.id
      where places.paid - places.refunded_cents <> coalesce(ledger.net, 0)
      order by places.id`,
  );
  return rows.map(
    (row) =>
      `place ${row.id} (${row.status}): paid ${row.paid} less ${row.refunded} refunded, ledger ${row.ledger}`,
  );
}

/**
 * Places still held in a session cancelled longer ago than reconciliation takes: each is owed
 * its cancellation (a paid place, its refund), which a crash in the middle of the session's
 * cancellation left undone.
 */
async function placesInCancelledSessions(db: Database, overdueBefore: string): Promise<string[]> {
  const rows = await queryRows<{ id: number; status: string; session_id: number; cancelled_at: string }>(
    db,
    sql`select r.id, r.status, s.id as session_id, s.cancelled_at::text as cancelled_at
      from registrations r join camp_sessions s on s.id = r.session_id
      where s.status = 'cancelled' and s.cancelled_at <= ${overdueBefore}::timestamptz
        and r.status in ('pending_payment', 'confirmed', 'waitlisted', 'offered')
      order by r.id`,
  );
  return rows.map(
    (row) =>
      `place ${row.id} (${row.status}): still held in session ${row.session_id}, cancelled since ${row.cancelled_at}`,
  );
}

/** Payments pending, or owed back, longer than reconciliation takes to settle them. */
async function paymentsStuck(db: Database, overdueBefore: string): Promise<string[]> {
  const rows = await queryRows<{ id: number; status: string; amount_cents: number; since: string }>(
    db,
    sql`select id, status, amount_cents,
        (case when status = 'pending' then created_at else updated_at end)::text as since
      from payments
      where (status = 'pending' and created_at <= ${overdueBefore}::timestamptz)
        or (status = 'refund_due' and updated_at <= ${overdueBefore}::timestamptz)
      order by id`,
  );
  return rows.map((row) =>
    row.status === 'pending'
      ? `payment ${row.id} of ${row.amount_cents}: still pending since ${row.since}`
      : `payment ${row.id} of ${row.amount_cents}: owed back since ${row.since}, not refunded`,
  );
}
