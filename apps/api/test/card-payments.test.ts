import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CardDetails, cardDetailsSchema } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { AppError } from '../src/platform/errors.ts';
import {
  PaymentDeclinedError,
  type PaymentProvider,
  RefundRefusedError,
} from '../src/platform/payments/provider.ts';
import {
  testProcessorCharges,
  testProcessorPaymentMethods,
  testProcessorRefunds,
} from '../src/platform/payments/test-processor/schema.ts';
import { buildTestApp } from './helper.ts';
import {
  columnsWhere,
  expectError,
  GOOD_CARD,
  PAYMENTS_ENV,
  processorOf,
  TEST_CVC,
} from './payments-fixtures.ts';

const GOOD_NUMBER = '4242424242424242';
const DECLINES_CHARGES_NUMBER = '4000000000000341';
/** CVCs other than TEST_CVC, to show any CVC is taken and none is kept. */
const OTHER_CVCS = ['0472', '815'];
const FUTURE_YEAR = new Date().getUTCFullYear() + 5;

let app: FastifyInstance;
let db: Database;
/** The built-in processor, used as the app's services use any provider. */
let processor: PaymentProvider;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(PAYMENTS_ENV));
  processor = processorOf(app);
});

/** Card details as the API would have them after checking the typed form. */
function card(
  cardNumber: string,
  overrides: Partial<Record<keyof typeof GOOD_CARD, string>> = {},
): CardDetails {
  return cardDetailsSchema.parse({ ...GOOD_CARD, cardNumber, ...overrides });
}

/** The error a promise is rejected with, failing the test when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function expectDeclined(promise: Promise<unknown>, message: string): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(PaymentDeclinedError);
  expect((error as PaymentDeclinedError).message).toBe(message);
}

function paymentMethodsOf(customerId: string) {
  return db
    .select()
    .from(testProcessorPaymentMethods)
    .where(eq(testProcessorPaymentMethods.customerId, customerId));
}

function chargesWithKey(idempotencyKey: string) {
  return db
    .select()
    .from(testProcessorCharges)
    .where(eq(testProcessorCharges.idempotencyKey, idempotencyKey));
}

function refundsOf(chargeId: string) {
  return db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.chargeId, chargeId));
}

/** Keys unique to one call, as a caller derives them from what it is paying for. */
let keyCounter = 0;
function idempotencyKey(label: string): string {
  keyCounter += 1;
  return `${label}-${process.pid}-${keyCounter}`;
}

/** A new customer with a saved card. */
async function customerWithCard(cardNumber: string = GOOD_NUMBER) {
  const customerId = await processor.createCustomer({ email: 'parent@example.com', userId: 1 });
  const saved = await processor.saveCard(customerId, { kind: 'details', card: card(cardNumber) });
  return { customerId, paymentMethodId: saved.paymentMethodId };
}

async function charge(amountCents = 4500) {
  const { customerId, paymentMethodId } = await customerWithCard();
  const { chargeId } = await processor.chargeCard({
    destination: null,
    customerId,
    paymentMethodId,
    amountCents,
    description: 'Lakeside week',
    idempotencyKey: idempotencyKey('charge'),
  });
  return chargeId;
}

describe('test processor customers', () => {
  it('gives every customer its own id', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map((userId) => processor.createCustomer({ email: `parent${userId}@example.com`, userId })),
    );
    for (const id of ids) expect(id).toMatch(/^cus_test_[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('has no browser-side card setup: cards are typed into our own form', async () => {
    const customerId = await processor.createCustomer({ email: 'parent@example.com', userId: 1 });
    await expect(processor.beginCardSetup(customerId)).resolves.toBeNull();
    await expect(
      processor.saveCard(customerId, { kind: 'details', card: card(GOOD_NUMBER) }),
    ).resolves.toMatchObject({ last4: '4242' });
  });
});

describe('saving a card with the test processor', () => {
  it('keeps the brand, last four digits and expiry under a new payment method id', async () => {
    const customerId = await processor.createCustomer({ email: 'parent@example.com', userId: 1 });
    const saved = await processor.saveCard(customerId, {
      kind: 'details',
      card: card('4242 4242 4242 4242', { expDate: '12', expYear: String(FUTURE_YEAR), cvc: TEST_CVC }),
    });
    expect(saved).toEqual({
      paymentMethodId: expect.stringMatching(/^pm_test_[0-9a-f]{24}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: FUTURE_YEAR,
    });
    expect(await paymentMethodsOf(customerId)).toEqual([
      {
        id: saved.paymentMethodId,
        customerId,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: FUTURE_YEAR,
        declinesCharges: false,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('takes any CVC, a two-digit year and a one-digit month, and names other brands', async () => {
    const customerId = await processor.createCustomer({ email: 'parent@example.com', userId: 1 });
    const twoDigitYear = String(FUTURE_YEAR % 100).padStart(2, '0');
    const [first, second] = OTHER_CVCS;
    const mastercard = await processor.saveCard(customerId, {
      kind: 'details',
      card: card('5555-5555-5555-4444', { expDate: '3', expYear: twoDigitYear, cvc: first }),
    });
    expect(mastercard).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: FUTURE_YEAR,
    });
    const visa = await processor.saveCard(customerId, {
      kind: 'details',
      card: card(GOOD_NUMBER, { cvc: second }),
    });
    expect(visa.paymentMethodId).not.toBe(mastercard.paymentMethodId);
    expect(await paymentMethodsOf(customerId)).toHaveLength(2);
  });

  it.each([
    ['4000 0000 0000 0002', messages.cardDeclined],
    ['4000 0000 0000 9995', messages.cardInsufficientFunds],
    ['4000 0000 0000 0127', messages.cardIncorrectCvc],
    ['4000 0000 0000 0069', messages.cardExpired],
  ])('declines %s with the processor reason, saving nothing', async (cardNumber, message) => {
    const customerId = await processor.createCustomer({ email: 'parent@example.com', userId: 1 });
    await expectDeclined(
      processor.saveCard(customerId, { kind: 'details', card: card(cardNumber) }),
      message,
    );
    expect(await paymentMethodsOf(customerId)).toEqual([]);
  });

  it('refuses a SetupIntent, which only Stripe issues, as a bad request', async () => {
    const customerId = await processor.createCustomer({ email: 'parent@example.com', userId: 1 });
    const error = await rejectionOf(
      processor.saveCard(customerId, { kind: 'setup-intent', setupIntentId: 'seti_1' }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: messages.cardNumberInvalid,
    });
    expect(await paymentMethodsOf(customerId)).toEqual([]);
  });

  it('saves the card that declines later, marked so its charges fail', async () => {
    const customerId = await processor.createCustomer({ email: 'parent@example.com', userId: 1 });
    const saved = await processor.saveCard(customerId, {
      kind: 'details',
      card: card('4000 0000 0000 0341'),
    });
    expect(saved).toMatchObject({ brand: 'visa', last4: '0341' });
    expect(await paymentMethodsOf(customerId)).toMatchObject([
      { id: saved.paymentMethodId, declinesCharges: true },
    ]);
  });
});

describe('charging a saved card with the test processor', () => {
  it('charges once and records the amount', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    const key = idempotencyKey('charge');
    const { chargeId } = await processor.chargeCard({
      destination: null,
      customerId,
      paymentMethodId,
      amountCents: 12_500,
      description: 'Lakeside week',
      idempotencyKey: key,
    });
    expect(chargeId).toMatch(/^ch_test_[0-9a-f]{24}$/);
    expect(await chargesWithKey(key)).toEqual([
      {
        id: chargeId,
        customerId,
        paymentMethodId,
        amountCents: 12_500,
        description: 'Lakeside week',
        destinationAccountId: null,
        applicationFeeCents: 0,
        idempotencyKey: key,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('answers a retry with the same key with the first charge', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    const input = {
      destination: null,
      customerId,
      paymentMethodId,
      amountCents: 4500,
      description: 'Lakeside week',
      idempotencyKey: idempotencyKey('retry'),
    };
    const first = await processor.chargeCard(input);
    const second = await processor.chargeCard(input);
    expect(second).toEqual(first);
    expect(await chargesWithKey(input.idempotencyKey)).toHaveLength(1);
  });

  it('charges once when requests with the same key arrive together', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    const input = {
      destination: null,
      customerId,
      paymentMethodId,
      amountCents: 4500,
      description: 'Lakeside week',
      idempotencyKey: idempotencyKey('parallel'),
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => processor.chargeCard(input)));
    const chargeIds = new Set(results.map((result) => result.chargeId));
    expect(chargeIds.size).toBe(1);
    const rows = await chargesWithKey(input.idempotencyKey);
    expect(rows).toHaveLength(1);
    expect(chargeIds.has(rows[0]?.id ?? '')).toBe(true);
  });

  it("declines another customer's card, and a card nobody saved, charging nothing", async () => {
    const owner = await customerWithCard();
    const other = await customerWithCard();
    for (const paymentMethodId of [owner.paymentMethodId, 'pm_test_unknown']) {
      const key = idempotencyKey('foreign');
      await expectDeclined(
        processor.chargeCard({
          destination: null,
          customerId: other.customerId,
          paymentMethodId,
          amountCents: 4500,
          description: 'Lakeside week',
          idempotencyKey: key,
        }),
        messages.cardDeclined,
      );
      expect(await chargesWithKey(key)).toEqual([]);
    }
  });

  it('declines every charge on the card that declines later', async () => {
    const { customerId, paymentMethodId } = await customerWithCard(DECLINES_CHARGES_NUMBER);
    for (const amountCents of [4500, 100]) {
      const key = idempotencyKey('declines');
      await expectDeclined(
        processor.chargeCard({
          destination: null,
          customerId,
          paymentMethodId,
          amountCents,
          description: 'Lakeside week',
          idempotencyKey: key,
        }),
        messages.cardDeclined,
      );
      expect(await chargesWithKey(key)).toEqual([]);
    }
    const [{ count } = { count: -1 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(testProcessorCharges)
      .where(eq(testProcessorCharges.paymentMethodId, paymentMethodId));
    expect(count).toBe(0);
  });
});

describe('refunding a charge with the test processor', () => {
  it('refunds a whole charge', async () => {
    const chargeId = await charge(4500);
    const { refundId } = await processor.refund({
      applicationFeeRefundCents: 0,
      chargeId,
      amountCents: 4500,
      idempotencyKey: idempotencyKey('full'),
    });
    expect(refundId).toMatch(/^re_test_[0-9a-f]{24}$/);
    expect(await refundsOf(chargeId)).toMatchObject([{ id: refundId, chargeId, amountCents: 4500 }]);
  });

  it('refunds parts of a charge up to what was paid, and no further', async () => {
    const chargeId = await charge(4500);
    await processor.refund({
      applicationFeeRefundCents: 0,
      chargeId,
      amountCents: 1000,
      idempotencyKey: idempotencyKey('part'),
    });
    await processor.refund({
      applicationFeeRefundCents: 0,
      chargeId,
      amountCents: 3000,
      idempotencyKey: idempotencyKey('part'),
    });
    const tooMuch = idempotencyKey('part');
    await expect(
      processor.refund({ applicationFeeRefundCents: 0, chargeId, amountCents: 501, idempotencyKey: tooMuch }),
    ).rejects.toThrow(RefundRefusedError);
    await processor.refund({
      applicationFeeRefundCents: 0,
      chargeId,
      amountCents: 500,
      idempotencyKey: idempotencyKey('part'),
    });
    await expect(
      processor.refund({
        applicationFeeRefundCents: 0,
        chargeId,
        amountCents: 1,
        idempotencyKey: idempotencyKey('part'),
      }),
    ).rejects.toThrow(RefundRefusedError);
    const rows = await refundsOf(chargeId);
    expect(rows.map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([500, 1000, 3000]);
    expect(rows.some((row) => row.idempotencyKey === tooMuch)).toBe(false);
  });

  it('answers a retry with the same key with the first refund', async () => {
    const chargeId = await charge(4500);
    const input = {
      applicationFeeRefundCents: 0,
      chargeId,
      amountCents: 2000,
      idempotencyKey: idempotencyKey('retry-refund'),
    };
    const first = await processor.refund(input);
    const second = await processor.refund(input);
    expect(second).toEqual(first);
    expect(await refundsOf(chargeId)).toHaveLength(1);
  });

  it('refunds once when requests with the same key arrive together', async () => {
    const chargeId = await charge(4500);
    const input = {
      applicationFeeRefundCents: 0,
      chargeId,
      amountCents: 2000,
      idempotencyKey: idempotencyKey('parallel-refund'),
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => processor.refund(input)));
    expect(new Set(results.map((result) => result.refundId)).size).toBe(1);
    expect(await refundsOf(chargeId)).toHaveLength(1);
  });

  it('never refunds more than the charge when refunds arrive together', async () => {
    const chargeId = await charge(1000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        processor.refund({
          applicationFeeRefundCents: 0,
          chargeId,
          amountCents: 600,
          idempotencyKey: idempotencyKey('race'),
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(RefundRefusedError);
    }
    expect(await refundsOf(chargeId)).toMatchObject([{ amountCents: 600 }]);
  });

  it('refuses an unknown charge', async () => {
    await expect(
      processor.refund({
        applicationFeeRefundCents: 0,
        chargeId: 'ch_test_unknown',
        amountCents: 100,
        idempotencyKey: idempotencyKey('unknown'),
      }),
    ).rejects.toThrow(RefundRefusedError);
  });

  it.each([0, -100])('refuses a refund of %i cents', async (amountCents) => {
    const chargeId = await charge(4500);
    await expect(
      processor.refund({
        applicationFeeRefundCents: 0,
        chargeId,
        amountCents,
        idempotencyKey: idempotencyKey('nothing'),
      }),
    ).rejects.toThrow(RefundRefusedError);
    expect(await refundsOf(chargeId)).toEqual([]);
  });
});

describe('what the test processor keeps of a card', () => {
  it('never stores a full card number or a CVC', async () => {
    // Saved, declined and charged cards alike, on top of everything the tests above stored.
    const { customerId, paymentMethodId } = await customerWithCard(GOOD_NUMBER);
    await processor.chargeCard({
      destination: null,
      customerId,
      paymentMethodId,
      amountCents: 4500,
      description: 'Lakeside week',
      idempotencyKey: idempotencyKey('scan'),
    });
    await customerWithCard(DECLINES_CHARGES_NUMBER);
    await expectDeclined(
      processor.saveCard(customerId, { kind: 'details', card: card('4000000000000002') }),
      messages.cardDeclined,
    );

    const numbers = [
      GOOD_NUMBER,
      '5555555555554444',
      DECLINES_CHARGES_NUMBER,
      '4000000000000002',
      '4000000000009995',
      '4000000000000127',
      '4000000000000069',
    ];
    for (const number of numbers) {
      // Digits only, so a number kept with spaces or dashes is found too.
      const withNumber = await columnsWhere(
        db,
        (value) => sql`regexp_replace(${value}, '[^0-9]', '', 'g') like ${`%${number}%`}`,
      );
      expect(withNumber, number).toEqual([]);
    }
    // Generated ids may contain any few digits by chance, so a CVC is looked for as a value or
    // a token of its own, which is how it would sit in a stored record.
    for (const cvc of [TEST_CVC, ...OTHER_CVCS]) {
      const withCvc = await columnsWhere(
        db,
        (value) => sql`${value} ~ ${`(^|[^0-9A-Za-z])${cvc}([^0-9A-Za-z]|$)`}`,
      );
      expect(withCvc, cvc).toEqual([]);
    }
    // The scan does look at the processor's records: the last four digits are there.
    expect(await columnsWhere(db, (value) => sql`${value} = '4242'`)).toEqual([
      'test_processor.payment_methods.last4',
    ]);
  });
});

describe('a declined card in a request', () => {
  // buildTestApp answers an app that is already ready, and a ready app takes no new routes, so
  // this one is built by hand on a database of its own, with a route that stands in for any
  // route whose card is declined.
  let declineApp: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'campwise-test-'));
    database = openDatabase({ kind: 'pglite', dataDir: null });
    declineApp = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
      database,
      startJobs: false,
    });
    declineApp.post('/api/test-decline', async () => {
      throw new PaymentDeclinedError(messages.cardInsufficientFunds);
    });
    await declineApp.ready();
  });

  afterAll(async () => {
    await declineApp?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is answered with a 402 and the message for the card holder', async () => {
    const res = await declineApp.inject({ method: 'POST', url: '/api/test-decline', payload: {} });
    expectError(res, 402, 'CARD_DECLINED', messages.cardInsufficientFunds);
  });
});
