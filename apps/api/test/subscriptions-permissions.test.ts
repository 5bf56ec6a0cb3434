import { messages } from '@campwise/contract/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { bearer, createAdmin, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  expectError,
  GOOD_CARD,
  PAYMENTS_ENV,
  payCheckout,
  registerAccount,
  startCheckout,
} from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(PAYMENTS_ENV));
});

type Method = 'GET' | 'POST' | 'PUT';

/** Every subscription call, each with a body that would be valid for a host. */
const subscriptionCalls: Array<[Method, string, object | undefined]> = [
  ['GET', '/api/host/subscription', undefined],
  ['PUT', '/api/host/subscription', { sessionId: `cs_test_${'a'.repeat(24)}` }],
  ['POST', '/api/ecom/subscription', { priceId: 'anything' }],
  ['PUT', '/api/host/subscription/renewal', { cancelAtPeriodEnd: true }],
  ['POST', '/api/host/subscription/portal', undefined],
];

describe('subscription calls', () => {
  it.each(subscriptionCalls)('%s %s needs a signed-in user', async (method, url, payload) => {
    const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual(unauthenticatedReply);
  });

  it.each(subscriptionCalls)('%s %s refuses a token that is not valid', async (method, url, payload) => {
    const res = await app.inject({
      method,
      url,
      headers: bearer('not-a-token'),
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual(unauthenticatedReply);
  });

  describe.each(['camper', 'admin'] as const)('as %s', (role) => {
    let token: string;

    beforeAll(async () => {
      token =
        role === 'camper' ? (await registerAccount(app, 'camper')).token : (await createAdmin(app, db)).token;
    });

    it.each(subscriptionCalls)('%s %s is forbidden', async (method, url, payload) => {
      const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
      expectError(res, 403, 'FORBIDDEN', messages.forbidden);
    });
  });
});

describe('the hosted checkout', () => {
  const unknownId = `cs_test_${'0'.repeat(24)}`;

  it.each([
    'cs_test_short',
    `cs_live_${'0'.repeat(24)}`,
    `cs_test_${'0'.repeat(23)}g`,
    `cs_test_${'A'.repeat(24)}`,
    `cs_test_${'0'.repeat(25)}`,
  ])('answers 400 for the malformed id %s', async (sessionId) => {
    const page = await app.inject({ method: 'GET', url: `/api/pay/checkout/${sessionId}` });
    expect(page.statusCode, page.body).toBe(400);
    expect(page.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    const pay = await payCheckout(app, sessionId, GOOD_CARD);
    expect(pay.statusCode, pay.body).toBe(400);
    expect(pay.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });

  it('answers 404 for an id nobody was given', async () => {
    const page = await app.inject({ method: 'GET', url: `/api/pay/checkout/${unknownId}` });
    expectError(page, 404, 'NOT_FOUND', messages.checkoutUnavailable);
    expectError(await payCheckout(app, unknownId, GOOD_CARD), 404, 'NOT_FOUND', messages.checkoutUnavailable);
  });

  it('is open to anyone holding the session id, as a hosted payment page is', async () => {
    const host = await registerAccount(app, 'host');
    const sessionId = await startCheckout(app, host.token);
    const page = await app.inject({ method: 'GET', url: `/api/pay/checkout/${sessionId}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: { customerEmail: string } }>().data.customerEmail).toBe(host.email);
  });
});
