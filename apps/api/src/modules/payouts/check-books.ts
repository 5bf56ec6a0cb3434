import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { paymentEntries } from '../../db/schema.ts';

/**
 * The books of every payout account against our own records (docs/decisions/027): what parents
 * paid equals what hosts kept, the platform's fees and the refunds; and by account, the net of
 * its charges and refunds equals the processor's balance and payouts. Answers what does not add up.
 */
export async function booksProblems(
  db: Database,
  processorLedger: readonly { accountId: string; balanceCents: number; paidOutCents: number }[],
): Promise<string[]> {
  const problems: string[] = [];
  const [paid] = await db
    .select({
      charged: sql<number>`coalesce(sum(${paymentEntries.amountCents}) filter (where ${paymentEntries.kind} = 'charge'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${paymentEntries.amountCents}) filter (where ${paymentEntries.kind} = 'refund'), 0)::int`,
      fees: sql<number>`coalesce(sum(case when ${paymentEntries.kind} = 'charge' then ${paymentEntries.feeCents} else -${paymentEntries.feeCents} end), 0)::int`,
    })
    .from(paymentEntries);
  const [payments] = await queryRows<{ charged: number; refunded: number }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::int as charged, coalesce(sum(refunded_cents), 0)::int as refunded
      from payments where provider_charge_id is not null and status in ('succeeded', 'refunded')`,
  );
  if (paid && payments) {
    if (paid.charged !== payments.charged)
      problems.push(`entries charge ${paid.charged}, payments ${payments.charged}`);
    if (paid.refunded !== payments.refunded)
      problems.push(`entries refund ${paid.refunded}, payments ${payments.refunded}`);
  }
  const nets = await queryRows<{ accountId: string; netCents: number }>(
    db,
    sql`
    select p.provider_destination_account_id as "accountId",
      coalesce(sum(case when e.kind = 'charge' then e.amount_cents - e.fee_cents else -(e.amount_cents - e.fee_cents) end), 0)::int as "netCents"
    from payment_entries e join payments p on p.id = e.payment_id
    where p.provider_destination_account_id is not null
    group by p.provider_destination_account_id`,
  );
  for (const account of processorLedger) {
    const net = nets.find((row) => row.accountId === account.accountId)?.netCents ?? 0;
    if (net !== account.balanceCents + account.paidOutCents) {
      problems.push(
        `account ${account.accountId}: our net ${net}, processor ${account.balanceCents} + ${account.paidOutCents} paid out`,
      );
    }
  }
  return problems;
}
