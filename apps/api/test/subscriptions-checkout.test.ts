import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { CHECKOUT_TRIES } from '../src/modules/payments/routes.ts';
import {
  testProcessorCheckoutSessions,
  testProcessorSubscriptions,
} from '../src/platform/payments/test-processor/schema.ts';
import { buildTestApp } from './helper.ts';
import {
  type Account,
  columnsWhere,
  confirmCheckout,
  deliverEvents,
  expectError,
  GOOD_CARD,
  getSubscription,
  hostRowForSession,
  oneMonthAfter,
  PAYMENTS_ENV,
  PUBLIC_URL,
  payCheckout,
  payForHost,
  registerHost,
  requestCheckout,
  startCheckout,
  subscribedHost,
  subscriptionState,
  TEST_CVC,
  unsubscribedState,
} from './payments-fixtures.ts';

const PLAN_PRICE_CENTS = 3400;

let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({ ...PAYMENTS_ENV, PLAN_PRICE_CENTS: String(PLAN_PRICE_CENTS) }));
});

async function sessionStatus(sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: testProcessorCheckoutSessions.status })
    .from(testProcessorCheckoutSessions)
    .where(eq(testProcessorCheckoutSessions.id, sessionId));
  return row?.status;
}

/** Milliseconds between an ISO time and the same time one month after `from`. */
function distanceFromOneMonthAfter(iso: string | null, from: Date): number {
  if (iso === null) throw new Error('no period end');
  return Math.abs(new Date(iso).getTime() - oneMonthAfter(from).getTime());
}

describe('a host without a subscription', () => {
  it('is reported as not subscribed', async () => {
    const host = await registerHost(app);
    const res = await getSubscription(app, host.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [unsubscribedState] });
  });
});

describe('starting a checkout', () => {
  it("sends the host to the processor's hosted page, which shows the plan", async () => {
    const host = await registerHost(app);
    const res = await requestCheckout(app, host.token, { priceId: 'anything' });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ data: { url: string } }>().data;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/pay\/checkout\/cs_test_[0-9a-f]{24}$/);
    const sessionId = url.slice(url.lastIndexOf('/') + 1);

    const page = await app.inject({ method: 'GET', url: `/api/pay/checkout/${sessionId}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      data: {
        id: sessionId,
        merchant: 'Campwise',
        description: 'Campwise Host',
        amountCents: PLAN_PRICE_CENTS,
        interval: 'month',
        customerEmail: host.email,
        status: 'open',
        cancelUrl: `${PUBLIC_URL}/host/subscribe`,
      },
    });
    // A checkout that has not been paid is not a subscription.
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);
  });

  it('ignores the price the client names and accepts a body without one', async () => {
    const host = await registerHost(app);
    for (const payload of [{}, { priceId: 'price_chosen_by_the_browser' }]) {
      const res = await requestCheckout(app, host.token, payload);
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json<{ data: { url: string } }>().data;
      const sessionId = url.slice(url.lastIndexOf('/') + 1);
      const page = await app.inject({ method: 'GET', url: `/api/pay/checkout/${sessionId}` });
      expect(page.json<{ data: { amountCents: number } }>().data.amountCents).toBe(PLAN_PRICE_CENTS);
    }
  });
  it('expires an earlier open checkout, so two tabs cannot buy two subscriptions', async () => {
    const host = await registerHost(app);
    const first = await startCheckout(app, host.token);
    const second = await startCheckout(app, host.token);
    const earlier = await app.inject({ method: 'GET', url: `/api/pay/checkout/${first}` });
    expect(earlier.json<{ data: { status: string } }>().data.status).toBe('expired');
    expectError(await payCheckout(app, first, GOOD_CARD), 409, 'CONFLICT', messages.checkoutUnavailable);
    expect((await payCheckout(app, second, GOOD_CARD)).statusCode).toBe(200);
  });
});

describe('paying at the hosted checkout', () => {
  let host: Account;
  let sessionId: string;

  beforeAll(async () => {
    host = await registerHost(app);
    sessionId = await startCheckout(app, host.token);
  });

  it.each([
    ['4000 0000 0000 0002', messages.cardDeclined],
    ['4000 0000 0000 9995', messages.cardInsufficientFunds],
    ['4000 0000 0000 0127', messages.cardIncorrectCvc],
    ['4000 0000 0000 0069', messages.cardExpired],
  ])('declines the test card %s and leaves the host unsubscribed', async (cardNumber, message) => {
    const res = await payCheckout(app, sessionId, { ...GOOD_CARD, cardNumber });
    expectError(res, 402, 'CARD_DECLINED', message, { cardNumber: message });
    expect(await sessionStatus(sessionId)).toBe('open');
    await deliverEvents(app);
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);
  });

  const lastMonth = (() => {
    const today = new Date();
    const firstOfLastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    return {
      expDate: String(firstOfLastMonth.getUTCMonth() + 1),
      expYear: String(firstOfLastMonth.getUTCFullYear()),
    };
  })();

  it.each([
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'cardNumber',
      messages.cardNumberInvalid,
    ],
    ['a number too short', { cardNumber: '4242 4242 42' }, 'cardNumber', messages.cardNumberInvalid],
    [
      'a number too long',
      { cardNumber: '4242 4242 4242 4242 4242' },
      'cardNumber',
      messages.cardNumberInvalid,
    ],
    [
      'letters in the number',
      { cardNumber: '4242 4242 4242 424a' },
      'cardNumber',
      messages.cardNumberInvalid,
    ],
    [
      'an expiry years ago (4-digit year)',
      { expDate: '1', expYear: '2020' },
      'expYear',
      messages.cardExpired,
    ],
    ['an expiry years ago (2-digit year)', { expDate: '12', expYear: '20' }, 'expYear', messages.cardExpired],
    ['an expiry last month', lastMonth, 'expYear', messages.cardExpired],
    ['a 3-digit year', { expYear: '204' }, 'expYear', messages.cardExpiryInvalid],
    ['a 5-digit year', { expYear: '20400' }, 'expYear', messages.cardExpiryInvalid],
    ['month 13', { expDate: '13' }, 'expDate', messages.cardExpiryInvalid],
    ['month 0', { expDate: '0' }, 'expDate', messages.cardExpiryInvalid],
    ['a 2-digit CVC', { cvc: '97' }, 'cvc', messages.cardCvcInvalid],
    ['a 5-digit CVC', { cvc: '97310' }, 'cvc', messages.cardCvcInvalid],
    ['letters in the CVC', { cvc: '97a' }, 'cvc', messages.cardCvcInvalid],
    ['an empty first name', { firstName: '' }, 'firstName', messages.allCardFieldsRequired],
    ['a blank last name', { lastName: '   ' }, 'lastName', messages.allCardFieldsRequired],
    ['an empty card number', { cardNumber: '' }, 'cardNumber', messages.allCardFieldsRequired],
    ['an empty expiry month', { expDate: '' }, 'expDate', messages.allCardFieldsRequired],
    ['an empty expiry year', { expYear: '' }, 'expYear', messages.allCardFieldsRequired],
    ['an empty CVC', { cvc: '' }, 'cvc', messages.allCardFieldsRequired],
    ['a missing CVC', { cvc: undefined }, 'cvc', messages.allCardFieldsRequired],
  ])('refuses %s with the form message', async (_label, change, field, message) => {
    const res = await payCheckout(app, sessionId, { ...GOOD_CARD, ...change });
    expectError(res, 400, 'VALIDATION_ERROR', message, { [field]: message });
    expect(await sessionStatus(sessionId)).toBe('open');
  });

  it('reports every empty field of an empty form', async () => {
    const res = await payCheckout(app, sessionId, {});
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; fields: Record<string, string> }>();
    expect(body.message).toBe(messages.allCardFieldsRequired);
    expect(body.fields).toEqual({
      firstName: messages.allCardFieldsRequired,
      lastName: messages.allCardFieldsRequired,
      cardNumber: messages.allCardFieldsRequired,
      expDate: messages.allCardFieldsRequired,
      expYear: messages.allCardFieldsRequired,
      cvc: messages.allCardFieldsRequired,
    });
  });

  it('pays with a good card and sends the host back with the session id', async () => {
    const paidAt = new Date();
    const res = await payCheckout(app, sessionId, GOOD_CARD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { redirectUrl: `${PUBLIC_URL}/host/subscribe/success?session_id=${sessionId}` },
    });
    expect(await sessionStatus(sessionId)).toBe('complete');

    const page = await app.inject({ method: 'GET', url: `/api/pay/checkout/${sessionId}` });
    expect(page.json<{ data: { status: string } }>().data.status).toBe('complete');

    const [subscription] = await db
      .select()
      .from(testProcessorSubscriptions)
      .where(eq(testProcessorSubscriptions.id, (await hostRowForSession(db, sessionId)).subscriptionId));
    expect(subscription).toMatchObject({ status: 'active', cardBrand: 'visa', cardLast4: '4242' });
    expect(
      distanceFromOneMonthAfter(subscription?.currentPeriodEnd.toISOString() ?? null, paidAt),
    ).toBeLessThan(60_000);
  });

  it('refuses to take a second payment for the same checkout', async () => {
    const res = await payCheckout(app, sessionId, GOOD_CARD);
    expectError(res, 409, 'CONFLICT', messages.checkoutUnavailable);
  });

  it('subscribes the host once the checkout is confirmed', async () => {
    const confirmedAt = new Date();
    const res = await confirmCheckout(app, host.token, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: [{ currentPeriodEnd: string | null }] }>();
    expect(data).toEqual([
      {
        isSubscribed: true,
        status: 'active',
        currentPeriodEnd: expect.any(String),
        cancelAtPeriodEnd: false,
        hasBillingPortal: false,
        onTeam: false,
      },
    ]);
    expect(distanceFromOneMonthAfter(data[0].currentPeriodEnd, confirmedAt)).toBeLessThan(60_000);
    expect(await subscriptionState(app, host.token)).toEqual(data[0]);
  });

  it('answers the same state when the host confirms again (a reload of the success page)', async () => {
    const before = await subscriptionState(app, host.token);
    const res = await confirmCheckout(app, host.token, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [before] });
  });

  it('refuses a new checkout while the host is subscribed', async () => {
    const res = await requestCheckout(app, host.token);
    expectError(res, 409, 'CONFLICT', messages.alreadySubscribed);
  });

  it('never stores the card number or the CVC', async () => {
    await deliverEvents(app);
    // Digits only, so a number kept with spaces or dashes is found too.
    const withNumber = await columnsWhere(
      db,
      (value) => sql`regexp_replace(${value}, '[^0-9]', '', 'g') like ${'%4242424242424242%'}`,
    );
    expect(withNumber).toEqual([]);
    // Generated ids and hashes may contain any four digits by chance, so the CVC is looked
    // for as a value or a token of its own, which is how it would sit in a stored record.
    const withCvc = await columnsWhere(
      db,
      (value) => sql`${value} ~ ${`(^|[^0-9A-Za-z])${TEST_CVC}([^0-9A-Za-z]|$)`}`,
    );
    expect(withCvc).toEqual([]);
    // The scan does look at the processor's records: the last four digits are there.
    expect(await columnsWhere(db, (value) => sql`${value} = '4242'`)).toEqual([
      'test_processor.subscriptions.card_last4',
    ]);
  });
});

describe('tries at one checkout', () => {
  it('are limited per checkout, so card testing stops while other checkouts from the address still pay', async () => {
    const hammered = await startCheckout(app, (await registerHost(app)).token);
    const declinedCard = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };
    for (let tries = 0; tries < CHECKOUT_TRIES; tries += 1) {
      expect((await payCheckout(app, hammered, declinedCard)).statusCode).toBe(402);
    }
    expectError(await payCheckout(app, hammered, GOOD_CARD), 429, 'RATE_LIMITED', messages.rateLimited);
    expect(await sessionStatus(hammered)).toBe('open');

    const other = await startCheckout(app, (await registerHost(app)).token);
    expect((await payCheckout(app, other, GOOD_CARD)).statusCode).toBe(200);
  });
});

describe('confirming a checkout', () => {
  it('needs a session id; a claim of being subscribed changes nothing', async () => {
    const host = await registerHost(app);
    for (const payload of [
      { isSubscribed: true },
      { sessionId: '' },
      { sessionId: '   ' },
      { sessionId: 42 },
    ]) {
      const res = await confirmCheckout(app, host.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);
  });

  it('refuses a checkout that has not been paid', async () => {
    const host = await registerHost(app);
    const sessionId = await startCheckout(app, host.token);
    const res = await confirmCheckout(app, host.token, { sessionId });
    expectError(res, 409, 'CONFLICT', messages.paymentNotConfirmed);
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);
  });

  it('answers 404 for a session id that does not exist', async () => {
    const host = await registerHost(app);
    await startCheckout(app, host.token);
    for (const sessionId of [
      `cs_test_${'0'.repeat(24)}`,
      'cs_test_0123456789abcdef01234567',
      'not-a-session',
    ]) {
      const res = await confirmCheckout(app, host.token, { sessionId });
      expectError(res, 404, 'NOT_FOUND', messages.checkoutUnavailable);
    }
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);
  });

  it("answers 404 for another host's paid session and changes nothing for either host", async () => {
    // The other host pays with a 2-digit expiry year, which the form accepts as well.
    const payer = await registerHost(app);
    const paidSession = await payForHost(app, payer.token, { ...GOOD_CARD, expYear: '49' });
    const intruder = await registerHost(app);
    await startCheckout(app, intruder.token);

    const res = await confirmCheckout(app, intruder.token, { sessionId: paidSession });
    expectError(res, 404, 'NOT_FOUND', messages.checkoutUnavailable);
    expect(await subscriptionState(app, intruder.token)).toEqual(unsubscribedState);
    const before = await subscriptionState(app, payer.token);
    expect(before).toEqual(unsubscribedState);

    const own = await confirmCheckout(app, payer.token, { sessionId: paidSession });
    expect(own.statusCode, own.body).toBe(200);
    expect(await subscriptionState(app, payer.token)).toMatchObject({ isSubscribed: true, status: 'active' });
    expect(await subscriptionState(app, intruder.token)).toEqual(unsubscribedState);
  });

  it("cannot take over a subscribed host's session after the fact", async () => {
    const owner = await subscribedHost(app);
    const intruder = await registerHost(app);
    const res = await confirmCheckout(app, intruder.token, { sessionId: owner.sessionId });
    expectError(res, 404, 'NOT_FOUND', messages.checkoutUnavailable);
    expect(await subscriptionState(app, intruder.token)).toEqual(unsubscribedState);
    expect(await subscriptionState(app, owner.token)).toEqual(owner.state);
  });
});
