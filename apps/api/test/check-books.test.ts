import type { RegistrationOutcome } from '@campwise/contract/registrations';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, payments, refunds, registrations } from '../src/db/schema.ts';
import { sendOwedRefunds } from '../src/modules/payments/refunds.ts';
import { booksProblems } from '../src/modules/payouts/check-books.ts';
import { RefundRefusedError } from '../src/platform/payments/provider.ts';
import { testProcessorCharges } from '../src/platform/payments/test-processor/schema.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { HOUR_MS } from './payments-fixtures.ts';
import {
  addCamp,
  addSessions,
  book,
  type CampHost,
  campHost,
  type Family,
  family,
} from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;
let parent: Family;
let campId: number;
let week1: number;
let week2: number;
/** The season in small: a place kept, a place cancelled and refunded, a place moved to a cheaper week. */
let keptId: number;
let cancelledId: number;
let movedId: number;

/** Reconciliation's settings in these tests: a refund or payment older than this is stuck. */
const OVERDUE_MS = 60_000;

/** The books now, or as an administrator would read them `laterMs` from now. */
function problems(on: Database = db, laterMs = 0, processor: 'test' | 'stripe' = 'test') {
  return booksProblems(on, { processor, now: new Date(Date.now() + laterMs), overdueAfterMs: OVERDUE_MS });
}

/** A change made only to read the books with it: rolled back whatever happens. */
class RolledBack extends Error {}
async function problemsWith(change: (tx: Database) => Promise<unknown>, laterMs = 0, processor?: 'stripe') {
  let found: string[] = [];
  await db
    .transaction(async (tx) => {
      await change(tx);
      found = await problems(tx, laterMs, processor);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return found;
}

function cancel(registrationId: number) {
  return app.inject({
    method: 'POST',
    url: `/camper/registrations/${registrationId}/cancel`,
    headers: bearer(parent.token),
  });
}

async function refundOf(registrationId: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.registrationId, registrationId));
  if (!row) throw new Error(`place ${registrationId} has no refund`);
  return row;
}

async function paymentOf(registrationId: number) {
  const [row] = await db
    .select({ payment: payments })
    .from(registrations)
    .innerJoin(payments, eq(payments.id, registrations.paymentId))
    .where(eq(registrations.id, registrationId));
  if (!row) throw new Error(`place ${registrationId} has no payment`);
  return row.payment;
}

async function bookWeek1(childIndex: number): Promise<RegistrationOutcome> {
  return book(app, parent, campId, [{ childId: parent.childIds[childIndex] ?? 0, sessionId: week1 }]);
}

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  campId = await addCamp(app, host, { cost: '150', startDate: '2030-06-03', endDate: '2030-06-07' });
  week1 = (await firstSession(db, campId)).id;
  [week2] = (await addSessions(app, host, campId, [
    { name: 'Week 2', startDate: '2030-06-10', endDate: '2030-06-14', price: '100', capacity: '10' },
  ])) as [number];
  parent = await family(app, [8, 9, 10, 11], { day: '2030-06-03' });

  keptId = (await bookWeek1(0)).registrationIds[0] ?? 0;
  cancelledId = (await bookWeek1(1)).registrationIds[0] ?? 0;
  expect((await cancel(cancelledId)).statusCode).toBe(200);
  movedId = (await bookWeek1(2)).registrationIds[0] ?? 0;
  const move = await send(
    app,
    {
      method: 'POST',
      url: `/camper/registrations/${movedId}/transfer`,
      payload: { sessionId: week2, expectedDifferenceCents: -5000 },
    },
    parent.token,
  );
  expect(move.statusCode, move.body).toBe(200);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the books check', () => {
  it('finds nothing wrong with checkouts, a cancellation and a move that were all sent', async () => {
    expect(await problems()).toEqual([]);
    expect(await problems(db, 24 * HOUR_MS)).toEqual([]);
  });

  it('finds a refund we recorded as sent that the processor never made', async () => {
    const { idempotencyKey } = await refundOf(cancelledId);
    const found = await problemsWith((tx) =>
      tx.execute(sql`delete from test_processor.refunds where idempotency_key = ${idempotencyKey}`),
    );
    const payment = await paymentOf(cancelledId);
    expect(found).toEqual([
      expect.stringMatching(
        /^account acct_test_\w+: our net \d+ and 0 not yet refunded, processor \d+ \+ 0 paid out$/,
      ),
      `charge ${payment.chargeId} (payment ${payment.id}, refunded): the processor refunded 0, we refunded 15000 of which 0 pending and 0 failed`,
    ]);
  });

  it('finds a charge the processor made that no payment records, one whose amount differs, and one it never made', async () => {
    const paid = await paymentOf(keptId);
    const moved = await paymentOf(movedId);
    const found = await problemsWith(async (tx) => {
      await tx.insert(testProcessorCharges).values({
        id: 'ch_test_stray',
        customerId: paid.customerId,
        paymentMethodId: paid.paymentMethodId,
        amountCents: 4200,
        description: 'A charge we never recorded',
        idempotencyKey: 'a charge we never recorded',
        createdAt: new Date(Date.now() - 2 * OVERDUE_MS),
      });
      await tx
        .update(testProcessorCharges)
        .set({ amountCents: sql`${testProcessorCharges.amountCents} + 1` })
        .where(eq(testProcessorCharges.id, paid.chargeId ?? ''));
      await tx.update(payments).set({ chargeId: 'ch_test_gone' }).where(eq(payments.id, moved.id));
    });
    expect(found).toEqual([
      // The processor's charge also pays the host's account a cent more than our ledger says.
      expect.stringMatching(
        /^account acct_test_\w+: our net \d+ and 0 not yet refunded, processor \d+ \+ 0 paid out$/,
      ),
      'charge ch_test_stray: 4200 at the processor, on no payment of ours',
      `charge ${paid.chargeId} (payment ${paid.id}, succeeded): we charged ${paid.amountCents}, the processor ${paid.amountCents + 1}`,
      `charge ch_test_gone (payment ${moved.id}, succeeded): 15000 on our books, unknown to the processor`,
    ]);
  });

  it('counts a refund owed during an outage as pending, stuck once reconciliation should have sent it', async () => {
    vi.spyOn(app.payments, 'refund').mockRejectedValue(new Error('the processor is down'));
    const outcome = await bookWeek1(3);
    const registrationId = outcome.registrationIds[0] ?? 0;
    expect((await cancel(registrationId)).statusCode).toBe(200);
    const owed = await refundOf(registrationId);
    expect(owed).toMatchObject({ status: 'pending', attempts: 1 });

    // Owed, not yet late: the processor's refunds plus what is pending are what we refunded.
    expect(await problems()).toEqual([]);
    expect(await problems(db, 2 * OVERDUE_MS)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^refund ${owed.id} of 15000 \\(payment ${owed.paymentId}, place ${registrationId}\\): still pending since .+ after 1 attempts$`,
        ),
      ),
    ]);

    vi.restoreAllMocks();
    expect(await sendOwedRefunds({ db, payments: app.payments }, new Date(), 0)).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await problems(db, 2 * OVERDUE_MS)).toEqual([]);
  });

  it('reports a refund the processor refused for good, at once', async () => {
    const outcome = await bookWeek1(3);
    const registrationId = outcome.registrationIds[0] ?? 0;
    vi.spyOn(app.payments, 'refund').mockRejectedValue(new RefundRefusedError('Charge already disputed'));
    expect((await cancel(registrationId)).statusCode).toBe(200);
    const refused = await refundOf(registrationId);
    expect(refused.status).toBe('failed');
    expect(await problems()).toEqual([
      `refund ${refused.id} of 15000 (payment ${refused.paymentId}, place ${registrationId}): refused by the processor: Charge already disputed`,
    ]);
    // Settled by hand (as an administrator would at the processor) it no longer counts here; the
    // charge's own line then shows the processor's refund against ours.
    vi.restoreAllMocks();
    await db.update(refunds).set({ status: 'sent' }).where(eq(refunds.id, refused.id));
    expect(await problems()).toEqual([
      expect.stringMatching(
        /^account acct_test_\w+: our net \d+ and 0 not yet refunded, processor \d+ \+ 0 paid out$/,
      ),
      expect.stringMatching(/the processor refunded 0, we refunded 15000 of which 0 pending and 0 failed$/),
    ]);
    await app.payments.refund({
      chargeId: refused.chargeId,
      amountCents: refused.amountCents,
      applicationFeeRefundCents: refused.feeCents,
      idempotencyKey: refused.idempotencyKey,
    });
    expect(await problems()).toEqual([]);
  });

  it('finds a place whose paid less refunded differs from its ledger entries', async () => {
    const found = await problemsWith((tx) =>
      tx.update(registrations).set({ refundedCents: 2500 }).where(eq(registrations.id, keptId)),
    );
    expect(found).toEqual([`place ${keptId} (confirmed): paid 15000 less 2500 refunded, ledger 15000`]);
  });

  it('finds a place still held in a session cancelled longer ago than reconciliation takes', async () => {
    const [place] = await db
      .select({ sessionId: registrations.sessionId })
      .from(registrations)
      .where(eq(registrations.id, keptId));
    const cancelled = (tx: Database) =>
      tx
        .update(campSessions)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(campSessions.id, place?.sessionId ?? 0));
    expect(await problemsWith(cancelled)).toEqual([]);
    expect(await problemsWith(cancelled, 2 * OVERDUE_MS)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^place ${keptId} \\(confirmed\\): still held in session ${place?.sessionId}, cancelled since .+$`,
        ),
      ),
    ]);
  });

  it('finds a ledger that disagrees with the payments, and a payout account with the processor', async () => {
    const found = await problemsWith((tx) =>
      tx.execute(sql`delete from payment_entries where registration_id = ${movedId} and kind = 'refund'`),
    );
    expect(found).toEqual([
      expect.stringMatching(/^entries refund \d+, payments \d+$/),
      expect.stringMatching(
        /^account acct_test_\w+: our net \d+ and 0 not yet refunded, processor \d+ \+ 0 paid out$/,
      ),
      `place ${movedId} (confirmed): paid 15000 less 5000 refunded, ledger 15000`,
    ]);
  });

  it('finds payments left pending, or owed back, longer than reconciliation takes', async () => {
    const paid = await paymentOf(keptId);
    const found = await problemsWith(async (tx) => {
      const [stuck] = await tx
        .insert(payments)
        .values({
          parentId: paid.parentId,
          campId,
          idempotencyKey: 'interrupted',
          paymentMethodId: paid.paymentMethodId,
          customerId: paid.customerId,
          amountCents: 15000,
        })
        .returning({ id: payments.id });
      await tx.update(payments).set({ status: 'refund_due' }).where(eq(payments.id, paid.id));
      expect(await problems(tx)).toEqual([
        // A charge owed back is no longer in the ledger's charged payments.
        expect.stringMatching(/^entries charge \d+, payments \d+$/),
        `place ${keptId} (confirmed): paid 0 less 0 refunded, ledger 15000`,
      ]);
      return stuck;
    }, 2 * OVERDUE_MS);
    expect(found).toEqual([
      expect.stringMatching(/^entries charge \d+, payments \d+$/),
      `place ${keptId} (confirmed): paid 0 less 0 refunded, ledger 15000`,
      expect.stringMatching(new RegExp(`^payment ${paid.id} of 15000: owed back since .+, not refunded$`)),
      expect.stringMatching(/^payment \d+ of 15000: still pending since .+$/),
    ]);
  });

  it('with Stripe compares only our own records, the processor’s being elsewhere', async () => {
    const { idempotencyKey } = await refundOf(cancelledId);
    const found = await problemsWith(
      (tx) => tx.execute(sql`delete from test_processor.refunds where idempotency_key = ${idempotencyKey}`),
      0,
      'stripe',
    );
    expect(found).toEqual([]);
    const place = await problemsWith(
      (tx) => tx.update(registrations).set({ refundedCents: 15001 }).where(eq(registrations.id, cancelledId)),
      0,
      'stripe',
    );
    expect(place).toEqual([`place ${cancelledId} (cancelled): paid 15000 less 15001 refunded, ledger 0`]);
  });
});
