import { randomUUID } from 'node:crypto';
import type { CampDiscounts, Quote } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { payments, registrations } from '../src/db/schema.ts';
import { quoteBasket } from '../src/modules/registrations/price-basket-now.ts';
import { processWaitlist } from '../src/modules/registrations/process-waitlist.ts';
import { registerChildren } from '../src/modules/registrations/register-children.ts';
import { chargeKey } from '../src/modules/registrations/replay.ts';
import type { RegistrationDeps } from '../src/modules/registrations/service.ts';
import type { PaymentProvider } from '../src/platform/payments/provider.ts';
import { testProcessorCharges } from '../src/platform/payments/test-processor/schema.ts';
import { firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectBooksBalance, expectError } from './payments-fixtures.ts';
import {
  addCamp,
  addCard,
  type CampHost,
  campHost,
  type Family,
  family,
  outcome,
  register,
  setDiscounts,
} from './registration-fixtures.ts';

// The spec's request (children for one session) is a one-line basket: the basket's writer
// places it, prices it with the camp's discounts and pays a spot held from the waitlist.

const CAMP_START = '2030-06-15';
const DECLINES_CHARGES = '4000 0000 0000 0341';
const SIBLINGS: CampDiscounts = {
  earlyBird: null,
  sibling: { kind: 'percent', value: 10 },
  multiSession: null,
};

let app: FastifyInstance;
let db: Database;
let host: CampHost;
let deps: RegistrationDeps;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const { token: adminToken } = await createAdmin(app, db);
  host = await campHost(app, adminToken);
  deps = { db, payments: app.payments, publicUrl: app.config.publicUrl, platformFee: app.config.platformFee };
});

afterAll(() => expectBooksBalance(db));

async function chargesOf(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(testProcessorCharges);
  return row?.n ?? 0;
}

async function quote(parent: Family, campId: number, lines: { childId: number; sessionId: number }[]) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/quote`,
    headers: bearer(parent.token),
    payload: { lines },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Quote }>().data;
}

async function placeOf(registrationId: number) {
  const [row] = await db
    .select({
      status: registrations.status,
      paymentId: registrations.paymentId,
      amountCents: registrations.amountCents,
      offerExpiresAt: registrations.offerExpiresAt,
    })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return row;
}

/**
 * A camp of one place with a waitlist, its place taken by another family and then freed, so the
 * waitlist job offers it to `parent`'s first child (who joined the waitlist): answers that place.
 */
async function heldOffer(parent: Family, now: Date) {
  const campId = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
  const sessionId = (await firstSession(db, campId)).id;
  const first = await family(app, [9], { day: CAMP_START });
  const [taken] = outcome(
    await register(app, first, campId, { childIds: first.childIds, paymentMethodId: first.cardId }),
  ).registrationIds;
  const child = parent.childIds[0] ?? 0;
  const waiting = { childIds: [child] };
  const [placeId] = outcome(await register(app, parent, campId, waiting)).registrationIds;
  // Joining again is the same request: the same waitlist place, nothing new.
  expect(outcome(await register(app, parent, campId, waiting))).toEqual({
    status: 'waitlisted',
    registrationIds: [placeId],
    amountCents: 0,
    receiptNumber: null,
  });
  const cancelled = await app.inject({
    method: 'POST',
    url: `/camper/registrations/${taken}/cancel`,
    headers: bearer(first.token),
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(await processWaitlist(deps, now)).toMatchObject({ offered: 1 });
  expect((await placeOf(placeId ?? 0))?.status).toBe('offered');
  return { campId, sessionId, child, placeId: placeId ?? 0 };
}

describe('a direct registration is a one-line basket', () => {
  it('gives siblings the camp’s sibling discount: the charge is the quote’s total, and a replay charges nothing more', async () => {
    const campId = await addCamp(app, host);
    const sessionId = (await firstSession(db, campId)).id;
    await setDiscounts(app, host, campId, SIBLINGS);
    const parent = await family(app, [9, 10], { day: CAMP_START });
    const shown = await quote(
      parent,
      campId,
      parent.childIds.map((childId) => ({ childId, sessionId })),
    );
    // The second child's place is 10% less.
    expect(shown.totalCents).toBe(15000 + 13500);
    const before = await chargesOf();
    const body = { childIds: parent.childIds, paymentMethodId: parent.cardId, idempotencyKey: randomUUID() };
    const paid = outcome(await register(app, parent, campId, body));
    // The spec's answer: no lines.
    expect(paid).toEqual({
      status: 'confirmed',
      registrationIds: [expect.any(Number), expect.any(Number)],
      amountCents: shown.totalCents,
      receiptNumber: expect.stringMatching(/^CW-\d{6,}$/),
    });
    const [payment] = await db.select().from(payments).where(eq(payments.parentId, parent.id));
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: shown.totalCents });
    const [charge] = await db
      .select({ amountCents: testProcessorCharges.amountCents })
      .from(testProcessorCharges)
      .where(
        eq(
          testProcessorCharges.idempotencyKey,
          chargeKey({ id: payment?.id ?? 0, idempotencyKey: body.idempotencyKey }),
        ),
      );
    expect(charge?.amountCents).toBe(shown.totalCents);
    const places = await db
      .select({ amount: registrations.amountCents, list: registrations.listPriceCents })
      .from(registrations)
      .where(eq(registrations.paymentId, payment?.id ?? 0))
      .orderBy(registrations.childId);
    expect(places).toEqual(shown.lines.map((line) => ({ amount: line.amountCents, list: 15000 })));

    // Sent again with the same key (a double click, a retry): the same answer, charged once.
    expect(outcome(await register(app, parent, campId, body))).toEqual(paid);
    expect(await chargesOf()).toBe(before + 1);
  });

  it('pays a held offer through the basket’s writer: one payment, offered → pending_payment → confirmed, no spot taken twice', async () => {
    const parent = await family(app, [10], { day: CAMP_START });
    const now = new Date();
    const { campId, sessionId, child, placeId } = await heldOffer(parent, now);
    expect((await firstSession(db, campId)).spotsTaken).toBe(1);
    // The held spot is priced as a place, whoever else waits.
    const shown = await quote(parent, campId, [{ childId: child, sessionId }]);
    expect(shown.lines.map((line) => [line.placement, line.amountCents])).toEqual([['place', 15000]]);

    // What the place is while its card is charged.
    let whileCharging: Awaited<ReturnType<typeof placeOf>>;
    const watching: PaymentProvider = Object.create(app.payments);
    watching.chargeCard = async (input) => {
      whileCharging = await placeOf(placeId);
      return app.payments.chargeCard(input);
    };
    const before = await chargesOf();
    const body = { childIds: [child], paymentMethodId: parent.cardId, idempotencyKey: randomUUID() };
    const paid = await registerChildren({ ...deps, payments: watching }, parent.id, campId, body);
    expect(paid).toEqual({
      status: 'confirmed',
      registrationIds: [placeId],
      amountCents: shown.totalCents,
      receiptNumber: expect.stringMatching(/^CW-\d{6,}$/),
    });
    const paymentRows = await db.select().from(payments).where(eq(payments.parentId, parent.id));
    expect(paymentRows).toHaveLength(1);
    expect(paymentRows[0]).toMatchObject({ status: 'succeeded', amountCents: 15000 });
    expect(whileCharging).toMatchObject({ status: 'pending_payment', paymentId: paymentRows[0]?.id });
    expect(await placeOf(placeId)).toMatchObject({
      status: 'confirmed',
      paymentId: paymentRows[0]?.id,
      amountCents: 15000,
      offerExpiresAt: null,
    });
    const [places] = await db
      .select({ n: count() })
      .from(registrations)
      .where(and(eq(registrations.sessionId, sessionId), eq(registrations.parentId, parent.id)));
    expect(places?.n).toBe(1);
    expect((await firstSession(db, campId)).spotsTaken).toBe(1);
    expect(await chargesOf()).toBe(before + 1);

    // The same request again answers the same, charging nothing more.
    expect(outcome(await register(app, parent, campId, body))).toEqual(paid);
    expect(await chargesOf()).toBe(before + 1);
  });

  it('refuses an expired offer and a new place beside a held spot that does not fit, charging nothing', async () => {
    const parent = await family(app, [10, 9], { day: CAMP_START });
    const now = new Date();
    const { campId, sessionId, child, placeId } = await heldOffer(parent, now);
    const before = await chargesOf();
    expectError(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
      409,
      'CONFLICT',
      messages.payHeldSpotsFirst,
    );

    // 49 hours later, before the waitlist job has marked it: the offer no longer holds.
    const later = new Date(now.getTime() + 49 * 3600 * 1000);
    const body = { childIds: [child], paymentMethodId: parent.cardId, idempotencyKey: randomUUID() };
    await expect(registerChildren(deps, parent.id, campId, body, later)).rejects.toMatchObject({
      statusCode: 409,
      message: messages.offerExpired,
    });
    await expect(
      quoteBasket(db, parent.id, campId, { lines: [{ childId: child, sessionId }] }, later),
    ).rejects.toMatchObject({ statusCode: 409, message: messages.offerExpired });
    expect(await chargesOf()).toBe(before);
    expect(await db.select().from(payments).where(eq(payments.parentId, parent.id))).toEqual([]);
    expect((await placeOf(placeId))?.status).toBe('offered');
    expect((await firstSession(db, campId)).spotsTaken).toBe(1);
  });

  it('gives a held spot back when its card is declined, its spot still held, and a good card then pays it', async () => {
    const parent = await family(app, [10], { day: CAMP_START, cardNumber: DECLINES_CHARGES });
    const { campId, child, placeId } = await heldOffer(parent, new Date());
    const declined = await register(app, parent, campId, {
      childIds: [child],
      paymentMethodId: parent.cardId,
    });
    expectError(declined, 402, 'CARD_DECLINED', messages.cardDeclined);
    const [row] = await db
      .select({
        status: registrations.status,
        paymentId: registrations.paymentId,
        amountCents: registrations.amountCents,
        adjustments: registrations.adjustments,
        depositCents: registrations.depositCents,
      })
      .from(registrations)
      .where(eq(registrations.id, placeId));
    expect(row).toEqual({
      status: 'offered',
      paymentId: null,
      amountCents: 0,
      adjustments: [],
      depositCents: null,
    });
    expect((await firstSession(db, campId)).spotsTaken).toBe(1);

    const goodCard = await addCard(app, parent.token);
    const paid = outcome(
      await register(app, parent, campId, { childIds: [child], paymentMethodId: goodCard }),
    );
    expect(paid).toMatchObject({ status: 'confirmed', registrationIds: [placeId], amountCents: 15000 });
    expect((await firstSession(db, campId)).spotsTaken).toBe(1);
  });

  it('lets a basket pay a held offer the same way', async () => {
    const parent = await family(app, [10], { day: CAMP_START });
    const { campId, sessionId, child, placeId } = await heldOffer(parent, new Date());
    const res = await app.inject({
      method: 'POST',
      url: `/api/camps/${campId}/registrations`,
      headers: bearer(parent.token),
      payload: {
        lines: [{ childId: child, sessionId }],
        paymentMethodId: parent.cardId,
        expectedTotalCents: 15000,
        idempotencyKey: randomUUID(),
      },
    });
    const paid = outcome(res);
    expect(paid).toMatchObject({ status: 'confirmed', registrationIds: [placeId], amountCents: 15000 });
    expect(paid.lines?.map((line) => [line.placement, line.registrationId])).toEqual([['place', placeId]]);
    expect((await placeOf(placeId))?.status).toBe('confirmed');
    expect((await firstSession(db, campId)).spotsTaken).toBe(1);
  });
});
