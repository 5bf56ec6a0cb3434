import type { SavedCard } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { paymentCustomers, savedCards } from '../src/db/schema.ts';
import { beginCardSetup, removeCard, saveCard } from '../src/modules/cards/service.ts';
import { StripeProvider } from '../src/platform/payments/stripe-provider.ts';
import { testProcessorPaymentMethods } from '../src/platform/payments/test-processor/schema.ts';
import { type Call, send } from './camp-fixtures.ts';
import { FakeStripe } from './fake-stripe.ts';
import {
  createAdmin,
  registerCamper,
  registerHost,
  type TestUser,
  unauthenticatedReply,
} from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { columnsWhere, expectError, GOOD_CARD, PAYMENTS_ENV, TEST_CVC } from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let parent: TestUser;
let otherParent: TestUser;

const FUTURE_YEAR = new Date().getUTCFullYear() + 5;
const SAVED_NUMBERS = ['4242424242424242', '5555555555554444', '4000000000000341'];

beforeAll(async () => {
  ({ app, db } = await buildTestApp(PAYMENTS_ENV));
  [parent, otherParent] = await Promise.all([registerCamper(app), registerCamper(app)]);
});

function postCard(token: string, payload: object) {
  return send(app, { method: 'POST', url: '/camper/cards', payload }, token);
}

async function addCard(token: string, overrides: Record<string, string> = {}): Promise<SavedCard> {
  const res = await postCard(token, { ...GOOD_CARD, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SavedCard }>().data;
}

async function cardsOf(token: string): Promise<SavedCard[]> {
  const res = await send(app, { method: 'GET', url: '/camper/cards' }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SavedCard[] }>().data;
}

function customersOf(userId: number) {
  return db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
}

describe('saving a card with the test processor', () => {
  it("keeps the processor's token, brand, last four, expiry and the holder's name", async () => {
    const card = await addCard(parent.token, { cardNumber: '4242 4242 4242 4242', expDate: '3' });
    expect(card).toEqual({
      id: expect.any(Number),
      brand: 'visa',
      last4: '4242',
      expMonth: 3,
      expYear: FUTURE_YEAR,
      holderName: 'Robin Meadows',
      isExpired: false,
      createdAt: expect.any(String),
    });
    const [row] = await db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const [customer] = await customersOf(parent.id);
    expect(row).toEqual({
      id: card.id,
      parentId: parent.id,
      paymentMethodId: expect.stringMatching(/^pm_test_[0-9a-f]{24}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 3,
      expYear: FUTURE_YEAR,
      holderName: 'Robin Meadows',
      createdAt: expect.any(Date),
    });
    // The token is the processor's, for this parent's customer there.
    const [method] = await db
      .select()
      .from(testProcessorPaymentMethods)
      .where(eq(testProcessorPaymentMethods.id, row?.paymentMethodId ?? ''));
    expect(method?.customerId).toBe(customer?.customerId);
  });

  it('makes the customer at the processor once, also when the first two cards arrive together', async () => {
    const newParent = await registerCamper(app);
    const [first, second] = await Promise.all([
      postCard(newParent.token, GOOD_CARD),
      postCard(newParent.token, { ...GOOD_CARD, cardNumber: '5555 5555 5555 4444' }),
    ]);
    expect(first?.statusCode, first?.body).toBe(201);
    expect(second?.statusCode, second?.body).toBe(201);
    await addCard(newParent.token);
    const customers = await customersOf(newParent.id);
    expect(customers).toHaveLength(1);
    const methods = await db
      .select({ customerId: testProcessorPaymentMethods.customerId })
      .from(testProcessorPaymentMethods)
      .innerJoin(savedCards, eq(savedCards.paymentMethodId, testProcessorPaymentMethods.id))
      .where(eq(savedCards.parentId, newParent.id));
    expect(methods.map((method) => method.customerId)).toEqual(Array(3).fill(customers[0]?.customerId));
  });

  it('lists the cards oldest first, and reads one', async () => {
    const newParent = await registerCamper(app);
    expect(await cardsOf(newParent.token)).toEqual([]);
    const visa = await addCard(newParent.token);
    const mastercard = await addCard(newParent.token, { cardNumber: '5555555555554444', firstName: 'Sam' });
    expect(await cardsOf(newParent.token)).toEqual([visa, mastercard]);
    const res = await send(app, { method: 'GET', url: `/camper/cards/${mastercard.id}` }, newParent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { ...mastercard, brand: 'mastercard', holderName: 'Sam Meadows' } });
  });

  it('says when a saved card has expired since', async () => {
    const newParent = await registerCamper(app);
    const card = await addCard(newParent.token);
    await db.update(savedCards).set({ expMonth: 1, expYear: 2020 }).where(eq(savedCards.id, card.id));
    expect(await cardsOf(newParent.token)).toEqual([
      { ...card, expMonth: 1, expYear: 2020, isExpired: true },
    ]);
  });

  it('has no secure field to set up: the setup call answers no client secret', async () => {
    const res = await send(app, { method: 'POST', url: '/camper/cards/setup' }, parent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { clientSecret: null } });
  });
});

describe('cards that are refused', () => {
  it('asks for every field when none is filled in', async () => {
    const res = await postCard(parent.token, {});
    const required = messages.allCardFieldsRequired;
    expectError(res, 400, 'VALIDATION_ERROR', required, {
      firstName: required,
      lastName: required,
      cardNumber: required,
      expDate: required,
      expYear: required,
      cvc: required,
    });
  });

  it.each([
    ['a blank name', { lastName: '  ' }, 'lastName', messages.allCardFieldsRequired],
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'cardNumber',
      messages.cardNumberInvalid,
    ],
    ['a number too short', { cardNumber: '4242 4242' }, 'cardNumber', messages.cardNumberInvalid],
    [
      'letters in the number',
      { cardNumber: '4242 4242 4242 424x' },
      'cardNumber',
      messages.cardNumberInvalid,
    ],
    ['a past expiry', { expDate: '1', expYear: '2020' }, 'expYear', messages.cardExpired],
    ['month 13', { expDate: '13' }, 'expDate', messages.cardExpiryInvalid],
    ['a three-digit year', { expYear: '203' }, 'expYear', messages.cardExpiryInvalid],
    ['a two-digit CVC', { cvc: '12' }, 'cvc', messages.cardCvcInvalid],
    ['a five-digit CVC', { cvc: '12345' }, 'cvc', messages.cardCvcInvalid],
    ['letters in the CVC', { cvc: '12a' }, 'cvc', messages.cardCvcInvalid],
  ])('refuses %s on its field, saving nothing', async (_label, overrides, field, message) => {
    const before = await cardsOf(parent.token);
    const res = await postCard(parent.token, { ...GOOD_CARD, ...overrides });
    expectError(res, 400, 'VALIDATION_ERROR', message, { [field]: message });
    expect(await cardsOf(parent.token)).toEqual(before);
  });

  it.each([
    ['4000 0000 0000 0002', messages.cardDeclined],
    ['4000 0000 0000 9995', messages.cardInsufficientFunds],
    ['4000 0000 0000 0127', messages.cardIncorrectCvc],
    ['4000 0000 0000 0069', messages.cardExpired],
  ])(
    'answers the processor decline of %s with its reason (402), saving nothing',
    async (cardNumber, message) => {
      const before = await cardsOf(parent.token);
      const res = await postCard(parent.token, { ...GOOD_CARD, cardNumber });
      expectError(res, 402, 'CARD_DECLINED', message);
      expect(await cardsOf(parent.token)).toEqual(before);
    },
  );

  it('refuses a Stripe SetupIntent when cards are typed into our form', async () => {
    const res = await postCard(parent.token, {
      firstName: 'Robin',
      lastName: 'Meadows',
      setupIntentId: 'seti_123',
    });
    expectError(res, 400, 'BAD_REQUEST', messages.cardSetupUnavailable, {
      setupIntentId: messages.cardSetupUnavailable,
    });
    const bad = await postCard(parent.token, {
      firstName: 'Robin',
      lastName: 'Meadows',
      setupIntentId: 'pm_1',
    });
    expectError(bad, 400, 'VALIDATION_ERROR', messages.cardUseSecureField, {
      setupIntentId: messages.cardUseSecureField,
    });
  });

  it('limits how many cards one parent can try in fifteen minutes', async () => {
    const newParent = await registerCamper(app);
    // Numbers that reach the processor's tokeniser count; ones our own checks refuse never get there.
    const tries = Array.from({ length: 30 }, () =>
      postCard(newParent.token, { ...GOOD_CARD, cardNumber: '4000000000000002' }),
    );
    for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(402);
    const refused = await postCard(newParent.token, GOOD_CARD);
    expectError(refused, 429, 'RATE_LIMITED', messages.rateLimited);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // Another parent is not held up.
    await addCard((await registerCamper(app)).token);
  });
});

describe('removing a card', () => {
  it('removes it here and at the processor', async () => {
    const card = await addCard(parent.token);
    const [row] = await db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const res = await send(app, { method: 'DELETE', url: `/camper/cards/${card.id}` }, parent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { removed: true } });
    expect((await cardsOf(parent.token)).map((listed) => listed.id)).not.toContain(card.id);
    expect(
      await db
        .select()
        .from(testProcessorPaymentMethods)
        .where(eq(testProcessorPaymentMethods.id, row?.paymentMethodId ?? '')),
    ).toEqual([]);
    const again = await send(app, { method: 'DELETE', url: `/camper/cards/${card.id}` }, parent.token);
    expectError(again, 404, 'NOT_FOUND', messages.cardNotFound);
  });
});

describe('who may use the card calls', () => {
  let card: SavedCard;
  let host: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    card = await addCard(parent.token);
    host = await registerHost(app);
    admin = await createAdmin(app, db);
  });

  function calls(id: number): Call[] {
    return [
      { method: 'GET', url: '/camper/cards' },
      { method: 'POST', url: '/camper/cards', payload: GOOD_CARD },
      { method: 'POST', url: '/camper/cards/setup' },
      { method: 'GET', url: `/camper/cards/${id}` },
      { method: 'DELETE', url: `/camper/cards/${id}` },
    ];
  }

  it('refuses a guest (401)', async () => {
    for (const call of calls(card.id)) {
      const res = await send(app, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual(unauthenticatedReply);
    }
  });

  it('refuses a host and an administrator (403), saving nothing for them', async () => {
    for (const token of [host.token, admin.token]) {
      for (const call of calls(card.id)) {
        expectError(await send(app, call, token), 403, 'FORBIDDEN', messages.forbidden);
      }
    }
    expect(await customersOf(host.id)).toEqual([]);
  });

  it("answers another parent 404 for this parent's card and keeps it", async () => {
    for (const call of calls(card.id).slice(3)) {
      expectError(await send(app, call, otherParent.token), 404, 'NOT_FOUND', messages.cardNotFound);
    }
    expect((await cardsOf(parent.token)).map((listed) => listed.id)).toContain(card.id);
    expect((await cardsOf(otherParent.token)).map((listed) => listed.id)).not.toContain(card.id);
  });
});

describe('what is stored', () => {
  it('holds no card number or CVC in any text column, only last four digits', async () => {
    for (const cardNumber of SAVED_NUMBERS) await addCard(otherParent.token, { cardNumber });
    for (const number of [...SAVED_NUMBERS, '4000000000000002']) {
      const withNumber = await columnsWhere(
        db,
        (value) => sql`regexp_replace(${value}, '[^0-9]', '', 'g') like ${`%${number}%`}`,
      );
      expect(withNumber, number).toEqual([]);
    }
    const withCvc = await columnsWhere(
      db,
      (value) => sql`${value} ~ ${`(^|[^0-9A-Za-z])${TEST_CVC}([^0-9A-Za-z]|$)`}`,
    );
    expect(withCvc).toEqual([]);
    expect((await columnsWhere(db, (value) => sql`${value} = '4444'`)).sort()).toEqual([
      'public.saved_cards.last4',
      'test_processor.payment_methods.last4',
    ]);
  });
});

describe('with Stripe', () => {
  const stripeEnv = {
    ...PAYMENTS_ENV,
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_PRICE_ID: 'price_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_campwise',
  };
  const fake = new FakeStripe();
  let stripe: StripeProvider;
  let stripeApp: FastifyInstance;

  beforeAll(async () => {
    const port = await fake.start();
    stripe = new StripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_test',
      priceId: 'price_123',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    ({ app: stripeApp } = await buildTestApp(stripeEnv));
  });

  afterAll(() => fake.stop());

  beforeEach(() => {
    fake.reset();
  });

  it("tells the web app to use Stripe's card field with the publishable key, and lets Stripe's script in", async () => {
    const site = await stripeApp.inject({ method: 'GET', url: '/api/site' });
    expect(site.json().data.payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_campwise' });
    const csp = String(site.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toContain(
      "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;",
    );
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");

    const testSite = await app.inject({ method: 'GET', url: '/api/site' });
    expect(testSite.json().data.payments).toEqual({ provider: 'test', publishableKey: null });
    const testCsp = String(testSite.headers['content-security-policy']);
    expect(testCsp).not.toContain('stripe');
    expect(testCsp).toContain("script-src 'self';");
  });

  it('refuses typed card details before anything reaches Stripe', async () => {
    const stripeParent = await registerCamper(stripeApp);
    const res = await send(
      stripeApp,
      { method: 'POST', url: '/camper/cards', payload: GOOD_CARD },
      stripeParent.token,
    );
    expectError(res, 400, 'BAD_REQUEST', messages.cardUseSecureField, {
      cardNumber: messages.cardUseSecureField,
    });
    expect(await customersOf(stripeParent.id)).toEqual([]);
  });

  it('makes the Stripe customer once, starts a SetupIntent, saves its card and detaches it on removal', async () => {
    const stripeParent = await registerCamper(app);
    fake.answer('POST /v1/customers', 200, { id: 'cus_parent', object: 'customer' });
    fake.answer('POST /v1/setup_intents', 200, {
      id: 'seti_1',
      object: 'setup_intent',
      client_secret: 'seti_1_secret_abc',
    });
    expect(await beginCardSetup(db, stripe, stripeParent.id)).toEqual({ clientSecret: 'seti_1_secret_abc' });
    expect(await beginCardSetup(db, stripe, stripeParent.id)).toEqual({ clientSecret: 'seti_1_secret_abc' });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/setup_intents',
      'POST /v1/setup_intents',
    ]);
    expect(fake.requests[0]?.form.get('email')).toBe(stripeParent.email);
    expect(fake.requests[1]?.form.get('customer')).toBe('cus_parent');
    expect(await customersOf(stripeParent.id)).toEqual([
      { userId: stripeParent.id, customerId: 'cus_parent' },
    ]);

    fake.reset();
    fake.answer('GET /v1/setup_intents/seti_1', 200, {
      id: 'seti_1',
      object: 'setup_intent',
      status: 'succeeded',
      customer: 'cus_parent',
      payment_method: {
        id: 'pm_stripe',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'amex', last4: '0005', exp_month: 7, exp_year: FUTURE_YEAR },
      },
    });
    const card = await saveCard(db, stripe, stripeParent.id, {
      kind: 'setup-intent',
      setupIntentId: 'seti_1',
      firstName: 'Robin',
      lastName: 'Meadows',
    });
    expect(card).toMatchObject({
      brand: 'amex',
      last4: '0005',
      expMonth: 7,
      expYear: FUTURE_YEAR,
      holderName: 'Robin Meadows',
    });
    const [row] = await db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row?.paymentMethodId).toBe('pm_stripe');

    fake.reset();
    fake.answer('GET /v1/payment_methods/pm_stripe', 200, {
      id: 'pm_stripe',
      object: 'payment_method',
      customer: 'cus_parent',
    });
    fake.answer('POST /v1/payment_methods/pm_stripe/detach', 200, {
      id: 'pm_stripe',
      object: 'payment_method',
      customer: null,
    });
    await removeCard(db, stripe, stripeParent.id, card.id);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_stripe',
      'POST /v1/payment_methods/pm_stripe/detach',
    ]);
    expect(await db.select({ n: count() }).from(savedCards).where(eq(savedCards.id, card.id))).toEqual([
      { n: 0 },
    ]);
  });

  it("keeps nothing when Stripe says the SetupIntent is not this parent's", async () => {
    const stripeParent = await registerCamper(app);
    await db.insert(paymentCustomers).values({ userId: stripeParent.id, customerId: 'cus_mine' });
    fake.answer('GET /v1/setup_intents/seti_2', 200, {
      id: 'seti_2',
      object: 'setup_intent',
      status: 'succeeded',
      customer: 'cus_someone_else',
      payment_method: {
        id: 'pm_x',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 1, exp_year: FUTURE_YEAR },
      },
    });
    await expect(
      saveCard(db, stripe, stripeParent.id, {
        kind: 'setup-intent',
        setupIntentId: 'seti_2',
        firstName: 'A',
        lastName: 'B',
      }),
    ).rejects.toThrow('The card could not be saved. Please try again.');
    expect(await db.select().from(savedCards).where(eq(savedCards.parentId, stripeParent.id))).toEqual([]);
  });
});
