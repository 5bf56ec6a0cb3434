import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { paymentCustomers, registrations } from '../src/db/schema.ts';
import { testProcessorCharges } from '../src/platform/payments/test-processor/schema.ts';
import { firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp, onPostgres } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectBooksBalance } from './payments-fixtures.ts';
import {
  addCamp,
  addChild,
  birthdayAged,
  type CampHost,
  campHost,
  type Family,
  family,
} from './registration-fixtures.ts';

const CAMP_START = '2030-06-15';
const PARENTS = 40;
const CHILDREN_EACH = 5;
const SPOTS = 10;

let instances: FastifyInstance[];
let db: Database;
let host: CampHost;
let parents: Family[];

beforeAll(async () => {
  // Two API instances on one database; on PostgreSQL each has a connection pool of its own.
  const first = await buildTestApp(ORG_ENV);
  const second = await buildTestApp(ORG_ENV, { ownPool: true });
  instances = [first.app, second.app];
  db = first.db;
  const admin = await createAdmin(first.app, db);
  host = await campHost(first.app, admin.token);
  parents = [];
  for (let index = 0; index < PARENTS; index += 1) {
    const parent = await family(first.app, [9], { day: CAMP_START });
    for (let child = 1; child < CHILDREN_EACH; child += 1) {
      parent.childIds.push(
        await addChild(first.app, parent.token, {
          firstName: `Kid${child}`,
          birthday: birthdayAged(9, CAMP_START),
        }),
      );
    }
    parents.push(parent);
  }
}, 120_000);

// After every charge, refund and move of the load, our records and the processor's agree.
afterAll(() => expectBooksBalance(db));

/** 200 single-child registrations at once, alternating between the two instances. */
async function stampede(campId: number) {
  const attempts = parents.flatMap((parent) => parent.childIds.map((childId) => ({ parent, childId })));
  const started = performance.now();
  const replies = await Promise.all(
    attempts.map(({ parent, childId }, index) =>
      (instances[index % 2] as FastifyInstance).inject({
        method: 'POST',
        url: `/api/camps/${campId}/registrations`,
        headers: bearer(parent.token),
        payload: { childIds: [childId], paymentMethodId: parent.cardId, idempotencyKey: randomUUID() },
      }),
    ),
  );
  const elapsedMs = Math.round(performance.now() - started);
  const byStatus = new Map<string, number>();
  for (const reply of replies) {
    const key =
      reply.statusCode === 201
        ? reply.json<{ data: { status: string } }>().data.status
        : String(reply.statusCode);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  return { attempts: attempts.length, elapsedMs, byStatus };
}

/** Charges made for this camp's payments, and whether the parents were charged for anything else. */
async function chargesFor(campId: number) {
  const [forCamp] = await db
    .select({ n: count(), cents: sql<number>`coalesce(sum(${testProcessorCharges.amountCents}), 0)::int` })
    .from(testProcessorCharges)
    .where(
      sql`${testProcessorCharges.idempotencyKey} in (select 'registration-payment-' || id || '-' || idempotency_key from payments where camp_id = ${campId})`,
    );
  const customers = db
    .select({ id: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(
      inArray(
        paymentCustomers.userId,
        parents.map((parent) => parent.id),
      ),
    );
  const [all] = await db
    .select({ n: count() })
    .from(testProcessorCharges)
    .where(inArray(testProcessorCharges.customerId, customers));
  // Paid places, counted by their charge: one charge pays for a whole basket.
  const [confirmed] = await db
    .select({ n: sql<number>`count(distinct ${registrations.paymentId})::int` })
    .from(registrations)
    .where(
      and(
        eq(registrations.status, 'confirmed'),
        inArray(
          registrations.parentId,
          parents.map((parent) => parent.id),
        ),
      ),
    );
  return { ...forCamp, everyChargeHasAPlace: all?.n === confirmed?.n };
}

async function placesAt(campId: number) {
  const rows = await db
    .select({ status: registrations.status, n: count() })
    .from(registrations)
    .where(eq(registrations.campId, campId))
    .groupBy(registrations.status);
  const session = await firstSession(db, campId);
  return {
    statuses: Object.fromEntries(rows.map((row) => [row.status, row.n])),
    spotsTaken: session.spotsTaken,
  };
}

describe(`${PARENTS * CHILDREN_EACH} simultaneous registrations for ${SPOTS} spots on two instances`, () => {
  it('confirms exactly the spots, refuses the rest, and charges once per confirmed child', async () => {
    const campId = await addCamp(instances[0] as FastifyInstance, host, { spotsAvailable: String(SPOTS) });
    const { attempts, elapsedMs, byStatus } = await stampede(campId);
    console.info(
      `contention (${onPostgres() ? 'PostgreSQL, two pools' : 'PGlite'}): ${attempts} attempts, ${SPOTS} spots, ` +
        `${byStatus.get('confirmed') ?? 0} confirmed, ${byStatus.get('409') ?? 0} refused, ${elapsedMs} ms`,
    );
    expect(Object.fromEntries(byStatus)).toEqual({ confirmed: SPOTS, '409': attempts - SPOTS });
    expect(await placesAt(campId)).toEqual({ statuses: { confirmed: SPOTS }, spotsTaken: SPOTS });
    expect(await chargesFor(campId)).toEqual({ n: SPOTS, cents: SPOTS * 15000, everyChargeHasAPlace: true });
  });

  it('with a waitlist: confirms exactly the spots and waitlists the rest without charging them', async () => {
    // A month of its own: the same children hold places in the first test's camp.
    const campId = await addCamp(instances[0] as FastifyInstance, host, {
      spotsAvailable: String(SPOTS),
      allowsWaitlist: 'true',
      startDate: '2030-07-15',
      endDate: '2030-07-20',
    });
    const { attempts, elapsedMs, byStatus } = await stampede(campId);
    console.info(
      `contention with waitlist: ${attempts} attempts, ${SPOTS} spots, ${byStatus.get('confirmed') ?? 0} confirmed, ` +
        `${byStatus.get('waitlisted') ?? 0} waitlisted, ${elapsedMs} ms`,
    );
    expect(Object.fromEntries(byStatus)).toEqual({ confirmed: SPOTS, waitlisted: attempts - SPOTS });
    expect(await placesAt(campId)).toEqual({
      statuses: { confirmed: SPOTS, waitlisted: attempts - SPOTS },
      spotsTaken: SPOTS,
    });
    expect(await chargesFor(campId)).toEqual({ n: SPOTS, cents: SPOTS * 15000, everyChargeHasAPlace: true });
  });
});

describe(`${PARENTS} simultaneous family baskets over three sessions on two instances`, () => {
  it('never puts a session over its capacity, and charges each basket once, for all of its places', async () => {
    const app = instances[0] as FastifyInstance;
    const campId = await addCamp(app, host, { startDate: '2030-09-02', endDate: '2030-09-06' });
    const weeks = [(await firstSession(db, campId)).id];
    for (const [startDate, endDate] of [
      ['2030-09-09', '2030-09-13'],
      ['2030-09-16', '2030-09-20'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/host/camp/${campId}/sessions`,
        headers: bearer(host.token),
        payload: { name: `Week of ${startDate}`, startDate, endDate, price: '150', capacity: '10' },
      });
      expect(res.statusCode, res.body).toBe(201);
      weeks.push(res.json<{ data: { id: number } }>().data.id);
    }
    // Each basket: two children in two of the three weeks, the pairs named in both orders, so
    // baskets over the same sessions list them differently.
    const pairs = [
      [weeks[0], weeks[1]],
      [weeks[2], weeks[1]],
      [weeks[0], weeks[2]],
      [weeks[1], weeks[0]],
    ] as const;
    const replies = await Promise.all(
      parents.map((parent, index) => {
        const pair = pairs[index % pairs.length] ?? pairs[0];
        const lines = parent.childIds
          .slice(0, 2)
          .flatMap((childId) => pair.map((sessionId) => ({ childId, sessionId: sessionId ?? 0 })));
        return (instances[index % 2] as FastifyInstance).inject({
          method: 'POST',
          url: `/api/camps/${campId}/registrations`,
          headers: bearer(parent.token),
          payload: { lines, paymentMethodId: parent.cardId, idempotencyKey: randomUUID() },
        });
      }),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const confirmedBaskets = statuses.filter((status) => status === 201).length;
    console.info(
      `basket contention: ${PARENTS} baskets of 4 lines over 3 sessions of 10 places, ${confirmedBaskets} placed`,
    );
    for (const sessionId of weeks) {
      const [taken] = await db
        .select({ n: count() })
        .from(registrations)
        .where(and(eq(registrations.sessionId, sessionId ?? 0), eq(registrations.status, 'confirmed')));
      const [row] = await db
        .execute<{ spots_taken: number }>(sql`select spots_taken from camp_sessions where id = ${sessionId}`)
        .then((result) => (result as unknown as { rows: { spots_taken: number }[] }).rows);
      expect(taken?.n ?? 0).toBeLessThanOrEqual(10);
      expect(row?.spots_taken).toBe(taken?.n ?? 0);
    }
    expect(await chargesFor(campId)).toEqual({
      n: confirmedBaskets,
      cents: confirmedBaskets * 4 * 15000,
      everyChargeHasAPlace: true,
    });
    // Baskets are all or nothing: every placed basket holds all four of its places.
    const [placed] = await db
      .select({ n: count() })
      .from(registrations)
      .where(and(eq(registrations.campId, campId), eq(registrations.status, 'confirmed')));
    expect(placed?.n).toBe(confirmedBaskets * 4);
  });
});

describe(`${PARENTS} simultaneous moves into a session of 5 places on two instances`, () => {
  it('moves exactly 5 places, and every difference charged for a move that lost is refunded', async () => {
    const app = instances[0] as FastifyInstance;
    const campId = await addCamp(app, host, {
      startDate: '2030-10-07',
      endDate: '2030-10-11',
      spotsAvailable: '40',
    });
    const weekA = (await firstSession(db, campId)).id;
    const created = await app.inject({
      method: 'POST',
      url: `/host/camp/${campId}/sessions`,
      headers: bearer(host.token),
      payload: {
        name: 'Week B',
        startDate: '2030-10-14',
        endDate: '2030-10-18',
        price: '200',
        capacity: '5',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const weekB = created.json<{ data: { id: number } }>().data.id;
    const placeIds = await Promise.all(
      parents.map(async (parent) => {
        const res = await app.inject({
          method: 'POST',
          url: `/api/camps/${campId}/registrations`,
          headers: bearer(parent.token),
          payload: {
            lines: [{ childId: parent.childIds[0] ?? 0, sessionId: weekA }],
            paymentMethodId: parent.cardId,
            idempotencyKey: randomUUID(),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ data: { registrationIds: number[] } }>().data.registrationIds[0] ?? 0;
      }),
    );
    const replies = await Promise.all(
      parents.map((parent, index) =>
        (instances[index % 2] as FastifyInstance).inject({
          method: 'POST',
          url: `/camper/registrations/${placeIds[index]}/transfer`,
          headers: bearer(parent.token),
          payload: { sessionId: weekB, expectedDifferenceCents: 5000, paymentMethodId: parent.cardId },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const [spots] = await db
      .execute<{ a: number; b: number }>(
        sql`select (select spots_taken from camp_sessions where id = ${weekA}) as a,
                   (select spots_taken from camp_sessions where id = ${weekB}) as b`,
      )
      .then((result) => (result as unknown as { rows: { a: number; b: number }[] }).rows);
    expect(spots).toEqual({ a: PARENTS - 5, b: 5 });
    const [books] = await db
      .execute<{ kept: number; owed: number }>(
        sql`select coalesce(sum(case when status <> 'failed' then amount_cents - refunded_cents else 0 end), 0)::int as kept,
                   coalesce(sum(case when status not in ('succeeded', 'failed', 'refunded') then 1 else 0 end), 0)::int as owed
            from payments where idempotency_key like 'transfer-%' and camp_id = ${campId}`,
      )
      .then((result) => (result as unknown as { rows: { kept: number; owed: number }[] }).rows);
    expect(books).toEqual({ kept: 5 * 5000, owed: 0 });
  });
});
