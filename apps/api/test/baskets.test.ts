import { randomUUID } from 'node:crypto';
import type { CampDiscounts, PromoCode, Quote } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import type { RegistrationOutcome } from '@campwise/contract/registrations';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { payments, promoCodes, registrations } from '../src/db/schema.ts';
import { testProcessorCharges } from '../src/platform/payments/test-processor/schema.ts';
import { firstSession, send } from './camp-fixtures.ts';
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
  setDiscounts,
} from './registration-fixtures.ts';

const CAMP_DAY = '2030-06-15';
const DECLINES_CHARGES = '4000 0000 0000 0341';

let app: FastifyInstance;
let db: Database;
let adminToken: string;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  ({ token: adminToken } = await createAdmin(app, db));
  host = await campHost(app, adminToken);
});

// Every checkout, cancellation and move in this file leaves the books balanced (booksProblems).
afterAll(() => expectBooksBalance(db));

/** A camp of three weeks at $150, $200 and $250 (10 places each, Week 3 with a waitlist of 1 place). */
async function threeWeeks(discounts?: CampDiscounts) {
  const campId = await addCamp(app, host, { startDate: '2030-06-03', endDate: '2030-06-07' });
  const week1 = (await firstSession(db, campId)).id;
  const [week2, week3] = (await addSessions(app, host, campId, [
    { name: 'Week 2', startDate: '2030-06-10', endDate: '2030-06-14', price: '200', capacity: '10' },
    {
      name: 'Week 3',
      startDate: '2030-06-17',
      endDate: '2030-06-21',
      price: '250',
      capacity: '1',
      allowsWaitlist: true,
    },
  ])) as [number, number];
  if (discounts) await setDiscounts(app, host, campId, discounts);
  return { campId, week1, week2, week3 };
}

async function addCode(campId: number, body: object): Promise<PromoCode> {
  const res = await send(
    app,
    { method: 'POST', url: `/host/camp/${campId}/promo-codes`, payload: body },
    host.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: PromoCode }>().data;
}

function quote(parent: Family, campId: number, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/quote`,
    headers: bearer(parent.token),
    payload,
  });
}

function checkout(parent: Family, campId: number, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/registrations`,
    headers: bearer(parent.token),
    payload: { idempotencyKey: randomUUID(), paymentMethodId: parent.cardId, ...payload },
  });
}

const SIBLING_AND_WEEKS: CampDiscounts = {
  earlyBird: null,
  sibling: { kind: 'percent', value: 10 },
  multiSession: { kind: 'amount', value: 2500, fromSession: 2 },
};

describe('a family basket', () => {
  it('prices every line with the camp’s discounts and the code, then charges the total once', async () => {
    const { campId, week1, week2 } = await threeWeeks(SIBLING_AND_WEEKS);
    await addCode(campId, { code: 'summer10', kind: 'amount', value: 1000 });
    const parent = await family(app, [9, 10], { day: CAMP_DAY });
    const [ada, ben] = parent.childIds as [number, number];
    const lines = [
      { childId: ada, sessionId: week1 },
      { childId: ada, sessionId: week2 },
      { childId: ben, sessionId: week1 },
      { childId: ben, sessionId: week2 },
    ];
    const priced = await quote(parent, campId, { lines, promoCode: 'Summer10' });
    expect(priced.statusCode, priced.body).toBe(200);
    const shown = priced.json<{ data: Quote }>().data;
    // Ada first (lowest id at the same list total); each child's second week is $25 less; Ben's
    // lines 10% less as the second child; the code's $10 is shared in proportion to what each
    // line costs by then (largest remainders get the odd cents).
    expect(
      shown.lines.map((line) => [line.childId, line.sessionId, line.listPriceCents, line.amountCents]),
    ).toEqual([
      [ada, week1, 15000, 15000 - 243],
      [ada, week2, 20000, 17500 - 283],
      [ben, week1, 15000, 13500 - 219],
      [ben, week2, 20000, 15750 - 255],
    ]);
    expect(shown).toMatchObject({
      listTotalCents: 70000,
      totalCents: 70000 - 5000 - 3250 - 1000,
      promoCode: 'SUMMER10',
    });
    expect(shown.lines[3]?.adjustments.map((a) => a.kind)).toEqual([
      'multi_session',
      'sibling',
      'promo_code',
    ]);

    const [chargesBefore] = await db.select({ n: count() }).from(testProcessorCharges);
    const body = {
      lines,
      promoCode: 'SUMMER10',
      expectedTotalCents: shown.totalCents,
      idempotencyKey: randomUUID(),
    };
    const res = await checkout(parent, campId, body);
    expect(res.statusCode, res.body).toBe(201);
    const outcome = res.json<{ data: RegistrationOutcome }>().data;
    // Sent again (a double click, a retry), the basket answers what it did, line by line.
    const again = await checkout(parent, campId, body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<{ data: RegistrationOutcome }>().data).toEqual(outcome);
    expect(outcome).toMatchObject({ status: 'confirmed', amountCents: shown.totalCents });
    expect(outcome.lines?.map((line) => line.amountCents)).toEqual(
      shown.lines.map((line) => line.amountCents),
    );
    const [chargesAfter] = await db.select({ n: count() }).from(testProcessorCharges);
    expect((chargesAfter?.n ?? 0) - (chargesBefore?.n ?? 0)).toBe(1);
    const stored = await db
      .select({
        amount: registrations.amountCents,
        list: registrations.listPriceCents,
        status: registrations.status,
      })
      .from(registrations)
      .where(inArray(registrations.id, outcome.registrationIds))
      .orderBy(registrations.childId, registrations.sessionId);
    expect(stored.every((row) => row.status === 'confirmed')).toBe(true);
    expect(stored.reduce((sum, row) => sum + row.amount, 0)).toBe(shown.totalCents);
    const [code] = await db
      .select({ uses: promoCodes.uses })
      .from(promoCodes)
      .where(eq(promoCodes.campId, campId));
    expect(code?.uses).toBe(1);

    // Cancelling one line refunds exactly what it cost; all of them, exactly what was paid.
    const refunds: number[] = [];
    for (const id of outcome.registrationIds) {
      const cancel = await app.inject({
        method: 'POST',
        url: `/camper/registrations/${id}/cancel`,
        headers: bearer(parent.token),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      refunds.push(cancel.json<{ data: { refundedCents: number } }>().data.refundedCents);
    }
    expect(refunds).toEqual(stored.map((row) => row.amount));
    const [payment] = await db
      .select({ amount: payments.amountCents, refunded: payments.refundedCents, status: payments.status })
      .from(payments)
      .where(eq(payments.idempotencyKey, (await paymentKeyOf(outcome.registrationIds[0] ?? 0)) ?? ''));
    expect(payment).toEqual({ amount: shown.totalCents, refunded: shown.totalCents, status: 'refunded' });
  });

  it('refuses a total that is not the one shown, and changes and charges nothing', async () => {
    const { campId, week1 } = await threeWeeks(SIBLING_AND_WEEKS);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const lines = [{ childId: parent.childIds[0] ?? 0, sessionId: week1 }];
    const [before] = await db.select({ n: count() }).from(registrations);
    const res = await checkout(parent, campId, { lines, expectedTotalCents: 14000 });
    expectError(res, 409, 'PRICE_CHANGED', messages.priceChanged);
    const [after] = await db.select({ n: count() }).from(registrations);
    expect(after?.n).toBe(before?.n);
  });

  it('puts a full session’s lines on its waitlist free of charge, and refuses a full one without a waitlist', async () => {
    const { campId, week1, week3 } = await threeWeeks();
    const first = await family(app, [9], { day: CAMP_DAY });
    const took = await checkout(first, campId, {
      lines: [{ childId: first.childIds[0] ?? 0, sessionId: week3 }],
    });
    expect(took.statusCode, took.body).toBe(201);
    const parent = await family(app, [9], { day: CAMP_DAY });
    const child = parent.childIds[0] ?? 0;
    const lines = [
      { childId: child, sessionId: week1 },
      { childId: child, sessionId: week3 },
    ];
    const shown = (await quote(parent, campId, { lines })).json<{ data: Quote }>().data;
    expect(shown.lines.map((line) => [line.placement, line.amountCents])).toEqual([
      ['place', 15000],
      ['waitlist', 0],
    ]);
    const res = await checkout(parent, campId, { lines, expectedTotalCents: 15000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: RegistrationOutcome }>().data.lines?.map((line) => line.placement)).toEqual([
      'place',
      'waitlist',
    ]);

    const full = await addCamp(app, host, { spotsAvailable: '1' });
    const fullWeek = (await firstSession(db, full)).id;
    const someone = await family(app, [9], { day: CAMP_DAY });
    expect(
      (await checkout(someone, full, { lines: [{ childId: someone.childIds[0] ?? 0, sessionId: fullWeek }] }))
        .statusCode,
    ).toBe(201);
    expectError(
      await checkout(parent, full, { lines: [{ childId: child, sessionId: fullWeek }] }),
      409,
      'CONFLICT',
      messages.sessionFullNoWaitlist.replace('{session}', 'Session 1'),
    );
  });

  it('gives the code’s use back when the card is declined', async () => {
    const { campId, week1 } = await threeWeeks();
    await addCode(campId, { code: 'ONCE', kind: 'percent', value: 50, maxUses: 1 });
    const parent = await family(app, [9], { day: CAMP_DAY, cardNumber: DECLINES_CHARGES });
    const lines = [{ childId: parent.childIds[0] ?? 0, sessionId: week1 }];
    const declined = await checkout(parent, campId, { lines, promoCode: 'ONCE' });
    expect(declined.statusCode).toBe(402);
    const [code] = await db
      .select({ uses: promoCodes.uses })
      .from(promoCodes)
      .where(eq(promoCodes.campId, campId));
    expect(code?.uses).toBe(0);
  });
});

describe('promo codes', () => {
  it('refuses a code of another camp, one not valid yet or expired, used up, or used by the family', async () => {
    const { campId, week1 } = await threeWeeks();
    const other = await threeWeeks();
    await addCode(other.campId, { code: 'ELSEWHERE', kind: 'percent', value: 10 });
    await addCode(campId, { code: 'LATER', kind: 'percent', value: 10, validFrom: '2099-01-01' });
    await addCode(campId, { code: 'GONE', kind: 'percent', value: 10, validTo: '2020-01-01' });
    await addCode(campId, { code: 'SINGLE', kind: 'amount', value: 500, maxUses: 1 });
    await addCode(campId, { code: 'FAMILY', kind: 'amount', value: 500, maxUsesPerFamily: 1 });
    const parent = await family(app, [9, 10, 11], { day: CAMP_DAY });
    const [a, b, c] = parent.childIds as [number, number, number];
    const line = (childId: number) => ({ lines: [{ childId, sessionId: week1 }] });
    for (const [code, message] of [
      ['ELSEWHERE', messages.promoCodeUnknown],
      ['NOPE', messages.promoCodeUnknown],
      ['LATER', messages.promoCodeNotYet],
      ['GONE', messages.promoCodeExpired],
    ] as const) {
      expectError(await quote(parent, campId, { ...line(a), promoCode: code }), 409, 'CONFLICT', message);
    }
    expect((await checkout(parent, campId, { ...line(a), promoCode: 'SINGLE' })).statusCode).toBe(201);
    expectError(
      await quote(parent, campId, { ...line(b), promoCode: 'single' }),
      409,
      'CONFLICT',
      messages.promoCodeUsedUp,
    );
    expect((await checkout(parent, campId, { ...line(b), promoCode: 'FAMILY' })).statusCode).toBe(201);
    expectError(
      await checkout(parent, campId, { ...line(c), promoCode: 'FAMILY' }),
      409,
      'CONFLICT',
      messages.promoCodeFamilyLimit,
    );
  });

  it('keeps codes unique per camp in any case, and lets a host delete one', async () => {
    const { campId } = await threeWeeks();
    const code = await addCode(campId, { code: 'Early', kind: 'percent', value: 15 });
    expect(code.code).toBe('EARLY');
    const again = await send(
      app,
      {
        method: 'POST',
        url: `/host/camp/${campId}/promo-codes`,
        payload: { code: 'early', kind: 'amount', value: 100 },
      },
      host.token,
    );
    expectError(again, 409, 'CONFLICT', messages.promoCodeTaken);
    const bad = await send(
      app,
      {
        method: 'POST',
        url: `/host/camp/${campId}/promo-codes`,
        payload: { code: 'HALF', kind: 'percent', value: 150 },
      },
      host.token,
    );
    expect(bad.statusCode).toBe(400);
    const other = await campHost(app, adminToken);
    expect(
      (await send(app, { method: 'DELETE', url: `/host/promo-codes/${code.id}` }, other.token)).statusCode,
    ).toBe(404);
    expect(
      (await send(app, { method: 'DELETE', url: `/host/promo-codes/${code.id}` }, host.token)).statusCode,
    ).toBe(200);
  });
});

async function paymentKeyOf(registrationId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ key: payments.idempotencyKey })
    .from(registrations)
    .innerJoin(payments, eq(payments.id, registrations.paymentId))
    .where(eq(registrations.id, registrationId));
  return row?.key;
}
