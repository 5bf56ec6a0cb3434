import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import type { Earnings, PayoutAccount } from '@campwise/contract/payouts';
import { receiptNumber } from '@campwise/contract/registrations';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { hostPayouts, paymentEntries, payments, registrations } from '../src/db/schema.ts';
import {
  testProcessorCharges,
  testProcessorPayouts,
  testProcessorRefunds,
} from '../src/platform/payments/test-processor/schema.ts';
import { approvedOrg, firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, subscribedOrgHost } from './org-fixtures.ts';
import {
  captureEvents,
  DAY_MS,
  deliverEvents,
  expectBooksBalance,
  expectError,
  postWebhook,
  registerAccount,
  startPayoutOnboarding,
  TEST_BANK_ACCOUNT,
} from './payments-fixtures.ts';
import {
  addCamp,
  addSessions,
  book,
  type CampHost,
  campHost,
  family,
  register,
} from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let adminToken: string;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  ({ token: adminToken } = await createAdmin(app, db));
  host = await campHost(app, adminToken);
});

afterAll(async () => {
  await expectBooksBalance(db);
});

async function payoutAccount(token: string): Promise<PayoutAccount> {
  const res = await app.inject({ method: 'GET', url: '/host/payout-account', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PayoutAccount }>().data;
}

async function earnings(token: string): Promise<Earnings> {
  const res = await app.inject({ method: 'GET', url: '/host/earnings', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Earnings }>().data;
}

async function publicCamp(campId: number): Promise<CampDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CampDetail }>().data;
}

function onboard(token: string, payload: Record<string, unknown> = TEST_BANK_ACCOUNT) {
  return app.inject({ method: 'POST', url: `/api/pay/onboarding/${token}`, payload });
}

/** A subscribed host with an approved organization who has not connected payouts. */
async function hostWithoutPayouts(): Promise<CampHost> {
  const account = await subscribedOrgHost(app, { payouts: false });
  return { ...account, orgId: await approvedOrg(app, adminToken, account.token) };
}

describe('connecting a payout account', () => {
  it('takes a host through the hosted onboarding to an active account, reported by a webhook', async () => {
    const newcomer = await registerAccount(app, 'host');
    expect(await payoutAccount(newcomer.token)).toMatchObject({
      status: 'none',
      bankLast4: null,
      feePercent: 5,
    });

    const token = await startPayoutOnboarding(app, newcomer.token);
    const page = await app.inject({ method: 'GET', url: `/api/pay/onboarding/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ data: { completed: false, expired: false, email: newcomer.email } });
    expect(await payoutAccount(newcomer.token)).toMatchObject({
      status: 'incomplete',
      chargesEnabled: false,
    });

    const bad = await onboard(token, { accountHolder: ' ', routingNumber: '12', accountNumber: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toEqual({
      accountHolder: messages.bankHolderRequired,
      routingNumber: messages.bankRoutingInvalid,
      accountNumber: messages.bankAccountInvalid,
    });

    const done = await onboard(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ data: { redirectUrl: `${ORG_ENV.PUBLIC_URL}/host/account?payouts=done` } });
    // The link is one use, like an account link.
    expectError(await onboard(token), 404, 'NOT_FOUND', messages.payoutOnboardingUnavailable);

    const events = await captureEvents(app);
    const updated = events.find((event) => event.event.type === 'account.updated');
    if (!updated) throw new Error('no account.updated event');
    expect((await postWebhook(app, updated.body, updated.signature)).statusCode).toBe(200);
    expect(await payoutAccount(newcomer.token)).toEqual({
      status: 'active',
      chargesEnabled: true,
      payoutsEnabled: true,
      bankLast4: '6789',
      feePercent: 5,
      payoutSchedule: 'Every 7 days',
    });
    // A replay changes nothing.
    expect((await postWebhook(app, updated.body, updated.signature)).statusCode).toBe(200);
  });

  it('refuses an unknown onboarding link', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/pay/onboarding/${'a'.repeat(36)}` });
    expectError(res, 404, 'NOT_FOUND', messages.payoutOnboardingUnavailable);
  });

  it('keeps a camp closed to registration until its host can be paid, and charges nothing', async () => {
    const waiting = await hostWithoutPayouts();
    const campId = await addCamp(app, waiting);
    expect((await publicCamp(campId)).takesRegistrations).toBe(false);
    const parent = await family(app, [9]);
    const before = await db.select().from(testProcessorCharges);
    const res = await register(app, parent, campId, {
      childIds: parent.childIds,
      paymentMethodId: parent.cardId,
    });
    expectError(res, 409, 'REGISTRATION_OPENS_SOON', messages.registrationOpensSoon);
    expect(await db.select().from(testProcessorCharges)).toHaveLength(before.length);
    expect(await db.select().from(registrations).where(eq(registrations.campId, campId))).toEqual([]);

    await startPayoutOnboarding(app, waiting.token).then(onboard);
    await deliverEvents(app);
    expect((await publicCamp(campId)).takesRegistrations).toBe(true);
    const paid = await register(app, parent, campId, {
      childIds: parent.childIds,
      paymentMethodId: parent.cardId,
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });
});

describe('split payments, refunds and earnings', () => {
  it('sends each charge to the host less 5 %, gives the fee back with a refund in proportion, and reports it all', async () => {
    const campId = await addCamp(app, host, { startDate: '2031-07-07', endDate: '2031-07-11', cost: '150' });
    const week1 = (await firstSession(db, campId)).id;
    const [week2] = (await addSessions(app, host, campId, [
      { name: 'Week 2', startDate: '2031-07-14', endDate: '2031-07-18', price: '199.99', capacity: '10' },
    ])) as [number];
    const policy = { fullUntilDays: 30, partial: null, cancellationFeeCents: 2500 };
    const set = await send(
      app,
      { method: 'PUT', url: `/host/camp/${campId}/refund-policy`, payload: policy },
      host.token,
    );
    expect(set.statusCode, set.body).toBe(200);

    const parent = await family(app, [8, 10], { day: '2031-07-01' });
    const [ada, ben] = parent.childIds as [number, number];
    const booked = await book(app, parent, campId, [
      { childId: ada, sessionId: week1 },
      { childId: ben, sessionId: week2 },
    ]);
    expect(booked.amountCents).toBe(34_999);
    const paymentId = Number(booked.receiptNumber?.replace('CW-', ''));
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const account = await payoutAccount(host.token);
    expect(account.status).toBe('active');
    // 5 % of $349.99 is 1749.95 cents: half a cent and more rounds up.
    expect(payment).toMatchObject({
      applicationFeeCents: 1750,
      destinationAccountId: expect.stringMatching(/^acct_test_/),
    });
    const [charge] = await db
      .select()
      .from(testProcessorCharges)
      .where(eq(testProcessorCharges.id, payment?.chargeId ?? ''));
    expect(charge).toMatchObject({
      amountCents: 34_999,
      applicationFeeCents: 1750,
      destinationAccountId: payment?.destinationAccountId,
    });
    // The fee split over the places by price: 15000 → 750, 19999 → 1000 (largest remainder).
    const entries = await db
      .select({
        sessionId: paymentEntries.sessionId,
        kind: paymentEntries.kind,
        amountCents: paymentEntries.amountCents,
        feeCents: paymentEntries.feeCents,
      })
      .from(paymentEntries)
      .where(eq(paymentEntries.paymentId, paymentId));
    expect(entries).toEqual([
      { sessionId: week1, kind: 'charge', amountCents: 15_000, feeCents: 750 },
      { sessionId: week2, kind: 'charge', amountCents: 19_999, feeCents: 1000 },
    ]);

    // Ada cancels: $150 less the $25 fee comes back, and 125/349.99 of the fee with it.
    const [adaPlace] = booked.registrationIds;
    const cancel = await app.inject({
      method: 'POST',
      url: `/camper/registrations/${adaPlace}/cancel`,
      headers: bearer(parent.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [refund] = await db
      .select()
      .from(testProcessorRefunds)
      .where(eq(testProcessorRefunds.chargeId, charge?.id ?? ''));
    // 1750 × 12500 / 34999 = 625.0178…: 625.
    expect(refund).toMatchObject({ amountCents: 12_500, applicationFeeRefundCents: 625 });

    const report = await earnings(host.token);
    const camp = report.camps.find((each) => each.campId === campId);
    expect(camp).toMatchObject({
      grossCents: 34_999,
      feeCents: 1125,
      refundedCents: 12_500,
      netCents: 21_374,
    });
    expect(
      camp?.sessions.map(({ name, grossCents, feeCents, refundedCents, netCents }) => ({
        name,
        grossCents,
        feeCents,
        refundedCents,
        netCents,
      })),
    ).toEqual([
      { name: expect.any(String), grossCents: 15_000, feeCents: 125, refundedCents: 12_500, netCents: 2375 },
      { name: 'Week 2', grossCents: 19_999, feeCents: 1000, refundedCents: 0, netCents: 18_999 },
    ]);

    const csv = await app.inject({ method: 'GET', url: '/host/earnings.csv', headers: bearer(host.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trimEnd().split('\r\n');
    // The byte order mark first, so spreadsheets read it as UTF-8.
    expect(lines[0]).toBe(
      '\uFEFF"Date","Type","Reference","Camp","Session","Gross","Refund","Platform fee","Net to you"',
    );
    const number = receiptNumber(paymentId);
    expect(lines.filter((line) => line.includes(`"${number}"`))).toEqual([
      expect.stringMatching(/"Payment",".+","150\.00","0\.00","7\.50","142\.50"$/),
      expect.stringMatching(/"Payment",".+","Week 2","199\.99","0\.00","10\.00","189\.99"$/),
      expect.stringMatching(/"Refund",".+","0\.00","125\.00","-6\.25","-118\.75"$/),
    ]);
  });

  it('pays a host’s balance out on the processor’s clock and follows the payout to the bank', async () => {
    const before = await earnings(host.token);
    expect(before.balanceCents).toBeGreaterThan(0);
    const week = new Date(Date.now() + 8 * DAY_MS);
    const events = await captureEvents(app, week);
    const created = events.filter((event) => event.event.type === 'payout.created');
    expect(created.length).toBeGreaterThan(0);
    // Delivered twice and in any order, the payouts are recorded once.
    for (const event of [...created, ...created].reverse()) {
      expect((await postWebhook(app, event.body, event.signature)).statusCode).toBe(200);
    }
    const sent = await earnings(host.token);
    expect(sent.payouts).toEqual([
      expect.objectContaining({ amountCents: before.balanceCents, status: 'in_transit' }),
    ]);
    expect(sent.balanceCents).toBe(0);

    await deliverEvents(app, new Date(week.getTime() + 3 * DAY_MS));
    const arrived = await earnings(host.token);
    expect(arrived.payouts).toEqual([
      expect.objectContaining({ amountCents: before.balanceCents, status: 'paid' }),
    ]);
    const [payout] = await db
      .select()
      .from(hostPayouts)
      .where(eq(hostPayouts.id, arrived.payouts[0]?.id ?? ''));
    const [processorPayout] = await db
      .select()
      .from(testProcessorPayouts)
      .where(and(eq(testProcessorPayouts.id, payout?.id ?? ''), eq(testProcessorPayouts.status, 'paid')));
    expect(processorPayout?.amountCents).toBe(before.balanceCents);
  });

  it('shows a host only their own earnings', async () => {
    const other = await campHost(app, adminToken);
    expect(await earnings(other.token)).toEqual({
      totals: { grossCents: 0, feeCents: 0, refundedCents: 0, netCents: 0 },
      balanceCents: 0,
      camps: [],
      payouts: [],
    });
  });
});

describe('a platform that keeps its fee on refunds', () => {
  let keeper: FastifyInstance;
  let keeperDb: Database;

  beforeAll(async () => {
    ({ app: keeper, db: keeperDb } = await buildTestApp({
      ...ORG_ENV,
      PLATFORM_FEE_PERCENT: '2.5',
      PLATFORM_FEE_REFUNDED: 'false',
    }));
  });

  afterAll(async () => {
    await expectBooksBalance(keeperDb);
    await keeper.close();
  });

  it('charges 2.5 % and gives none of it back when a family cancels', async () => {
    const { token } = await createAdmin(keeper, keeperDb);
    const owner = await campHost(keeper, token);
    const campId = await addCamp(keeper, owner);
    const parent = await family(keeper, [9]);
    const paid = await register(keeper, parent, campId, {
      childIds: parent.childIds,
      paymentMethodId: parent.cardId,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [place] = paid.json<{ data: { registrationIds: number[] } }>().data.registrationIds;
    const cancel = await keeper.inject({
      method: 'POST',
      url: `/camper/registrations/${place}/cancel`,
      headers: bearer(parent.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await keeper.inject({ method: 'GET', url: '/host/earnings', headers: bearer(owner.token) });
    // $150: a fee of $3.75 kept; the whole refund comes out of the host's share.
    expect(res.json<{ data: Earnings }>().data.totals).toEqual({
      grossCents: 15_000,
      feeCents: 375,
      refundedCents: 15_000,
      netCents: -375,
    });
  });
});
