import { messages } from '@campwise/contract/messages';
import type { SubscriptionState } from '@campwise/contract/subscriptions';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  DAY_MS,
  DECLINES_RENEWALS_CARD,
  deliverEvents,
  expectError,
  GOOD_CARD,
  HOUR_MS,
  oneMonthAfter,
  PAYMENTS_ENV,
  registerHost,
  requestCheckout,
  startCheckout,
  subscribedHost,
  subscriptionState,
  unsubscribedState,
} from './payments-fixtures.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp(PAYMENTS_ENV));
});

function setRenewal(token: string, payload: object) {
  return app.inject({
    method: 'PUT',
    url: '/api/host/subscription/renewal',
    headers: bearer(token),
    payload,
  });
}

async function renewalState(token: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionState> {
  const res = await setRenewal(token, { cancelAtPeriodEnd });
  expect(res.statusCode, res.body).toBe(200);
  const { data } = res.json<{ data: SubscriptionState[] }>();
  expect(data).toHaveLength(1);
  const [state] = data;
  if (!state) throw new Error('no state');
  return state;
}

function periodEndOf(state: SubscriptionState): Date {
  if (!state.currentPeriodEnd) throw new Error('no period end');
  return new Date(state.currentPeriodEnd);
}

/** A subscribed host and the end of its first paid period. */
async function subscriber(card: Record<string, unknown> = GOOD_CARD) {
  const host = await subscribedHost(app, card);
  return { ...host, periodEnd: periodEndOf(host.state) };
}

const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('renewal', () => {
  it('does nothing before the period ends', async () => {
    const host = await subscriber();
    await deliverEvents(app, after(host.periodEnd, -HOUR_MS));
    expect(await subscriptionState(app, host.token)).toEqual(host.state);
  });

  it('charges again at the period end and moves the period forward', async () => {
    const host = await subscriber();
    const sent = await deliverEvents(app, after(host.periodEnd, HOUR_MS));
    expect(sent.map((signed) => signed.event.type)).toContain('invoice.paid');
    const renewed = await subscriptionState(app, host.token);
    expect(renewed).toEqual({
      ...host.state,
      isSubscribed: true,
      status: 'active',
      currentPeriodEnd: oneMonthAfter(host.periodEnd).toISOString(),
    });

    // A clock that skipped several periods catches up to the first period end still ahead.
    const far = after(oneMonthAfter(oneMonthAfter(periodEndOf(renewed))), HOUR_MS);
    await deliverEvents(app, far);
    const caughtUp = periodEndOf(await subscriptionState(app, host.token));
    expect(caughtUp.getTime()).toBeGreaterThan(far.getTime());
    expect(caughtUp.getTime() - far.getTime()).toBeLessThanOrEqual(31 * DAY_MS);
  });
});

describe('cancelling at the period end', () => {
  it('keeps the host subscribed until the period ends, then cancels', async () => {
    const host = await subscriber();
    const cancelling = await renewalState(host.token, true);
    const expected = { ...host.state, cancelAtPeriodEnd: true };
    expect(cancelling).toEqual(expected);
    await deliverEvents(app);
    expect(await subscriptionState(app, host.token)).toEqual(expected);
    await deliverEvents(app, after(host.periodEnd, -HOUR_MS));
    expect(await subscriptionState(app, host.token)).toEqual(expected);

    const sent = await deliverEvents(app, after(host.periodEnd, HOUR_MS));
    expect(sent.map((signed) => signed.event.type)).toContain('customer.subscription.deleted');
    const ended = await subscriptionState(app, host.token);
    expect(ended).toMatchObject({
      isSubscribed: false,
      status: 'canceled',
      currentPeriodEnd: host.state.currentPeriodEnd,
    });

    // A cancelled subscription has no renewal to change, and the host may subscribe again.
    expectError(
      await setRenewal(host.token, { cancelAtPeriodEnd: false }),
      409,
      'CONFLICT',
      messages.noSubscription,
    );
    const again = await requestCheckout(app, host.token);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('can be taken back before the period ends, and the subscription renews', async () => {
    const host = await subscriber();
    expect(await renewalState(host.token, true)).toMatchObject({
      cancelAtPeriodEnd: true,
      isSubscribed: true,
    });
    expect(await renewalState(host.token, false)).toEqual(host.state);
    await deliverEvents(app);
    expect(await subscriptionState(app, host.token)).toEqual(host.state);

    await deliverEvents(app, after(host.periodEnd, HOUR_MS));
    expect(await subscriptionState(app, host.token)).toEqual({
      ...host.state,
      status: 'active',
      isSubscribed: true,
      currentPeriodEnd: oneMonthAfter(host.periodEnd).toISOString(),
    });
  });

  it('needs a boolean', async () => {
    const host = await subscriber();
    for (const payload of [{}, { cancelAtPeriodEnd: 'yes' }, { cancelAtPeriodEnd: null }]) {
      const res = await setRenewal(host.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await subscriptionState(app, host.token)).toEqual(host.state);
  });

  it('is refused for a host without a subscription', async () => {
    const host = await registerHost(app);
    expectError(
      await setRenewal(host.token, { cancelAtPeriodEnd: true }),
      409,
      'CONFLICT',
      messages.noSubscription,
    );
    // An unpaid checkout is not a subscription either.
    await startCheckout(app, host.token);
    expectError(
      await setRenewal(host.token, { cancelAtPeriodEnd: true }),
      409,
      'CONFLICT',
      messages.noSubscription,
    );
    expect(await subscriptionState(app, host.token)).toEqual(unsubscribedState);
  });
});

describe('a card declined at renewal', () => {
  it('leaves the host past due while retries run, then cancels a week after the period end', async () => {
    const host = await subscriber({ ...GOOD_CARD, cardNumber: DECLINES_RENEWALS_CARD });
    expect(host.state).toMatchObject({ isSubscribed: true, status: 'active' });

    const sent = await deliverEvents(app, after(host.periodEnd, HOUR_MS));
    expect(sent.map((signed) => signed.event.type)).toContain('invoice.payment_failed');
    const pastDue = { ...host.state, status: 'past_due', isSubscribed: true };
    expect(await subscriptionState(app, host.token)).toEqual(pastDue);

    await deliverEvents(app, after(host.periodEnd, 3 * DAY_MS));
    expect(await subscriptionState(app, host.token)).toEqual(pastDue);
    await deliverEvents(app, after(host.periodEnd, 7 * DAY_MS - HOUR_MS));
    expect(await subscriptionState(app, host.token)).toEqual(pastDue);

    await deliverEvents(app, after(host.periodEnd, 7 * DAY_MS + HOUR_MS));
    expect(await subscriptionState(app, host.token)).toEqual({
      ...host.state,
      status: 'canceled',
      isSubscribed: false,
    });
  });

  it('lets a past-due host still choose to cancel at the period end', async () => {
    const host = await subscriber({ ...GOOD_CARD, cardNumber: DECLINES_RENEWALS_CARD });
    await deliverEvents(app, after(host.periodEnd, HOUR_MS));
    expect(await renewalState(host.token, true)).toMatchObject({
      status: 'past_due',
      isSubscribed: true,
      cancelAtPeriodEnd: true,
    });
    await deliverEvents(app, after(host.periodEnd, 2 * HOUR_MS));
    expect(await subscriptionState(app, host.token)).toMatchObject({
      status: 'canceled',
      isSubscribed: false,
    });
  });
});

describe('the billing portal', () => {
  function openPortal(token: string) {
    return app.inject({ method: 'POST', url: '/api/host/subscription/portal', headers: bearer(token) });
  }

  it('is not offered by the test processor', async () => {
    const host = await subscriber();
    expect(host.state.hasBillingPortal).toBe(false);
    expectError(await openPortal(host.token), 409, 'CONFLICT', messages.portalUnavailable);
  });

  it('is refused for a host who never started a checkout', async () => {
    const host = await registerHost(app);
    expectError(await openPortal(host.token), 409, 'CONFLICT', messages.noSubscription);
  });
});
