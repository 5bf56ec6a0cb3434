import { randomUUID } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import { addDays } from '@campwise/contract/payment-plans';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { instalments, payments } from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { conflict } from '../../platform/errors.ts';
import { instalmentStatus } from '../payment-plans/index.ts';
import type { PlatformFee } from '../payouts/index.ts';
import { campPayoutAccount, chargeTermsFor } from '../payouts/index.ts';
import type { InstalmentAttempt } from './charge-instalment.ts';

/** How long a claimed attempt belongs to its worker; after that another one finishes it. */
export const ATTEMPT_LEASE_MS = 2 * 60 * 1000;

interface DueRow {
  id: number;
  seq: number;
  status: string;
  parent_id: number | null;
  camp_id: number | null;
  payment_method_id: string;
  customer_id: string;
  deposit_status: string;
  /** Today where the camp is (decision 047). */
  today: string;
}

export type Claim =
  | { kind: 'none' }
  | { kind: 'cancelled' }
  | { kind: 'waiting' }
  | { kind: 'attempt'; attempt: InstalmentAttempt; resumed: boolean };

/** What is left to charge: the parts of places still confirmed and not cancelled. */
export async function liveAmount(db: Database, instalmentId: number): Promise<number> {
  const [row] = await queryRows<{ amount: number }>(
    db,
    sql`select coalesce(sum(ip.amount_cents), 0)::int as amount
      from instalment_places ip join registrations r on r.id = ip.registration_id
      where ip.instalment_id = ${instalmentId} and not ip.cancelled and r.status = 'confirmed'`,
  );
  return row?.amount ?? 0;
}

/** Writes a new attempt (its payment, pending) and marks the instalment as being charged. */
export async function startAttempt(
  db: Database,
  instalment: { id: number; seq: number; parentId: number | null; campId: number | null },
  card: { paymentMethodId: string; customerId: string },
  amountCents: number,
  idempotencyKey: string,
  now: Date,
  leaseMs: number,
  fee: PlatformFee,
): Promise<InstalmentAttempt | null> {
  // Refused while the host cannot be paid: the instalment waits for the next run.
  if (instalment.campId === null) throw conflict(messages.registrationOpensSoon);
  const terms = await chargeTermsFor(db, instalment.campId, amountCents, fee);
  const [payment] = await db
    .insert(payments)
    .values({
      parentId: instalment.parentId,
      campId: instalment.campId,
      idempotencyKey,
      paymentMethodId: card.paymentMethodId,
      customerId: card.customerId,
      amountCents,
      instalmentId: instalment.id,
      ...terms,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!payment) return null;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const moved = await instalmentStatus.move(db, instalment.id, ['scheduled', 'failed'], 'charging', {
    amountCents,
    leaseUntil,
    updatedAt: now,
  });
  // Already charging, its lease run out with no attempt pending: the new attempt takes it over.
  if (!moved) {
    await db
      .update(instalments)
      .set({ amountCents, leaseUntil, updatedAt: now })
      .where(and(eq(instalments.id, instalment.id), eq(instalments.status, 'charging')));
  }
  return {
    paymentId: payment.id,
    idempotencyKey,
    instalmentId: instalment.id,
    seq: instalment.seq,
    amountCents,
    ...card,
    ...terms,
  };
}

/**
 * Claims the next instalment to charge, in its own transaction (FOR UPDATE SKIP LOCKED, so any
 * number of workers share the work): one due today or earlier whose deposit was charged, or one
 * left `charging` by a worker whose lease ran out (resumed under the same payment and key). An
 * instalment with nothing left to charge, or whose deposit never went through, is cancelled.
 */
export async function claimInstalment(
  db: Database,
  now: Date,
  fee: PlatformFee,
  leaseMs = ATTEMPT_LEASE_MS,
): Promise<Claim> {
  // Due on the camp's today; every camp's today is within a day of UTC's, which bounds the scan.
  const utcTomorrow = addDays(now.toISOString().slice(0, 10), 1);
  const today = campTodaySql(
    sql`coalesce((select c.time_zone from camps c where c.id = p.camp_id), 'UTC')`,
    now,
  );
  return db.transaction(async (tx) => {
    const [due] = await queryRows<DueRow>(
      tx,
      sql`select i.id, i.seq, i.status, p.parent_id, p.camp_id, to_char(${today}, 'YYYY-MM-DD') as today,
          p.provider_payment_method_id as payment_method_id, p.provider_customer_id as customer_id,
          d.status as deposit_status
        from instalments i
        join payment_plans p on p.id = i.plan_id
        join payments d on d.id = p.deposit_payment_id
        where ((i.status in ('scheduled', 'failed') and i.next_attempt_on <= ${utcTomorrow}::date
              and i.next_attempt_on <= ${today})
            or (i.status = 'charging' and i.lease_until <= ${now.toISOString()}::timestamptz))
          and d.status <> 'pending'
        order by i.next_attempt_on nulls first, i.id
        limit 1
        for update of i skip locked`,
    );
    if (!due) return { kind: 'none' } as const;
    if (due.status === 'charging') {
      const [pending] = await tx
        .select({
          paymentId: payments.id,
          idempotencyKey: payments.idempotencyKey,
          amountCents: payments.amountCents,
          customerId: payments.customerId,
          paymentMethodId: payments.paymentMethodId,
          destinationAccountId: payments.destinationAccountId,
          applicationFeeCents: payments.applicationFeeCents,
        })
        .from(payments)
        .where(and(eq(payments.instalmentId, due.id), eq(payments.status, 'pending')))
        .orderBy(desc(payments.id))
        .limit(1);
      if (pending) {
        await tx
          .update(instalments)
          .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
          .where(eq(instalments.id, due.id));
        return {
          kind: 'attempt',
          resumed: true,
          attempt: { ...pending, instalmentId: due.id, seq: due.seq },
        } as const;
      }
    }
    const amount = due.deposit_status === 'succeeded' ? await liveAmount(tx, due.id) : 0;
    if (amount === 0) {
      await instalmentStatus.move(tx, due.id, ['scheduled', 'failed', 'charging'], 'cancelled', {
        nextAttemptOn: null,
        leaseUntil: null,
        updatedAt: now,
      });
      return { kind: 'cancelled' } as const;
    }
    // A host whose payout account cannot take charges is not paid (decision 027): the
    // instalment waits a day, and the others go on.
    if (due.camp_id === null || !(await campPayoutAccount(tx, due.camp_id))) {
      await tx
        .update(instalments)
        .set({ nextAttemptOn: addDays(due.today, 1), leaseUntil: null, updatedAt: now })
        .where(eq(instalments.id, due.id));
      return { kind: 'waiting' } as const;
    }
    const attempt = await startAttempt(
      tx,
      { id: due.id, seq: due.seq, parentId: due.parent_id, campId: due.camp_id },
      { paymentMethodId: due.payment_method_id, customerId: due.customer_id },
      amount,
      `instalment-${due.id}-${randomUUID()}`,
      now,
      leaseMs,
      fee,
    );
    if (!attempt) throw new Error('an instalment attempt was not written');
    return { kind: 'attempt', resumed: false, attempt } as const;
  });
}
