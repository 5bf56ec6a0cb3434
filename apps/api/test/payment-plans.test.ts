import { randomUUID } from 'node:crypto';
import type { Quote } from '@campwise/contract/baskets';
import { campMoment } from '@campwise/contract/camp-clock';
import { messages } from '@campwise/contract/messages';
import { addDays, type PaymentPlanSettings, planSchedule } from '@campwise/contract/payment-plans';
import type { ReceiptListItem } from '@campwise/contract/receipts';
import type { ParentRegistration } from '@campwise/contract/registrations';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  campSessions,
  hostPayoutAccounts,
  instalments,
  organizations,
  paymentPlans,
  payments,
  registrations,
  savedCards,
} from '../src/db/schema.ts';
import { chargeDueInstalments } from '../src/modules/instalments/run-instalments.ts';
import { settleInstalment } from '../src/modules/instalments/settle-instalment.ts';
import { cancelByParent } from '../src/modules/registrations/cancel-registration.ts';
import { processWaitlist } from '../src/modules/registrations/process-waitlist.ts';
import type { RegistrationDeps } from '../src/modules/registrations/service.ts';
import {
  testProcessorCharges,
  testProcessorPaymentMethods,
  testProcessorRefunds,
} from '../src/platform/payments/test-processor/schema.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin, mailTo } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectBooksBalance } from './payments-fixtures.ts';
import {
  addCamp,
  addCard,
  addSessions,
  type CampHost,
  campHost,
  type Family,
  family,
} from './registration-fixtures.ts';

const CAMP_DAY = '2030-06-03';
const GOOD_NEW_CARD = '5555 5555 5555 4444';
const PLAN: PaymentPlanSettings = {
  depositCents: 5000,
  balanceDueDays: 14,
  maxInstalments: 3,
  onFinalFailure: 'keep',
};

let app: FastifyInstance;
let db: Database;
let deps: RegistrationDeps;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  deps = { db, payments: app.payments, publicUrl: app.config.publicUrl, platformFee: app.config.platformFee };
});

// Deposits, instalments, retries and refunds: every cent is where the books say (decision 027).
afterAll(() => expectBooksBalance(db));

/** A $150 camp starting 2030-06-03 that takes a deposit under the given settings. */
async function planCamp(settings: Partial<PaymentPlanSettings> = {}, overrides: Record<string, string> = {}) {
  const campId = await addCamp(app, host, { startDate: CAMP_DAY, endDate: '2030-06-07', ...overrides });
  const res = await setPlan(campId, { ...PLAN, ...settings });
  expect(res.statusCode, res.body).toBe(200);
  return { campId, sessionId: (await firstSession(db, campId)).id };
}

function setPlan(campId: number, plan: PaymentPlanSettings | null) {
  return send(
    app,
    { method: 'PUT', url: `/host/camp/${campId}/payment-plan`, payload: { plan } },
    host.token,
  );
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

function checkout(parent: Family, campId: number, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/registrations`,
    headers: bearer(parent.token),
    payload: { idempotencyKey: randomUUID(), paymentMethodId: parent.cardId, ...payload },
  });
}

/** A family booked on a plan of `count` instalments: its place, and the plan's instalments in order. */
async function bookOnPlan(campId: number, sessionId: number, count = 3, parent?: Family) {
  const buyer = parent ?? (await family(app, [9], { day: CAMP_DAY }));
  const lines = [{ childId: buyer.childIds[0] ?? 0, sessionId }];
  const shown = await quote(buyer, campId, lines);
  const res = await checkout(buyer, campId, {
    lines,
    expectedTotalCents: shown.totalCents,
    plan: { instalments: count },
  });
  expect(res.statusCode, res.body).toBe(201);
  const registrationId = res.json<{ data: { registrationIds: number[] } }>().data.registrationIds[0] ?? 0;
  return { parent: buyer, registrationId, schedule: await scheduleOf(registrationId), shown };
}

async function scheduleOf(registrationId: number) {
  const [place] = await db
    .select({ paymentId: registrations.paymentId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return db
    .select()
    .from(instalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, instalments.planId))
    .where(eq(paymentPlans.depositPaymentId, place?.paymentId ?? 0))
    .orderBy(asc(instalments.seq))
    .then((rows) => rows.map((row) => row.instalments));
}

async function myPlace(parent: Family, registrationId: number): Promise<ParentRegistration> {
  const res = await send(app, { method: 'GET', url: '/camper/registrations' }, parent.token);
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json<{ data: ParentRegistration[] }>().data.find((row) => row.id === registrationId);
  if (!found) throw new Error('the registration is not listed');
  return found;
}

function expectError(
  res: { statusCode: number; body: string; json: () => { message?: string } },
  status: number,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
}

const at = (day: string) => new Date(`${day}T12:00:00Z`);
const run = (day: string) => chargeDueInstalments(deps, at(day));

/** Every later charge of the family's saved cards is declined, as with an expired card. */
async function cardsDecline(parent: Family, declines = true) {
  const cards = await db
    .select({ id: savedCards.paymentMethodId })
    .from(savedCards)
    .where(eq(savedCards.parentId, parent.id));
  for (const card of cards) {
    await db
      .update(testProcessorPaymentMethods)
      .set({ declinesCharges: declines })
      .where(eq(testProcessorPaymentMethods.id, card.id));
  }
}

/** The processor's charges for an instalment's attempts. */
async function instalmentCharges(instalmentId: number) {
  const attempts = await db.select().from(payments).where(eq(payments.instalmentId, instalmentId));
  const keys = attempts.map((payment) => `instalment-payment-${payment.id}-${payment.idempotencyKey}`);
  if (keys.length === 0) return [];
  return db.select().from(testProcessorCharges).where(inArray(testProcessorCharges.idempotencyKey, keys));
}

/** The state of one instalment (the job runs every family's; tests look at their own). */
async function stateOf(instalmentId: number) {
  const [row] = await db.select().from(instalments).where(eq(instalments.id, instalmentId));
  if (!row) throw new Error('no instalment');
  return { status: row.status, failedAttempts: row.failedAttempts, nextAttemptOn: row.nextAttemptOn };
}

function payNow(parent: Family, instalmentId: number, cardId: number, idempotencyKey = randomUUID()) {
  return send(
    app,
    {
      method: 'POST',
      url: `/api/camper/instalments/${instalmentId}/pay`,
      payload: { paymentMethodId: cardId, idempotencyKey },
    },
    parent.token,
  );
}

describe('the host’s deposit settings', () => {
  it('start off, are saved and read back, and refuse a deposit not below every price', async () => {
    const campId = await addCamp(app, host, { startDate: CAMP_DAY, endDate: '2030-06-07' });
    const initial = await send(app, { method: 'GET', url: `/host/camp/${campId}/payment-plan` }, host.token);
    expect(initial.json()).toEqual({ data: { plan: null } });

    expect((await setPlan(campId, PLAN)).json()).toEqual({ data: { plan: PLAN } });
    const read = await send(app, { method: 'GET', url: `/host/camp/${campId}/payment-plan` }, host.token);
    expect(read.json()).toEqual({ data: { plan: PLAN } });

    const tooMuch = await setPlan(campId, { ...PLAN, depositCents: 15000 });
    expectError(tooMuch, 400, messages.planDepositNotBelowPrice.replace('{price}', '$150'));
    const instalmentsOutOfRange = await setPlan(campId, { ...PLAN, maxInstalments: 7 });
    expect(instalmentsOutOfRange.statusCode).toBe(400);
    expect(instalmentsOutOfRange.json().message).toBe(messages.planInstalmentsInvalid);

    expect((await setPlan(campId, null)).json()).toEqual({ data: { plan: null } });
  });
});

describe('a deposit at checkout', () => {
  it('charges the deposit now and schedules the balance the quote showed, recomputed on the server', async () => {
    const { campId, sessionId } = await planCamp();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const lines = [{ childId: parent.childIds[0] ?? 0, sessionId }];
    const shown = await quote(parent, campId, lines);
    expect(shown.planOffer).toMatchObject({
      depositPerPlaceCents: 5000,
      balanceDueDate: '2030-05-20',
      maxInstalments: 3,
    });
    const offer = shown.planOffer;
    if (!offer) throw new Error('no plan offered');
    const expected = planSchedule(offer, [15000], 2);

    const res = await checkout(parent, campId, {
      lines,
      expectedTotalCents: 15000,
      plan: { instalments: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json<{ data: { status: string; amountCents: number; registrationIds: number[] } }>()
      .data;
    expect(booked).toMatchObject({ status: 'confirmed', amountCents: 5000 });
    const registrationId = booked.registrationIds[0] ?? 0;

    const [place] = await db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(place).toMatchObject({ amountCents: 15000, depositCents: 5000, status: 'confirmed' });
    const [deposit] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, place?.paymentId ?? 0));
    expect(deposit).toMatchObject({ amountCents: 5000, status: 'succeeded' });
    const schedule = await scheduleOf(registrationId);
    expect(schedule.map((row) => [row.dueDate, row.amountCents, row.status])).toEqual(
      expected.instalments.map((row) => [row.dueDate, row.amountCents, 'scheduled']),
    );

    const mine = await myPlace(parent, registrationId);
    expect(mine.plan).toMatchObject({ paidCents: 5000, dueCents: 10000 });
    expect(mine.canTransfer).toBe(false);
    expect(mine.plan?.instalments.map((row) => row.amountCents)).toEqual([5000, 5000]);
  });

  it('refuses a plan the camp does not offer, or more instalments than it allows, charging nothing', async () => {
    const { campId, sessionId } = await planCamp();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const lines = [{ childId: parent.childIds[0] ?? 0, sessionId }];
    expectError(
      await checkout(parent, campId, { lines, plan: { instalments: 7 } }),
      400,
      messages.planInstalmentsInvalid,
    );
    await setPlan(campId, { ...PLAN, maxInstalments: 2 });
    expectError(
      await checkout(parent, campId, { lines, plan: { instalments: 3 } }),
      409,
      messages.planInstalmentsTooMany.replace('{count}', '2'),
    );
    await setPlan(campId, null);
    expect((await quote(parent, campId, lines)).planOffer).toBeNull();
    expectError(
      await checkout(parent, campId, { lines, plan: { instalments: 1 } }),
      409,
      messages.planNotOffered,
    );
    expect(await db.select().from(payments).where(eq(payments.parentId, parent.id))).toEqual([]);
  });

  it('is not offered once the balance date has passed', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { campId, sessionId } = await planCamp({}, { startDate: soon, endDate: soon });
    const parent = await family(app, [9], { day: soon });
    expect(
      (await quote(parent, campId, [{ childId: parent.childIds[0] ?? 0, sessionId }])).planOffer,
    ).toBeNull();
  });

  it('answers a replayed checkout as the first one, with one deposit and one schedule', async () => {
    const { campId, sessionId } = await planCamp();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const payload = {
      lines: [{ childId: parent.childIds[0] ?? 0, sessionId }],
      plan: { instalments: 3 },
      idempotencyKey: randomUUID(),
    };
    const first = await checkout(parent, campId, payload);
    const again = await checkout(parent, campId, payload);
    expect(again.json()).toEqual(first.json());
    expect(await db.select().from(paymentPlans).where(eq(paymentPlans.parentId, parent.id))).toHaveLength(1);
  });
});

describe('the instalments job', () => {
  it("charges a Seattle camp's instalment on its due date in Seattle, not at 5 PM the evening before", async () => {
    const { campId, sessionId } = await planCamp();
    const { schedule } = await bookOnPlan(campId, sessionId);
    const [first] = schedule as [(typeof schedule)[number]];
    await db
      .update(organizations)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(organizations.id, host.orgId));
    try {
      // 5 PM in Seattle the day before: already the due date in UTC.
      const eveningBefore = campMoment(addDays(first.dueDate, -1), '17:00', 'America/Los_Angeles');
      expect(eveningBefore.toISOString().slice(0, 10)).toBe(first.dueDate);
      await chargeDueInstalments(deps, eveningBefore);
      expect((await stateOf(first.id)).status).toBe('scheduled');
      await chargeDueInstalments(deps, campMoment(first.dueDate, '09:00', 'America/Los_Angeles'));
      expect((await stateOf(first.id)).status).toBe('paid');
    } finally {
      await db
        .update(organizations)
        .set({ timeZone: 'America/Chicago' })
        .where(eq(organizations.id, host.orgId));
    }
  });

  it('charges an instalment on its due date with the card on file, once', async () => {
    const { campId, sessionId } = await planCamp();
    const { parent, registrationId, schedule } = await bookOnPlan(campId, sessionId);
    const [first, second] = schedule as [(typeof schedule)[number], (typeof schedule)[number]];

    const before = new Date(at(first.dueDate).getTime() - 86_400_000).toISOString().slice(0, 10);
    await run(before);
    expect((await stateOf(first.id)).status).toBe('scheduled');
    await run(first.dueDate);
    await run(first.dueDate);
    expect((await stateOf(first.id)).status).toBe('paid');
    expect(await instalmentCharges(first.id)).toHaveLength(1);

    const mine = await myPlace(parent, registrationId);
    expect(mine.plan).toMatchObject({
      paidCents: 5000 + first.amountCents,
      dueCents: 10000 - first.amountCents,
    });
    expect(mine.plan?.instalments.map((row) => row.status)).toEqual(['paid', 'scheduled', 'scheduled']);
    expect(await mailTo(db, parent.email, `Payment received: ${mine.campName}`)).toHaveLength(1);

    const receipts = await send(app, { method: 'GET', url: '/camper/receipts' }, parent.token);
    const list = receipts.json<{ data: ReceiptListItem[] }>().data;
    expect(list.map((row) => [row.kind, row.amountCents])).toEqual([
      ['instalment', first.amountCents],
      ['places', 5000],
    ]);
    const receipt = await send(
      app,
      { method: 'GET', url: `/camper/receipts/${list[0]?.paymentId}` },
      parent.token,
    );
    expect(receipt.json().data).toMatchObject({
      kind: 'instalment',
      planNote: 'Instalment 1 of 3 of a payment plan.',
      lines: [{ registrationId, totalCents: first.amountCents }],
    });

    // A settlement replayed (a duplicate report of the same charge) changes nothing.
    const [paid] = await db.select().from(payments).where(eq(payments.instalmentId, first.id));
    expect(await settleInstalment(deps, paid?.id ?? 0, paid?.chargeId ?? '', at(first.dueDate))).toBe(true);
    expect(await mailTo(db, parent.email, `Payment received: ${mine.campName}`)).toHaveLength(1);

    await run(second.dueDate);
    expect((await stateOf(second.id)).status).toBe('paid');
  });

  it('takes over an instalment left charging with no attempt pending once its lease has run out', async () => {
    const { campId, sessionId } = await planCamp();
    const { schedule } = await bookOnPlan(campId, sessionId);
    const [first] = schedule as [(typeof schedule)[number]];
    // A worker claimed it and died before its attempt was written (with an amount since changed).
    await db
      .update(instalments)
      .set({ status: 'charging', amountCents: 1, leaseUntil: new Date(at(first.dueDate).getTime() - 60_000) })
      .where(eq(instalments.id, first.id));
    await run(first.dueDate);
    expect((await stateOf(first.id)).status).toBe('paid');
    const [row] = await db.select().from(instalments).where(eq(instalments.id, first.id));
    expect(row?.amountCents).toBe(first.amountCents);
    expect((await instalmentCharges(first.id)).map((charge) => charge.amountCents)).toEqual([
      first.amountCents,
    ]);
  });

  it('sends each instalment to the host less the platform fee, and waits while the host cannot be paid', async () => {
    const { campId, sessionId } = await planCamp();
    const { schedule } = await bookOnPlan(campId, sessionId);
    const [first] = schedule as [(typeof schedule)[number]];
    const payable = (chargesEnabled: boolean) =>
      db.update(hostPayoutAccounts).set({ chargesEnabled }).where(eq(hostPayoutAccounts.hostId, host.id));

    await payable(false);
    await run(first.dueDate);
    expect(await stateOf(first.id)).toEqual({
      status: 'scheduled',
      failedAttempts: 0,
      nextAttemptOn: addDays(first.dueDate, 1),
    });
    expect(await instalmentCharges(first.id)).toEqual([]);

    await payable(true);
    await run(addDays(first.dueDate, 1));
    expect((await stateOf(first.id)).status).toBe('paid');
    const [charge] = await instalmentCharges(first.id);
    expect(charge).toMatchObject({
      amountCents: first.amountCents,
      destinationAccountId: expect.stringMatching(/^acct_test_/),
      applicationFeeCents: Math.floor((first.amountCents * 500 + 5000) / 10_000),
    });
  });

  it('retries a declined instalment after 1, 3 and 5 days, e-mails each time, and a new card pays it', async () => {
    const { campId, sessionId } = await planCamp();
    const { parent, registrationId, schedule } = await bookOnPlan(campId, sessionId);
    const first = schedule[0] ?? schedule.at(0);
    if (!first) throw new Error('no instalment');
    await cardsDecline(parent);
    const due = first.dueDate;
    const day = (offset: number) =>
      new Date(at(due).getTime() + offset * 86_400_000).toISOString().slice(0, 10);

    await run(due);
    let mine = await myPlace(parent, registrationId);
    expect(mine.plan?.instalments[0]).toMatchObject({
      status: 'failed',
      failedAttempts: 1,
      nextAttemptOn: day(1),
    });
    await run(due);
    expect(await stateOf(first.id)).toEqual({ status: 'failed', failedAttempts: 1, nextAttemptOn: day(1) });
    await run(day(1));
    expect(await stateOf(first.id)).toEqual({ status: 'failed', failedAttempts: 2, nextAttemptOn: day(3) });
    await run(day(2));
    expect((await stateOf(first.id)).failedAttempts).toBe(2);
    await run(day(3));
    const mails = await mailTo(db, parent.email, `Your instalment could not be charged: ${mine.campName}`);
    expect(mails).toHaveLength(3);
    expect(mails[0]?.textBody).toContain(`/camper/instalments/${first.id}/pay`);
    mine = await myPlace(parent, registrationId);
    expect(mine.plan?.instalments[0]).toMatchObject({
      status: 'failed',
      failedAttempts: 3,
      nextAttemptOn: day(5),
    });

    // Another saved card that is also declined: the schedule's tries are not used up.
    const declining = await addCard(app, parent.token, '4000 0000 0000 0341');
    expect((await payNow(parent, first.id, declining)).statusCode).toBe(402);
    expect((await myPlace(parent, registrationId)).plan?.instalments[0]).toMatchObject({
      status: 'failed',
      failedAttempts: 3,
    });

    const newCard = await addCard(app, parent.token, GOOD_NEW_CARD);
    const key = randomUUID();
    const paid = await payNow(parent, first.id, newCard, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ instalmentId: first.id, status: 'paid' });
    const again = await payNow(parent, first.id, newCard, key);
    expect(again.json()).toEqual(paid.json());
    expect((await payNow(parent, first.id, newCard)).statusCode).toBe(409);
    expect(
      (await instalmentCharges(first.id)).length,
      'one accepted charge: the declined attempts made none',
    ).toBe(1);
    await run(day(5));
    expect(await stateOf(first.id)).toEqual({ status: 'paid', failedAttempts: 3, nextAttemptOn: null });

    // The card that paid is the plan's card on file for the next instalment.
    const next = schedule[1];
    if (!next) throw new Error('no second instalment');
    await run(next.dueDate);
    expect((await stateOf(next.id)).status).toBe('paid');
  });

  it('refuses paying another family’s instalment, or one that is not failed', async () => {
    const { campId, sessionId } = await planCamp();
    const { parent, schedule } = await bookOnPlan(campId, sessionId);
    const other = await family(app, [9], { day: CAMP_DAY });
    const id = schedule[0]?.id ?? 0;
    expectError(await payNow(other, id, other.cardId), 404, messages.instalmentNotFound);
    expectError(await payNow(parent, id, parent.cardId), 409, messages.instalmentNotDue);
  });

  it('keeps the place after the last failure under the "keep" rule and tells the host', async () => {
    const { campId, sessionId } = await planCamp({ onFinalFailure: 'keep' });
    const { parent, registrationId, schedule } = await bookOnPlan(campId, sessionId);
    const first = schedule[0];
    if (!first) throw new Error('no instalment');
    await cardsDecline(parent);
    for (const offset of [0, 1, 3, 5]) {
      await run(new Date(at(first.dueDate).getTime() + offset * 86_400_000).toISOString().slice(0, 10));
    }
    const mine = await myPlace(parent, registrationId);
    expect(mine.status).toBe('confirmed');
    expect(mine.plan?.instalments[0]).toMatchObject({
      status: 'failed',
      failedAttempts: 4,
      nextAttemptOn: null,
    });
    expect(await mailTo(db, host.email, `Instalment unpaid: ${mine.campName}`)).toHaveLength(1);
    const last = await mailTo(db, parent.email, `Your instalment could not be charged: ${mine.campName}`);
    expect(last).toHaveLength(4);
    expect(last[3]?.textBody).toContain('That was our last try. Your place is kept');
    expect((await payNow(parent, first.id, await addCard(app, parent.token, GOOD_NEW_CARD))).statusCode).toBe(
      200,
    );
  });

  it('releases the place after the last failure under the "release" rule and offers it to the waitlist', async () => {
    const { campId, sessionId } = await planCamp(
      { onFinalFailure: 'release' },
      { spotsAvailable: '1', allowsWaitlist: 'true' },
    );
    const { parent, registrationId, schedule } = await bookOnPlan(campId, sessionId);
    const waiting = await family(app, [9], { day: CAMP_DAY });
    const wait = await checkout(waiting, campId, {
      lines: [{ childId: waiting.childIds[0] ?? 0, sessionId }],
    });
    expect(wait.json().data.status).toBe('waitlisted');
    const first = schedule[0];
    if (!first) throw new Error('no instalment');
    await cardsDecline(parent);
    for (const offset of [0, 1, 3]) {
      await run(new Date(at(first.dueDate).getTime() + offset * 86_400_000).toISOString().slice(0, 10));
    }
    expect((await myPlace(parent, registrationId)).status).toBe('confirmed');
    await run(new Date(at(first.dueDate).getTime() + 5 * 86_400_000).toISOString().slice(0, 10));
    const mine = await myPlace(parent, registrationId);
    expect(mine.status).toBe('cancelled');
    // The default policy refunds everything until the start: the deposit comes back.
    expect(mine.refundedCents).toBe(5000);
    expect(mine.plan?.instalments.map((row) => row.status)).toEqual([]);
    const rows = await scheduleOf(registrationId);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await mailTo(db, parent.email, `Place released: ${mine.campName}`)).toHaveLength(1);

    await processWaitlist(deps);
    const [offered] = await db
      .select({ status: registrations.status })
      .from(registrations)
      .where(and(eq(registrations.parentId, waiting.id), eq(registrations.sessionId, sessionId)));
    expect(offered?.status).toBe('offered');
  });
});

describe('cancelling a place on a plan', () => {
  const TIERED = { fullUntilDays: 30, partial: { percent: 50, untilDays: 7 }, cancellationFeeCents: 0 };

  it('refunds what was paid beyond what the policy keeps of the price, and cancels what is still due', async () => {
    const { campId, sessionId } = await planCamp();
    await send(
      app,
      { method: 'PUT', url: `/host/camp/${campId}/refund-policy`, payload: TIERED },
      host.token,
    );
    const { parent, registrationId, schedule } = await bookOnPlan(campId, sessionId);
    const [first] = schedule;
    if (!first) throw new Error('no instalment');
    await run(first.dueDate);
    // 9 days before the start: half the price is kept ($75); $50 + $33.34 was paid.
    await cancelByParent(deps, parent.id, registrationId, at('2030-05-25'));
    const [place] = await db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(place).toMatchObject({ status: 'cancelled', refundedCents: 5000 + first.amountCents - 7500 });
    const rows = await scheduleOf(registrationId);
    expect(rows.map((row) => row.status)).toEqual(['paid', 'cancelled', 'cancelled']);
    const refunds = await db.select().from(testProcessorRefunds);
    const [instalmentPayment] = await db.select().from(payments).where(eq(payments.instalmentId, first.id));
    // Taken from the newest charge first: the instalment's.
    expect(instalmentPayment?.refundedCents).toBe(5000 + first.amountCents - 7500);
    expect(refunds.filter((row) => row.chargeId === instalmentPayment?.chargeId)).toHaveLength(1);
    await run('2030-05-19');
    expect((await scheduleOf(registrationId)).map((row) => row.status)).toEqual([
      'paid',
      'cancelled',
      'cancelled',
    ]);
  });

  it('keeps at most what was paid: nothing more is charged and nothing is refunded', async () => {
    const { campId, sessionId } = await planCamp();
    await send(
      app,
      { method: 'PUT', url: `/host/camp/${campId}/refund-policy`, payload: TIERED },
      host.token,
    );
    const { parent, registrationId } = await bookOnPlan(campId, sessionId);
    await cancelByParent(deps, parent.id, registrationId, at('2030-05-25'));
    const [place] = await db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(place).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect((await scheduleOf(registrationId)).map((row) => row.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('by the host refunds everything paid and cancels the rest; so does a cancelled session', async () => {
    const { campId, sessionId } = await planCamp();
    const { parent, registrationId, schedule } = await bookOnPlan(campId, sessionId);
    await run(schedule[0]?.dueDate ?? '');
    const res = await send(
      app,
      { method: 'POST', url: `/host/registrations/${registrationId}/cancel` },
      host.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mine = await myPlace(parent, registrationId);
    expect(mine).toMatchObject({
      status: 'cancelled',
      refundedCents: 5000 + (schedule[0]?.amountCents ?? 0),
    });
    expect((await scheduleOf(registrationId)).map((row) => row.status)).toEqual([
      'paid',
      'cancelled',
      'cancelled',
    ]);

    const second = await bookOnPlan(campId, sessionId);
    // A camp keeps at least one session: another one stays.
    await addSessions(app, host, campId, [
      { name: 'Week 2', startDate: '2030-06-10', endDate: '2030-06-14', price: '150', capacity: '10' },
    ]);
    const cancelled = await send(
      app,
      { method: 'POST', url: `/host/sessions/${sessionId}/cancel` },
      host.token,
    );
    expect([200, 204]).toContain(cancelled.statusCode);
    const [session] = await db.select().from(campSessions).where(eq(campSessions.id, sessionId));
    expect(session?.status).toBe('cancelled');
    const [place] = await db.select().from(registrations).where(eq(registrations.id, second.registrationId));
    expect(place).toMatchObject({ status: 'cancelled', refundedCents: 5000 });
  });

  it('is not moved to another session', async () => {
    const { campId, sessionId } = await planCamp();
    const { parent, registrationId } = await bookOnPlan(campId, sessionId);
    const res = await send(
      app,
      { method: 'GET', url: `/camper/registrations/${registrationId}/transfer-options` },
      parent.token,
    );
    expectError(res, 409, messages.planTransferRefused);
  });
});
