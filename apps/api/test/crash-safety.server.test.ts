import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/raw.ts';
import { chargeDueInstalments } from '../src/modules/instalments/run-instalments.ts';
import type { ChargeInput, PaymentProvider } from '../src/platform/payments/provider.ts';
import { campToday } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { createPostgresDatabase, type FileDatabase, testDatabaseBaseUrl } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectBooksBalance } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, type Family, family } from './registration-fixtures.ts';
import {
  EXIT_TIMEOUT_MS,
  freePort,
  type RunningServer,
  STARTUP_TIMEOUT_MS,
  startServer,
  stopServer,
} from './server-process.ts';

/**
 * Crash safety needs a database that survives SIGKILL, so this file always runs on the
 * PostgreSQL server: the run's DATABASE_URL, or the local server every machine of the project
 * has (the embedded database keeps its pages in memory until it is closed).
 */
const POSTGRES_URL = testDatabaseBaseUrl() ?? 'postgresql://postgres@127.0.0.1:5432/test';
const CAMP_START = '2030-06-15';
const PARENTS = 24;
const SPOTS = 20;

let database: FileDatabase;
let url: string;
let host: CampHost;
let parents: Family[];
const dataDir = mkdtempSync(join(tmpdir(), 'campwise-crash-'));
const running = new Set<RunningServer>();

beforeAll(async () => {
  database = await createPostgresDatabase(POSTGRES_URL);
  url = database.url ?? '';
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ORG_ENV }),
    { database: database.handle, startJobs: false },
  );
  await app.ready();
  const admin = await createAdmin(app, database.handle.db);
  host = await campHost(app, admin.token);
  parents = [];
  for (let index = 0; index < PARENTS; index += 1)
    parents.push(await family(app, [9, 10], { day: CAMP_START }));
  await app.close();
}, 180_000);

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function serve(port: number, logLevel = 'warn'): Promise<RunningServer> {
  const server = await startServer(port, {
    LOG_LEVEL: logLevel,
    ...ORG_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JOB_INTERVAL_MS: '200',
    PAYMENT_RECONCILE_AFTER_MS: '1000',
  });
  running.add(server);
  return server;
}

interface Attempt {
  status: number | 'no reply';
  body: { data?: { status: string; registrationIds: number[] }; code?: string } | null;
  answeredAt?: number;
}

/** Every parent registers each child in its own request, all at once. */
function load(baseUrl: string, campId: number): Promise<Attempt>[] {
  return parents.flatMap((parent) =>
    parent.childIds.map(async (childId): Promise<Attempt> => {
      try {
        const res = await fetch(`${baseUrl}/api/camps/${campId}/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${parent.token}` },
          body: JSON.stringify({
            childIds: [childId],
            paymentMethodId: parent.cardId,
            idempotencyKey: randomUUID(),
          }),
        });
        return {
          status: res.status,
          body: (await res.json()) as Attempt['body'],
          answeredAt: performance.now(),
        };
      } catch {
        return { status: 'no reply', body: null };
      }
    }),
  );
}

const confirmedIds = (attempts: Attempt[]) =>
  attempts.flatMap((attempt) =>
    attempt.status === 201 && attempt.body?.data?.status === 'confirmed'
      ? attempt.body.data.registrationIds
      : [],
  );

/** Resolves when `count` of the attempts have an answer. */
function afterReplies(attempts: Promise<Attempt>[], count: number): Promise<void> {
  let answered = 0;
  return new Promise((resolve) => {
    for (const attempt of attempts) {
      void attempt.then(() => {
        answered += 1;
        if (answered === count) resolve();
      });
    }
  });
}

/** The registration requests the server log shows as taken in, and as answered. */
function requestLog(output: string) {
  const started = new Set<string>();
  const completed = new Set<string>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { reqId?: string; msg?: string; req?: { url?: string } };
    if (!entry.reqId) continue;
    if (entry.msg === 'incoming request' && entry.req?.url?.endsWith('/registrations'))
      started.add(entry.reqId);
    if (entry.msg === 'request completed' && started.has(entry.reqId)) completed.add(entry.reqId);
  }
  return { started, completed };
}

function tally(replies: Attempt[]) {
  const counts = new Map<string, number>();
  for (const reply of replies) counts.set(String(reply.status), (counts.get(String(reply.status)) ?? 0) + 1);
  return counts;
}

async function pendingPayments(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.handle.db,
    sql`select count(*)::int as n from payments where status = 'pending'`,
  );
  return row?.n ?? 0;
}

/** The invariants a crash must not break, as numbers to compare. */
async function consistency(campId: number, seenConfirmed: number[]) {
  const db = database.handle.db;
  const [lost] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from unnest(${`{${seenConfirmed.join(',')}}`}::int[]) as seen(id)
      where not exists (select 1 from registrations r where r.id = seen.id and r.status = 'confirmed')`,
  );
  const [unaccounted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from test_processor.charges c
      join payments p on c.idempotency_key = 'registration-payment-' || p.id || '-' || p.idempotency_key
      where p.camp_id = ${campId}
        and not (p.status = 'succeeded' and exists (select 1 from registrations r where r.payment_id = p.id and r.status = 'confirmed'))
        and not exists (select 1 from test_processor.refunds f where f.charge_id = c.id)`,
  );
  const [spots] = await queryRows<{ taken: number; holding: number; confirmed: number; charged: number }>(
    db,
    sql`select (select sum(cs.spots_taken)::int from camp_sessions cs where cs.camp_id = c.id) as taken,
        (select count(*)::int from registrations r where r.camp_id = c.id and r.status in ('pending_payment', 'confirmed', 'offered')) as holding,
        (select count(*)::int from registrations r where r.camp_id = c.id and r.status = 'confirmed') as confirmed,
        (select count(*)::int from test_processor.charges t join payments p on t.idempotency_key = 'registration-payment-' || p.id || '-' || p.idempotency_key
           where p.camp_id = c.id and p.status = 'succeeded') as charged
      from camps c where c.id = ${campId}`,
  );
  return {
    lostConfirmations: lost?.n,
    chargesWithoutPlaceOrRefund: unaccounted?.n,
    spotsTakenEqualsPlaces: spots?.taken === spots?.holding,
    confirmed: spots?.confirmed,
    confirmedWithinCapacity: (spots?.confirmed ?? 0) <= SPOTS,
    oneChargePerConfirmed: spots?.charged === spots?.confirmed,
  };
}

async function settle(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await pendingPayments()) > 0 && Date.now() < deadline)
    await new Promise((done) => setTimeout(done, 250));
}

describe('a server killed in the middle of a registration and payment load', () => {
  it(
    'loses no confirmed registration and leaves no charge without its registration or a refund',
    async () => {
      const campId = await campIdFor();
      const port = await freePort();
      const first = await serve(port);
      const attempts = load(first.baseUrl, campId);
      // Kill once a few payments are complete: others are taking spots or being charged.
      await afterReplies(attempts, 5);
      first.child.kill('SIGKILL');
      const replies = await Promise.all(attempts);
      const seen = confirmedIds(replies);

      const second = await serve(port);
      await settle();
      const result = await consistency(campId, seen);
      console.info(
        `crash test: ${replies.length} attempts, ${replies.filter((reply) => reply.status !== 'no reply').length} answered before SIGKILL, ` +
          `${seen.length} seen confirmed, ${result.confirmed} confirmed after restart and reconciliation`,
      );
      expect(result).toEqual({
        lostConfirmations: 0,
        chargesWithoutPlaceOrRefund: 0,
        spotsTakenEqualsPlaces: true,
        confirmed: expect.any(Number),
        confirmedWithinCapacity: true,
        oneChargePerConfirmed: true,
      });
      expect(await pendingPayments()).toBe(0);
      await expectBooksBalance(database.handle.db);
      expect(await stopServer(second)).toBe(0);
    },
    2 * STARTUP_TIMEOUT_MS + 60_000,
  );

  it(
    'finishes in-flight requests on SIGTERM before it exits',
    async () => {
      const campId = await campIdFor();
      const server = await serve(await freePort(), 'info');
      const attempts = load(server.baseUrl, campId);
      await Promise.race(attempts);
      const signalledAt = performance.now();
      const exited = stopServer(server);
      const replies = await Promise.all(attempts);
      expect(await exited).toBe(0);
      console.info(`SIGTERM test: ${JSON.stringify(Object.fromEntries(tally(replies)))}`);
      // Every request the server took in was answered in full, most of them after the signal;
      // requests that came later were turned away: no connection, or Fastify's own 503 while
      // closing, sent before any hook runs (so never logged) and without our error code.
      const { started, completed } = requestLog(server.output());
      expect(completed).toEqual(started);
      const answered = replies.filter((reply) => reply.status !== 'no reply');
      const turnedAway = answered.filter((reply) => reply.status === 503 && reply.body?.code === undefined);
      expect(answered.length - turnedAway.length).toBe(started.size);
      expect(answered.filter((reply) => (reply.answeredAt ?? 0) > signalledAt).length).toBeGreaterThan(0);
      for (const reply of answered) expect([201, 409, 503]).toContain(reply.status);
      const result = await consistency(campId, confirmedIds(replies));
      expect(result).toMatchObject({
        lostConfirmations: 0,
        chargesWithoutPlaceOrRefund: 0,
        spotsTakenEqualsPlaces: true,
      });
      expect(result.confirmed).toBe(SPOTS);
      expect(await pendingPayments()).toBe(0);
      await expectBooksBalance(database.handle.db);
    },
    STARTUP_TIMEOUT_MS + EXIT_TIMEOUT_MS + 60_000,
  );
});

// ---------------------------------------------------------------------------------------------
// Refunds (docs/decisions/046): recorded as owed in the cancellation's transaction, sent after it.

/** The place's refund as we recorded it, and the refunds the processor made of its charge. */
async function refundBooks(registrationId: number) {
  const db = database.handle.db;
  const ours = await queryRows<{
    id: number;
    status: string;
    charge_id: string;
    key: string;
    amount: number;
  }>(
    db,
    sql`select id, status, provider_charge_id as charge_id, idempotency_key as key, amount_cents as amount
      from refunds where registration_id = ${registrationId}`,
  );
  const processor = await queryRows<{ key: string; amount: number }>(
    db,
    sql`select r.idempotency_key as key, r.amount_cents as amount from test_processor.refunds r
      join payments p on p.provider_charge_id = r.charge_id
      join registrations g on g.payment_id = p.id
      where g.id = ${registrationId}`,
  );
  return { ours, processor };
}

describe('a server killed between a cancellation and its refund', () => {
  it(
    'leaves the refund owed, and reconciliation sends it once after the restart',
    async () => {
      const campId = await campIdFor();
      const [parent] = parents;
      if (!parent) throw new Error('no parent');
      const app = await buildApp(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ORG_ENV }),
        { database: database.handle, startJobs: false },
      );
      await app.ready();
      const booked = await app.inject({
        method: 'POST',
        url: `/api/camps/${campId}/registrations`,
        headers: { authorization: `Bearer ${parent.token}` },
        payload: {
          childIds: [parent.childIds[0]],
          paymentMethodId: parent.cardId,
          idempotencyKey: randomUUID(),
        },
      });
      await app.close();
      expect(booked.statusCode, booked.body).toBe(201);
      const registrationId = booked.json<{ data: { registrationIds: number[] } }>().data.registrationIds[0];
      const [charge] = await queryRows<{ id: string }>(
        database.handle.db,
        sql`select p.provider_charge_id as id from payments p join registrations r on r.payment_id = p.id
          where r.id = ${registrationId}`,
      );

      // The processor takes a refund with its charge locked: holding that lock keeps the server
      // waiting in the refund, after the cancellation committed, until it is killed there.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from test_processor.charges where id = $1 for update', [charge?.id]);
      const port = await freePort();
      const first = await serve(port);
      const cancelling = fetch(`${first.baseUrl}/camper/registrations/${registrationId}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${parent.token}` },
      }).then(
        (res) => res.status,
        () => 'no reply' as const,
      );
      const waitingInRefund = async () => {
        const [row] = await queryRows<{ owed: number; waiting: number }>(
          database.handle.db,
          sql`select
            (select count(*)::int from refunds where registration_id = ${registrationId} and status = 'pending') as owed,
            (select count(*)::int from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock') as waiting`,
        );
        return (row?.owed ?? 0) > 0 && (row?.waiting ?? 0) > 0;
      };
      const deadline = Date.now() + 30_000;
      while (!(await waitingInRefund()) && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 20));
      first.child.kill('SIGKILL');
      expect(await cancelling).toBe('no reply');
      await holder.query('rollback');
      await holder.end();

      const killed = await refundBooks(registrationId ?? 0);
      expect(killed.ours).toEqual([expect.objectContaining({ status: 'pending', amount: 15000 })]);
      expect(killed.processor).toEqual([]);

      const second = await serve(port);
      const settled = Date.now() + 30_000;
      while ((await refundBooks(registrationId ?? 0)).ours[0]?.status === 'pending' && Date.now() < settled)
        await new Promise((done) => setTimeout(done, 100));
      const after = await refundBooks(registrationId ?? 0);
      const key = killed.ours[0]?.key;
      expect(after.ours).toEqual([expect.objectContaining({ status: 'sent', amount: 15000, key })]);
      expect(after.processor).toEqual([{ key, amount: 15000 }]);
      await expectBooksBalance(database.handle.db);
      expect(await stopServer(second)).toBe(0);
      // Stopped, nothing can send it again: still exactly one refund at the processor.
      expect((await refundBooks(registrationId ?? 0)).processor).toEqual([{ key, amount: 15000 }]);
    },
    2 * STARTUP_TIMEOUT_MS + 60_000,
  );
});

// ---------------------------------------------------------------------------------------------
// Instalments (decision 026): a charge interrupted between the processor and our record.

interface PlanBookings {
  campId: number;
  /** Days from today to the first instalment's due date. */
  daysToFirstDue: number;
}

/**
 * A camp that takes a deposit, and every parent's first child booked on a plan of two
 * instalments, through a short-lived in-process app.
 */
async function planBookings(startDate: string, endDate: string): Promise<PlanBookings> {
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ORG_ENV }),
    { database: database.handle, startJobs: false },
  );
  await app.ready();
  try {
    const campId = await addCamp(app, host, {
      spotsAvailable: String(PARENTS),
      startDate,
      endDate,
    });
    const plan = { depositCents: 5000, balanceDueDays: 14, maxInstalments: 2, onFinalFailure: 'keep' };
    const set = await app.inject({
      method: 'PUT',
      url: `/host/camp/${campId}/payment-plan`,
      headers: { authorization: `Bearer ${host.token}` },
      payload: { plan },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [session] = await queryRows<{ id: number }>(
      database.handle.db,
      sql`select id from camp_sessions where camp_id = ${campId}`,
    );
    for (const parent of parents) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/camps/${campId}/registrations`,
        headers: { authorization: `Bearer ${parent.token}` },
        payload: {
          lines: [{ childId: parent.childIds[0], sessionId: session?.id }],
          paymentMethodId: parent.cardId,
          plan: { instalments: 2 },
          idempotencyKey: randomUUID(),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [first] = await queryRows<{ due: string }>(
      database.handle.db,
      sql`select min(i.due_date)::text as due from instalments i join payment_plans p on p.id = i.plan_id
        where p.camp_id = ${campId}`,
    );
    const today = campToday();
    const daysToFirstDue = Math.round(
      (Date.parse(`${first?.due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
    );
    return { campId, daysToFirstDue };
  } finally {
    await app.close();
  }
}

/** Charges at the processor for the camp's instalment attempts, and what our books say of them. */
async function instalmentBooks(campId: number) {
  const [row] = await queryRows<{
    due: number;
    paid: number;
    in_flight: number;
    charges: number;
    charges_unrecorded: number;
    double_charged: number;
  }>(
    database.handle.db,
    sql`with attempts as (
        select p.*, c.id as charge_id from payments p
        join instalments i on i.id = p.instalment_id join payment_plans pl on pl.id = i.plan_id
        left join test_processor.charges c on c.idempotency_key = 'instalment-payment-' || p.id || '-' || p.idempotency_key
        where pl.camp_id = ${campId})
      select
        (select count(*)::int from instalments i join payment_plans pl on pl.id = i.plan_id
          where pl.camp_id = ${campId} and i.seq = 1) as due,
        (select count(*)::int from instalments i join payment_plans pl on pl.id = i.plan_id
          where pl.camp_id = ${campId} and i.seq = 1 and i.status = 'paid') as paid,
        (select count(*)::int from attempts where status = 'pending') as in_flight,
        (select count(charge_id)::int from attempts) as charges,
        (select count(*)::int from attempts where charge_id is not null and status <> 'succeeded') as charges_unrecorded,
        (select count(*)::int from (select instalment_id from attempts where charge_id is not null
          group by instalment_id having count(*) > 1) twice) as double_charged`,
  );
  return row;
}

describe('an instalment charge interrupted between the processor and our record', () => {
  it('settles a charge the processor made before the worker died, and charges once an attempt it never sent', async () => {
    const { campId, daysToFirstDue } = await planBookings('2030-12-02', '2030-12-06');
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ORG_ENV }),
      { database: database.handle, startJobs: false },
    );
    await app.ready();
    try {
      const due = new Date(Date.now() + daysToFirstDue * 86_400_000);
      let calls = 0;
      // The process dies right after the processor's answer (odd calls) or right before it asks
      // (even calls): either way nothing of it is recorded.
      const dying: PaymentProvider = Object.create(app.payments, {
        chargeCard: {
          value: async (input: ChargeInput) => {
            calls += 1;
            if (calls % 2 === 1) await app.payments.chargeCard(input);
            throw new Error('the worker died');
          },
        },
      });
      const deps = {
        db: database.handle.db,
        payments: dying,
        publicUrl: app.config.publicUrl,
        platformFee: app.config.platformFee,
      };
      await chargeDueInstalments(deps, due, 1000);
      const interrupted = await instalmentBooks(campId);
      expect(interrupted).toMatchObject({ paid: 0, in_flight: 1, charges: 1, charges_unrecorded: 1 });

      // Every worker after the lease: the attempt in flight is found at the processor and recorded;
      // the rest are charged.
      for (let run = 0; run < PARENTS + 1; run += 1) {
        await chargeDueInstalments(
          { ...deps, payments: dying },
          new Date(due.getTime() + 2000 * (run + 1)),
          1000,
        );
      }
      await chargeDueInstalments(
        { ...deps, payments: app.payments },
        new Date(due.getTime() + 2000 * (PARENTS + 3)),
        1000,
      );
      expect(await instalmentBooks(campId)).toEqual({
        due: PARENTS,
        paid: PARENTS,
        in_flight: 0,
        charges: PARENTS,
        charges_unrecorded: 0,
        double_charged: 0,
      });
    } finally {
      await app.close();
    }
  });
  it(
    'is recorded once after a restart, never charged twice, through a SIGKILL in the middle of the job',
    async () => {
      const { campId, daysToFirstDue } = await planBookings('2030-11-04', '2030-11-08');
      const port = await freePort();
      const first = await serve(port);
      // The journeys' clock: move it to the first due date, which runs the job in the request.
      const moving = fetch(`${first.baseUrl}/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ days: daysToFirstDue }),
      }).catch(() => null);
      const deadline = Date.now() + 30_000;
      while (((await instalmentBooks(campId))?.charges ?? 0) < 3 && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 20));
      first.child.kill('SIGKILL');
      await moving;
      const killed = await instalmentBooks(campId);

      // The restarted server's clock starts at now again: moved again, a day further, past the
      // attempts' leases (an attempt the kill caught between its claim and the processor waits
      // out its lease; moved only as far as before, it was still held, now and then).
      const second = await serve(port);
      await new Promise((done) => setTimeout(done, 1500));
      const again = await fetch(`${second.baseUrl}/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ days: daysToFirstDue + 1 }),
      });
      expect(again.status).toBe(200);
      // The server's own scheduled run may be finishing an attempt beside the request's run, or
      // start one after it once a lease the kill left runs out: the books are read once every due
      // instalment is settled (or the wait ends), not at the first moment none is in flight.
      const settled = Date.now() + 30_000;
      for (;;) {
        const books = await instalmentBooks(campId);
        if ((books?.in_flight === 0 && books.paid === books.due) || Date.now() >= settled) break;
        await new Promise((done) => setTimeout(done, 100));
      }
      const after = await instalmentBooks(campId);
      console.info(
        `instalment crash test: ${killed?.charges} charged and ${killed?.paid} recorded when killed, ` +
          `${after?.paid} of ${after?.due} paid after restart`,
      );
      expect(after).toEqual({
        due: PARENTS,
        paid: PARENTS,
        in_flight: 0,
        charges: PARENTS,
        charges_unrecorded: 0,
        double_charged: 0,
      });
      expect(await stopServer(second)).toBe(0);
    },
    2 * STARTUP_TIMEOUT_MS + 60_000,
  );
});

/** A fresh camp with SPOTS places, made through a short-lived in-process app. */
let campsMade = 0;

/**
 * A camp for one test. The same children register at each, so each runs in its own month: a
 * child cannot hold places in two camps at the same time.
 */
async function campIdFor(): Promise<number> {
  campsMade += 1;
  const month = String(5 + campsMade).padStart(2, '0');
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ORG_ENV }),
    { database: database.handle, startJobs: false },
  );
  await app.ready();
  try {
    return await addCamp(app, host, {
      spotsAvailable: String(SPOTS),
      startDate: `2030-${month}-15`,
      endDate: `2030-${month}-20`,
    });
  } finally {
    await app.close();
  }
}
