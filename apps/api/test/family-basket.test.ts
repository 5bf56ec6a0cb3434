import { randomUUID } from 'node:crypto';
import type { Quote } from '@campwise/contract/baskets';
import type { BasketCheckout, FamilyBasket } from '@campwise/contract/family-basket';
import { MAX_BASKET_SESSIONS } from '@campwise/contract/family-basket';
import { messages } from '@campwise/contract/messages';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { basketSessions, campSessions, camps, payments, registrations } from '../src/db/schema.ts';
import { testProcessorCharges } from '../src/platform/payments/test-processor/schema.ts';
import { firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectBooksBalance, expectError } from './payments-fixtures.ts';
import {
  addCamp,
  addSessions,
  type CampHost,
  campHost,
  type Family,
  family,
} from './registration-fixtures.ts';

const CAMP_DAY = '2030-06-15';
const DECLINES_CHARGES = '4000 0000 0000 0341';

let app: FastifyInstance;
let db: Database;
let adminToken: string;
let riverside: CampHost;
let hilltop: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  ({ token: adminToken } = await createAdmin(app, db));
  riverside = await campHost(app, adminToken);
  hilltop = await campHost(app, adminToken);
});

afterAll(() => expectBooksBalance(db));

/** A camp of two weeks ($150 and $200) at the host's organisation. */
async function twoWeeks(host: CampHost) {
  const campId = await addCamp(app, host, { startDate: '2030-06-03', endDate: '2030-06-07' });
  const week1 = (await firstSession(db, campId)).id;
  const [week2] = (await addSessions(app, host, campId, [
    { name: 'Week 2', startDate: '2030-06-10', endDate: '2030-06-14', price: '200', capacity: '10' },
  ])) as [number];
  return { campId, week1, week2 };
}

function call(parent: Family, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url, headers: bearer(parent.token), ...(payload ? { payload } : {}) });
}

async function put(parent: Family, sessionId: number, childIds: number[]): Promise<FamilyBasket> {
  const res = await call(parent, 'PUT', `/camper/basket/sessions/${sessionId}`, { childIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FamilyBasket }>().data;
}

async function quoted(parent: Family, campId: number, lines: { childId: number; sessionId: number }[]) {
  const res = await call(parent, 'POST', `/api/camps/${campId}/quote`, { lines });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Quote }>().data;
}

/** The basket's camps as the checkout page sends them, at the prices it was shown. */
async function checkoutBody(parent: Family, basket: FamilyBasket) {
  const camps = [];
  for (const camp of basket.camps) {
    const lines = camp.sessions.flatMap((session) =>
      session.childIds.map((childId) => ({ childId, sessionId: session.sessionId })),
    );
    camps.push({
      campId: camp.campId,
      lines,
      expectedTotalCents: (await quoted(parent, camp.campId, lines)).totalCents,
    });
  }
  return { camps, paymentMethodId: parent.cardId, idempotencyKey: randomUUID() };
}

async function chargeCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(testProcessorCharges);
  return row?.n ?? 0;
}

describe('the family basket', () => {
  it('holds sessions of two organisations, each with its own children, and pays for them with one press', async () => {
    const river = await twoWeeks(riverside);
    const hill = await twoWeeks(hilltop);
    const parent = await family(app, [9, 10], { day: CAMP_DAY });
    const [ada, ben] = parent.childIds as [number, number];

    await put(parent, river.week1, [ada]);
    await put(parent, hill.week2, []);
    const basket = await put(parent, hill.week2, [ben]);
    expect(basket.sessionCount).toBe(2);
    expect(
      basket.camps.map((camp) => [camp.campId, camp.sessions.map((s) => [s.sessionId, s.childIds])]),
    ).toEqual([
      [river.campId, [[river.week1, [ada]]]],
      [hill.campId, [[hill.week2, [ben]]]],
    ]);
    // The basket follows the parent: read again, it is the same.
    const again = await call(parent, 'GET', '/camper/basket');
    expect(again.json<{ data: FamilyBasket }>().data).toEqual(basket);

    const charges = await chargeCount();
    const body = await checkoutBody(parent, basket);
    const res = await call(parent, 'POST', '/camper/basket/checkout', body);
    expect(res.statusCode, res.body).toBe(201);
    const { results } = res.json<{ data: BasketCheckout }>().data;
    expect(
      results.map((result) => [result.campId, result.outcome?.status, result.outcome?.amountCents]),
    ).toEqual([
      [river.campId, 'confirmed', 15000],
      [hill.campId, 'confirmed', 20000],
    ]);
    expect(results.every((result) => result.outcome?.receiptNumber && result.error === null)).toBe(true);
    // Each organisation is charged its own part, to its own payout account.
    expect(await chargeCount()).toBe(charges + 2);
    const paid = await db
      .select({
        campId: payments.campId,
        amountCents: payments.amountCents,
        status: payments.status,
        account: payments.destinationAccountId,
      })
      .from(payments)
      .where(eq(payments.parentId, parent.id));
    expect(new Set(paid.map((payment) => payment.account)).size).toBe(2);
    expect(
      paid
        .map(({ account: _account, ...payment }) => payment)
        .sort((a, b) => (a.campId ?? 0) - (b.campId ?? 0)),
    ).toEqual(
      [
        { campId: river.campId, amountCents: 15000, status: 'succeeded' },
        { campId: hill.campId, amountCents: 20000, status: 'succeeded' },
      ].sort((a, b) => a.campId - b.campId),
    );
    const places = await db
      .select({
        childId: registrations.childId,
        sessionId: registrations.sessionId,
        status: registrations.status,
      })
      .from(registrations)
      .where(eq(registrations.parentId, parent.id));
    expect(places).toEqual(
      expect.arrayContaining([
        { childId: ada, sessionId: river.week1, status: 'confirmed' },
        { childId: ben, sessionId: hill.week2, status: 'confirmed' },
      ]),
    );
    // What was booked left the basket.
    expect(
      (await call(parent, 'GET', '/camper/basket')).json<{ data: FamilyBasket }>().data.sessionCount,
    ).toBe(0);

    // Sent again (a lost answer), the same key answers the same places and charges nothing more;
    // a session put back meanwhile with a placed child leaves the basket with it.
    await db
      .insert(basketSessions)
      .values({ parentId: parent.id, sessionId: river.week1, childIds: [ada], seenPriceCents: 15000 });
    const retry = await call(parent, 'POST', '/camper/basket/checkout', body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<{ data: BasketCheckout }>().data.results.map((r) => r.outcome?.receiptNumber)).toEqual(
      results.map((r) => r.outcome?.receiptNumber),
    );
    expect(await chargeCount()).toBe(charges + 2);
    expect(
      (await call(parent, 'GET', '/camper/basket')).json<{ data: FamilyBasket }>().data.sessionCount,
    ).toBe(0);
  });

  it('flags a session whose price changed since it was added, and a price the parent was not shown charges nothing anywhere', async () => {
    const river = await twoWeeks(riverside);
    const hill = await twoWeeks(hilltop);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [ada] = parent.childIds as [number];
    await put(parent, river.week1, [ada]);
    const before = await put(parent, hill.week2, [ada]);
    const body = await checkoutBody(parent, before);
    await db.update(campSessions).set({ priceCents: 17500 }).where(eq(campSessions.id, hill.week2));

    const basket = (await call(parent, 'GET', '/camper/basket')).json<{ data: FamilyBasket }>().data;
    expect(basket.camps[1]?.sessions[0]).toMatchObject({ priceCents: 17500, seenPriceCents: 20000 });

    const charges = await chargeCount();
    const res = await call(parent, 'POST', '/camper/basket/checkout', body);
    const hillName = basket.camps[1]?.campName;
    expectError(res, 409, 'PRICE_CHANGED', `${hillName}: ${messages.priceChanged}`);
    expect(await chargeCount()).toBe(charges);
    const [held] = await db
      .select({ n: count() })
      .from(registrations)
      .where(eq(registrations.parentId, parent.id));
    expect(held?.n).toBe(0);
  });

  it('refuses one child in two camps’ sessions that meet at the same time, before anything is charged', async () => {
    const river = await twoWeeks(riverside);
    const hill = await twoWeeks(hilltop);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [ada] = parent.childIds as [number];
    await put(parent, river.week1, [ada]);
    const basket = await put(parent, hill.week1, [ada]);
    const charges = await chargeCount();
    const res = await call(parent, 'POST', '/camper/basket/checkout', await checkoutBody(parent, basket));
    const [riverName, hillName] = basket.camps.map((camp) => camp.campName);
    expectError(
      res,
      409,
      'CONFLICT',
      messages.basketChildClash
        .replace('{name}', 'Ada')
        .replace('{first}', `${riverName} (${basket.camps[0]?.sessions[0]?.sessionName})`)
        .replace('{second}', `${hillName} (${basket.camps[1]?.sessions[0]?.sessionName})`),
    );
    expect(await chargeCount()).toBe(charges);
  });

  it('never names a camp that is not listed, even in a clash', async () => {
    const river = await twoWeeks(riverside);
    const hill = await twoWeeks(hilltop);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [ada] = parent.childIds as [number];
    // A camp without sessions is not listed.
    const [hidden] = await db
      .update(camps)
      .set({ sessionCount: 0 })
      .where(eq(camps.id, hill.campId))
      .returning({ name: camps.name });
    const body = {
      camps: [
        {
          campId: river.campId,
          lines: [{ childId: ada, sessionId: river.week1 }],
          expectedTotalCents: 15000,
        },
        { campId: hill.campId, lines: [{ childId: ada, sessionId: hill.week1 }], expectedTotalCents: 15000 },
      ],
      paymentMethodId: parent.cardId,
      idempotencyKey: randomUUID(),
    };
    const res = await call(parent, 'POST', '/camper/basket/checkout', body);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain(hidden?.name ?? 'unlisted');
  });

  it('books nothing when the card is declined, and keeps the basket', async () => {
    const river = await twoWeeks(riverside);
    const hill = await twoWeeks(hilltop);
    const parent = await family(app, [9], { day: CAMP_DAY, cardNumber: DECLINES_CHARGES });
    const [ada] = parent.childIds as [number];
    await put(parent, river.week2, [ada]);
    const basket = await put(parent, hill.week1, [ada]);
    const res = await call(parent, 'POST', '/camper/basket/checkout', await checkoutBody(parent, basket));
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json<{ code: string }>().code).toBe('CARD_DECLINED');
    const failed = await db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.parentId, parent.id));
    // The first camp's charge was declined; the second was never tried.
    expect(failed).toEqual([{ status: 'failed' }]);
    expect(
      (await call(parent, 'GET', '/camper/basket')).json<{ data: FamilyBasket }>().data.sessionCount,
    ).toBe(2);
  });

  it('asks for a card before anything is charged', async () => {
    const river = await twoWeeks(riverside);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const basket = await put(parent, river.week1, parent.childIds);
    const { paymentMethodId: _card, ...body } = await checkoutBody(parent, basket);
    const res = await call(parent, 'POST', '/camper/basket/checkout', body);
    expectError(res, 400, 'BAD_REQUEST', messages.chooseCard, { paymentMethodId: messages.chooseCard });
  });

  it('takes only the parent’s own children and listed sessions, and a session out again', async () => {
    const river = await twoWeeks(riverside);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const other = await family(app, [9], { day: CAMP_DAY });
    const mine = await call(parent, 'PUT', `/camper/basket/sessions/${river.week1}`, {
      childIds: other.childIds,
    });
    expectError(mine, 404, 'NOT_FOUND', messages.childNotFound);
    const unknown = await call(parent, 'PUT', '/camper/basket/sessions/2147483000', { childIds: [] });
    expectError(unknown, 404, 'NOT_FOUND', messages.sessionNotFound);
    const twice = await call(parent, 'PUT', `/camper/basket/sessions/${river.week1}`, {
      childIds: [parent.childIds[0], parent.childIds[0]],
    });
    expect(twice.statusCode).toBe(400);

    await put(parent, river.week1, []);
    const removed = await call(parent, 'DELETE', `/camper/basket/sessions/${river.week1}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: FamilyBasket }>().data.sessionCount).toBe(0);
    const gone = await call(parent, 'DELETE', `/camper/basket/sessions/${river.week1}`);
    expectError(gone, 404, 'NOT_FOUND', messages.basketSessionNotFound);
    // Another parent's basket is their own.
    await put(other, river.week1, []);
    expect(
      (await call(parent, 'GET', '/camper/basket')).json<{ data: FamilyBasket }>().data.sessionCount,
    ).toBe(0);
  });

  it(`holds at most ${MAX_BASKET_SESSIONS} sessions`, async () => {
    const river = await twoWeeks(riverside);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const ids = await addSessions(
      app,
      riverside,
      river.campId,
      Array.from({ length: MAX_BASKET_SESSIONS - 1 }, (_, index) => ({
        name: `Extra ${index + 1}`,
        startDate: `2030-${String(7 + Math.floor(index / 4)).padStart(2, '0')}-0${1 + (index % 4) * 2}`,
        endDate: `2030-${String(7 + Math.floor(index / 4)).padStart(2, '0')}-0${1 + (index % 4) * 2}`,
        price: '100',
        capacity: '5',
      })),
    );
    await db
      .insert(basketSessions)
      .values(
        [river.week1, ...ids].map((sessionId) => ({ parentId: parent.id, sessionId, seenPriceCents: 100 })),
      );
    const full = await call(parent, 'PUT', `/camper/basket/sessions/${river.week2}`, { childIds: [] });
    expectError(full, 409, 'BASKET_FULL', messages.familyBasketTooLarge);
    // A session already there can still have its children changed.
    expect((await put(parent, river.week1, parent.childIds)).sessionCount).toBe(MAX_BASKET_SESSIONS);
    await db.delete(basketSessions).where(inArray(basketSessions.sessionId, ids));
  });
});
