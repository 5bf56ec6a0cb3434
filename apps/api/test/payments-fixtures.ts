import type { CardDetailsInput } from '@campwise/contract/cards';
import type { SubscriptionState } from '@campwise/contract/subscriptions';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';
import { hostSubscriptions, paymentWebhookEvents } from '../src/db/schema.ts';
import { booksProblems, settleWithinMs } from '../src/modules/payouts/check-books.ts';
import { TEST_SIGNATURE_HEADER } from '../src/platform/payments/provider.ts';
import { testProcessorCheckoutSessions } from '../src/platform/payments/test-processor/schema.ts';
import { TestProcessor, type WebhookSender } from '../src/platform/payments/test-processor/test-processor.ts';
import { bearer, tokenOf, uniqueEmail, uniqueRemoteAddress } from './fixtures.ts';

export const PUBLIC_URL = 'http://127.0.0.1:3000';

/** A fixed secret and public address, so links and signatures are predictable. */
export const PAYMENTS_ENV = {
  JWT_SECRET: 'campwise-payments-test-secret-0123456789abcdef',
  PUBLIC_URL,
};

/** Long enough and not on the common-password list. */
export const ACCOUNT_PASSWORD = 'sunny meadow camp';

/** A CVC no generated id or hash is likely to contain as a separate token. */
export const TEST_CVC = '9731';

/** A card that pays; its expiry stays in the future whenever the tests run. */
export const GOOD_CARD = {
  firstName: 'Robin',
  lastName: 'Meadows',
  cardNumber: '4242 4242 4242 4242',
  expDate: '12',
  expYear: String(new Date().getUTCFullYear() + 5),
  cvc: TEST_CVC,
} satisfies CardDetailsInput;

/** Accepted at checkout, declined on every renewal. */
export const DECLINES_RENEWALS_CARD = '4000 0000 0000 0341';

export interface Account {
  token: string;
  email: string;
}

/** Registers a host or a camper through the API with a fresh address. */
export async function registerAccount(app: FastifyInstance, kind: 'host' | 'camper'): Promise<Account> {
  const email = uniqueEmail(kind);
  const res = await app.inject({
    method: 'POST',
    url: kind === 'host' ? '/auth/register' : '/camper/auth/register',
    remoteAddress: uniqueRemoteAddress(),
    payload: {
      firstName: 'Robin',
      lastName: 'Meadows',
      email,
      password: ACCOUNT_PASSWORD,
      ...(kind === 'camper' ? { phone: '312-555-0142' } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { token: tokenOf(res), email };
}

export const registerHost = (app: FastifyInstance) => registerAccount(app, 'host');

/** The built-in processor the app runs when Stripe is not configured. */
export function processorOf(app: FastifyInstance): TestProcessor {
  const processor = app.payments;
  if (!(processor instanceof TestProcessor))
    throw new Error(`expected the test processor, got ${processor.kind}`);
  return processor;
}

export function getSubscription(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/host/subscription', headers: bearer(token) });
}

/** The host's subscription as the API reports it, failing the test for any other answer. */
export async function subscriptionState(app: FastifyInstance, token: string): Promise<SubscriptionState> {
  const res = await getSubscription(app, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ data: SubscriptionState[] }>();
  expect(body.data).toHaveLength(1);
  const [state] = body.data;
  if (!state) throw new Error(`no subscription state in ${res.body}`);
  return state;
}

export const unsubscribedState: SubscriptionState = {
  isSubscribed: false,
  status: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasBillingPortal: false,
  onTeam: false,
};

export function requestCheckout(
  app: FastifyInstance,
  token: string,
  payload: object = { priceId: 'anything' },
) {
  return app.inject({ method: 'POST', url: '/api/ecom/subscription', headers: bearer(token), payload });
}

/** Starts a checkout and answers its session id (the last part of the hosted page's address). */
export async function startCheckout(app: FastifyInstance, token: string): Promise<string> {
  const res = await requestCheckout(app, token);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ data: { url: string } }>().data;
  const match = /^http:\/\/127\.0\.0\.1:3000\/pay\/checkout\/(cs_test_[0-9a-f]{24})$/.exec(url);
  if (!match?.[1]) throw new Error(`unexpected checkout URL ${url}`);
  return match[1];
}

/** Pays a hosted checkout; each call comes from its own address so the per-IP limit never interferes. */
export function payCheckout(app: FastifyInstance, sessionId: string, card: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/pay/checkout/${sessionId}`,
    remoteAddress: uniqueRemoteAddress(),
    payload: card,
  });
}

export function confirmCheckout(app: FastifyInstance, token: string, payload: object) {
  return app.inject({ method: 'PUT', url: '/api/host/subscription', headers: bearer(token), payload });
}

export interface SignedEvent {
  body: string;
  signature: string;
  event: { id: string; type: string; data: { object: { id: string } } };
}

function signedEvent(body: string, signature: string): SignedEvent {
  return { body, signature, event: JSON.parse(body) };
}

/** Posts a body to the webhook endpoint the way the processor does. */
export function postWebhook(app: FastifyInstance, body: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { [TEST_SIGNATURE_HEADER]: signature }),
    },
    payload: body,
  });
}

/** Sends through the app, as app.ts wires the processor's job, and keeps what was sent. */
export function appSender(app: FastifyInstance, sent: SignedEvent[] = []): WebhookSender {
  return async (body, signature) => {
    sent.push(signedEvent(body, signature));
    return (await postWebhook(app, body, signature)).statusCode;
  };
}

/**
 * Runs the processor's clock at `now` and delivers every pending event to the app; every
 * delivery must be accepted. Answers the events sent.
 */
export async function deliverEvents(app: FastifyInstance, now: Date = new Date()): Promise<SignedEvent[]> {
  const sent: SignedEvent[] = [];
  const result = await processorOf(app).runDueWork(appSender(app, sent), now);
  expect(result.failed).toBe(0);
  return sent;
}

/** Runs the processor's clock but keeps the signed events instead of delivering them. */
export async function captureEvents(app: FastifyInstance, now: Date = new Date()): Promise<SignedEvent[]> {
  const captured: SignedEvent[] = [];
  await processorOf(app).runDueWork(async (body, signature) => {
    captured.push(signedEvent(body, signature));
    return 200;
  }, now);
  return captured;
}

/** Starts a checkout for the host and pays it; answers the session id. */
export async function payForHost(
  app: FastifyInstance,
  token: string,
  card: Record<string, unknown> = GOOD_CARD,
): Promise<string> {
  const sessionId = await startCheckout(app, token);
  const res = await payCheckout(app, sessionId, card);
  expect(res.statusCode, res.body).toBe(200);
  return sessionId;
}

/**
 * A host with an active subscription (checkout paid, confirmed and every event delivered) and,
 * unless told otherwise, a connected payout account.
 */
export async function subscribedHost(
  app: FastifyInstance,
  card: Record<string, unknown> = GOOD_CARD,
  options: { payouts: boolean } = { payouts: true },
): Promise<Account & { sessionId: string; state: SubscriptionState }> {
  const host = await registerHost(app);
  const sessionId = await payForHost(app, host.token, card);
  const confirmed = await confirmCheckout(app, host.token, { sessionId });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  if (options.payouts) await connectPayouts(app, host.token);
  await deliverEvents(app);
  const state = await subscriptionState(app, host.token);
  expect(state).toMatchObject({ isSubscribed: true, status: 'active' });
  return { ...host, sessionId, state };
}

export const TEST_BANK_ACCOUNT = {
  accountHolder: 'Sunny Pines Camps',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

/** Starts the host's payout onboarding; answers the hosted page's token. */
export async function startPayoutOnboarding(app: FastifyInstance, token: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/host/payout-account/onboarding',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json<{ data: { url: string } }>().data.url).pathname.split('/').at(-1) ?? '';
}

/**
 * Connects the host's payout account as a host does: the onboarding link, the test processor's
 * hosted page filled in with a test bank account, then the account read back on return.
 */
export async function connectPayouts(app: FastifyInstance, token: string): Promise<void> {
  const onboarding = await startPayoutOnboarding(app, token);
  const done = await app.inject({
    method: 'POST',
    url: `/api/pay/onboarding/${onboarding}`,
    payload: TEST_BANK_ACCOUNT,
  });
  expect(done.statusCode, done.body).toBe(200);
  const account = await app.inject({
    method: 'GET',
    url: '/host/payout-account',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(account.json<{ data: { status: string } }>().data.status).toBe('active');
}

/** The exact error body the API answers. */
export function expectError(
  res: LightMyRequestResponse,
  statusCode: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): void {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.json()).toEqual({ statusCode, code, message, ...(fields ? { fields } : {}) });
}

/** The host's stored subscription row, found through the processor's subscription for a paid session. */
export async function hostRowForSession(db: Database, sessionId: string) {
  const [session] = await db
    .select({ subscriptionId: testProcessorCheckoutSessions.subscriptionId })
    .from(testProcessorCheckoutSessions)
    .where(eq(testProcessorCheckoutSessions.id, sessionId));
  const subscriptionId = session?.subscriptionId;
  if (!subscriptionId) throw new Error(`session ${sessionId} has no subscription`);
  const [row] = await db
    .select()
    .from(hostSubscriptions)
    .where(eq(hostSubscriptions.subscriptionId, subscriptionId));
  return { subscriptionId, row };
}

export async function recordedEvents(db: Database, eventId: string) {
  return db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, eventId));
}

/** The same instant one calendar month later, as the processor computes a monthly period. */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

interface ColumnRef {
  table_schema: string;
  table_name: string;
  column_name: string;
}

/** Every column of every table that can hold text, in any schema the app's database owns. */
function textColumns(db: Database): Promise<ColumnRef[]> {
  return queryRows<ColumnRef>(
    db,
    sql`select c.table_schema, c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema not in ('pg_catalog', 'information_schema')
           and t.table_type = 'BASE TABLE'
           and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`,
  );
}

/**
 * The columns (as schema.table.column) where `matches` holds for some row's value: how the
 * tests prove that no card number or CVC was stored anywhere.
 */
export async function columnsWhere(db: Database, matches: (value: SQL) => SQL): Promise<string[]> {
  const found: string[] = [];
  for (const column of await textColumns(db)) {
    const table = sql`${sql.identifier(column.table_schema)}.${sql.identifier(column.table_name)}`;
    const value = sql`${sql.identifier(column.column_name)}::text`;
    const [row] = await queryRows<{ hits: number }>(
      db,
      sql`select count(*)::int as hits from ${table} where ${matches(value)}`,
    );
    if ((row?.hits ?? 0) > 0) found.push(`${column.table_schema}.${column.table_name}.${column.column_name}`);
  }
  return found;
}

/**
 * The books balance (booksProblems, docs/decisions/048): the ledger against the payments and
 * the test processor's charges, refunds, balances and payouts; every place against its ledger
 * entries; nothing pending or refused longer than reconciliation takes with the default settings.
 */
export async function expectBooksBalance(db: Database, now: Date = new Date()): Promise<void> {
  const overdueAfterMs = settleWithinMs(loadConfig({ NODE_ENV: 'test' }));
  expect(await booksProblems(db, { processor: 'test', now, overdueAfterMs })).toEqual([]);
}
