import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { paymentWebhookEvents } from '../src/db/schema.ts';
import { testProcessorEvents } from '../src/platform/payments/test-processor/schema.ts';
import { signPayload } from '../src/platform/payments/test-processor/signature.ts';
import { TestProcessor } from '../src/platform/payments/test-processor/test-processor.ts';
import { buildTestApp } from './helper.ts';
import {
  appSender,
  captureEvents,
  deliverEvents,
  expectError,
  hostRowForSession,
  oneMonthAfter,
  PAYMENTS_ENV,
  PUBLIC_URL,
  payForHost,
  postWebhook,
  processorOf,
  recordedEvents,
  registerHost,
  type SignedEvent,
  subscriptionState,
  unsubscribedState,
} from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(PAYMENTS_ENV));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A host who has paid at the hosted checkout but never came back to confirm it. */
async function paidHost() {
  const host = await registerHost(app);
  const sessionId = await payForHost(app, host.token);
  return { ...host, sessionId };
}

function eventFor(events: SignedEvent[], type: string, objectId: string): SignedEvent {
  const found = events.find(
    (signed) => signed.event.type === type && signed.event.data.object.id === objectId,
  );
  if (!found) throw new Error(`no ${type} event for ${objectId} among ${events.length} events`);
  return found;
}

/** Changes the hex digest of a `t=…,v1=…` header so it no longer matches. */
function flipDigest(signature: string): string {
  return signature.replace(/v1=([0-9a-f])/, (_match, first: string) => `v1=${first === '0' ? '1' : '0'}`);
}

const invalidWebhook = (res: Awaited<ReturnType<typeof postWebhook>>) =>
  expectError(res, 400, 'INVALID_WEBHOOK', messages.invalidWebhook);

describe('processor events', () => {
  it('subscribe a host who paid but never returned to confirm', async () => {
    const host = await paidHost();
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);

    const sent = await deliverEvents(app);
    const { subscriptionId } = await hostRowForSession(db, host.sessionId);
    expect(eventFor(sent, 'checkout.session.completed', host.sessionId).signature).toMatch(
      /^t=\d+,v1=[0-9a-f]{64}$/,
    );
    eventFor(sent, 'invoice.paid', subscriptionId);

    const state = await subscriptionState(app, host.token);
    expect(state).toMatchObject({ isSubscribed: true, status: 'active', cancelAtPeriodEnd: false });
    expect(
      Math.abs(new Date(state.currentPeriodEnd ?? 0).getTime() - oneMonthAfter(new Date()).getTime()),
    ).toBeLessThan(60_000);
    // Every delivered event is recorded once, under its own id.
    for (const signed of sent) expect(await recordedEvents(db, signed.event.id)).toHaveLength(1);
  });

  it('change nothing when the same signed event arrives again', async () => {
    const host = await paidHost();
    const sent = await deliverEvents(app);
    const completed = eventFor(sent, 'checkout.session.completed', host.sessionId);
    const { subscriptionId, row: before } = await hostRowForSession(db, host.sessionId);
    const invoice = eventFor(sent, 'invoice.paid', subscriptionId);
    const state = await subscriptionState(app, host.token);

    for (const signed of [completed, invoice]) {
      const res = await postWebhook(app, signed.body, signed.signature);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { received: true } });
      expect(await recordedEvents(db, signed.event.id)).toHaveLength(1);
    }
    // Handling would have stamped the row again; a replay is not handled at all.
    const { row: after } = await hostRowForSession(db, host.sessionId);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(await subscriptionState(app, host.token)).toEqual(state);
  });

  it('are sent again later when the endpoint does not accept them', async () => {
    const host = await paidHost();
    const processor = processorOf(app);
    const refused = await processor.runDueWork(async () => 503);
    expect(refused).toMatchObject({ done: 0 });
    expect(refused.failed).toBeGreaterThanOrEqual(2);
    const [pending] = await db
      .select()
      .from(testProcessorEvents)
      .where(eq(testProcessorEvents.objectId, host.sessionId));
    expect(pending).toMatchObject({
      deliveredAt: null,
      attempts: 1,
      lastError: 'webhook endpoint answered 503',
    });
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);

    // Not before the back-off has passed...
    expect(await processor.runDueWork(appSender(app))).toEqual({ done: 0, failed: 0 });
    // ...and then delivered.
    const later = new Date(Date.now() + 60_000);
    const retried = await processor.runDueWork(appSender(app), later);
    expect(retried.failed).toBe(0);
    expect(retried.done).toBeGreaterThanOrEqual(2);
    expect(await subscriptionState(app, host.token)).toMatchObject({ isSubscribed: true, status: 'active' });
  });
});

describe('the webhook endpoint refuses', () => {
  let host: Awaited<ReturnType<typeof paidHost>>;
  let completed: SignedEvent;
  let invoice: SignedEvent;

  beforeAll(async () => {
    host = await paidHost();
    // The processor marks them sent; the test delivers (and forges) them itself.
    const captured = await captureEvents(app);
    completed = eventFor(captured, 'checkout.session.completed', host.sessionId);
    const { subscriptionId } = await hostRowForSession(db, host.sessionId);
    invoice = eventFor(captured, 'invoice.paid', subscriptionId);
  });

  async function expectNothingChanged() {
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);
    expect(await recordedEvents(db, completed.event.id)).toEqual([]);
    expect(await recordedEvents(db, invoice.event.id)).toEqual([]);
  }

  it('a wrong signature', async () => {
    invalidWebhook(await postWebhook(app, completed.body, flipDigest(completed.signature)));
    await expectNothingChanged();
  });

  it("another event's signature", async () => {
    invalidWebhook(await postWebhook(app, completed.body, invoice.signature));
    await expectNothingChanged();
  });

  it('a missing, empty or malformed signature header', async () => {
    for (const signature of [
      undefined,
      '',
      'nonsense',
      't=,v1=',
      completed.signature.replace(/,v1=.*/, ''),
    ]) {
      invalidWebhook(await postWebhook(app, completed.body, signature));
    }
    await expectNothingChanged();
  });

  it('a signature made more than five minutes ago', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60 * 1000 });
    invalidWebhook(await postWebhook(app, completed.body, completed.signature));
    vi.useRealTimers();
    await expectNothingChanged();
  });

  it('a signature whose time was moved', async () => {
    const moved = completed.signature.replace(/^t=(\d+)/, (_match, t: string) => `t=${Number(t) - 1}`);
    expect(moved).not.toBe(completed.signature);
    invalidWebhook(await postWebhook(app, completed.body, moved));
    await expectNothingChanged();
  });

  it('a body changed after it was signed', async () => {
    const otherHost = await paidHost();
    const altered = [
      completed.body.replace(host.sessionId, otherHost.sessionId),
      completed.body.replace('checkout.session.completed', 'invoice.paid'),
      `${completed.body} `,
      JSON.stringify({ ...completed.event, livemode: false }),
    ];
    for (const body of altered) {
      expect(body).not.toBe(completed.body);
      invalidWebhook(await postWebhook(app, body, completed.signature));
    }
    await expectNothingChanged();
    expect(await subscriptionState(app, otherHost.token)).toEqual(unsubscribedState);
  });

  it('a body that is not JSON', async () => {
    for (const body of ['not json', '{"id":', '']) {
      invalidWebhook(await postWebhook(app, body, completed.signature));
    }
    await expectNothingChanged();
  });

  it('nothing it should accept: the untouched checkout event alone subscribes the host', async () => {
    const res = await postWebhook(app, completed.body, completed.signature);
    expect(res.statusCode, res.body).toBe(200);
    const state = await subscriptionState(app, host.token);
    expect(state).toMatchObject({ isSubscribed: true, status: 'active' });
    const recorded = await db
      .select({ type: paymentWebhookEvents.type })
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.id, completed.event.id));
    expect(recorded).toEqual([{ type: 'checkout.completed' }]);

    const renewal = await postWebhook(app, invoice.body, invoice.signature);
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect(await subscriptionState(app, host.token)).toEqual(state);
    expect(await recordedEvents(db, invoice.event.id)).toEqual([
      { id: invoice.event.id, type: 'subscription.changed', receivedAt: expect.any(Date) },
    ]);
  });
});

describe("the test processor's webhook parser", () => {
  const secret = 'whsec_local_processor';
  const processor = () =>
    new TestProcessor(db, secret, PUBLIC_URL, { name: 'Plan', amountCents: 100, interval: 'month' });

  it('reads a correctly signed event', async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1' } },
    });
    await expect(processor().parseWebhook(Buffer.from(body), signPayload(secret, body))).resolves.toEqual({
      id: 'evt_1',
      type: 'checkout.completed',
      sessionId: 'cs_1',
    });
    const renewal = JSON.stringify({ id: 'evt_2', type: 'invoice.paid', data: { object: { id: 'sub_1' } } });
    await expect(
      processor().parseWebhook(Buffer.from(renewal), signPayload(secret, renewal)),
    ).resolves.toEqual({
      id: 'evt_2',
      type: 'subscription.changed',
      subscriptionId: 'sub_1',
    });
  });

  it('fails a signed body that is not JSON with a SyntaxError, which the endpoint answers with 400', async () => {
    const body = 'not json';
    await expect(
      processor().parseWebhook(Buffer.from(body), signPayload(secret, body)),
    ).rejects.toBeInstanceOf(SyntaxError);
  });
});
