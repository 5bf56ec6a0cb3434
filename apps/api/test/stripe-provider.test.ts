import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { hostSubscriptions, paymentWebhookEvents } from '../src/db/schema.ts';
import { InvalidWebhookError, PaymentDeclinedError } from '../src/platform/payments/provider.ts';
import { StripeProvider } from '../src/platform/payments/stripe-provider.ts';
import { FakeStripe } from './fake-stripe.ts';
import { bearer } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  expectError,
  getSubscription,
  PAYMENTS_ENV,
  registerHost,
  subscriptionState,
  unsubscribedState,
} from './payments-fixtures.ts';

const WEBHOOK_SECRET = 'whsec_test';

const fake = new FakeStripe();
let provider: StripeProvider;

beforeAll(async () => {
  const port = await fake.start();
  provider = new StripeProvider({
    secretKey: 'sk_test_x',
    webhookSecret: WEBHOOK_SECRET,
    priceId: 'price_123',
    api: { host: '127.0.0.1', port, protocol: 'http' },
  });
});

afterAll(() => fake.stop());

beforeEach(() => {
  fake.reset();
});

function subscriptionObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [{ id: 'si_1', object: 'subscription_item', current_period_end: 1_893_456_000 }],
    },
    ...overrides,
  };
}

const noOpenSessions = { object: 'list', data: [], has_more: false, url: '/v1/checkout/sessions' };

describe('StripeProvider requests', () => {
  const checkoutInput = {
    hostId: 7,
    email: 'host@example.com',
    successUrl: 'http://127.0.0.1:3000/host/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:3000/host/subscribe',
  };

  it('creates a customer, then a subscription checkout for the configured price', async () => {
    fake.answer('POST /v1/customers', 200, { id: 'cus_123', object: 'customer' });
    fake.answer('GET /v1/checkout/sessions', 200, noOpenSessions);
    fake.answer('POST /v1/checkout/sessions', 200, {
      id: 'cs_test_abc',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_abc',
    });

    const checkout = await provider.createSubscriptionCheckout({ ...checkoutInput, customerId: null });
    expect(checkout).toEqual({
      sessionId: 'cs_test_abc',
      customerId: 'cus_123',
      url: 'https://checkout.stripe.com/c/pay/cs_test_abc',
    });

    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/customers',
      'GET /v1/checkout/sessions',
      'POST /v1/checkout/sessions',
    ]);
    const [customer, openSessions, session] = fake.requests;
    expect(Object.fromEntries(openSessions?.query ?? [])).toMatchObject({
      customer: 'cus_123',
      status: 'open',
    });
    expect(Object.fromEntries(customer?.form ?? [])).toEqual({
      email: 'host@example.com',
      'metadata[hostId]': '7',
    });
    expect(Object.fromEntries(session?.form ?? [])).toEqual({
      mode: 'subscription',
      customer: 'cus_123',
      client_reference_id: '7',
      'line_items[0][price]': 'price_123',
      'line_items[0][quantity]': '1',
      success_url: checkoutInput.successUrl,
      cancel_url: checkoutInput.cancelUrl,
      'subscription_data[metadata][hostId]': '7',
    });
    expect(session?.form.get('success_url')).toContain('{CHECKOUT_SESSION_ID}');
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe('Bearer sk_test_x');
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION);
    }
  });

  it('reuses a known customer', async () => {
    fake.answer('GET /v1/checkout/sessions', 200, noOpenSessions);
    fake.answer('POST /v1/checkout/sessions', 200, {
      id: 'cs_test_def',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_def',
    });
    const checkout = await provider.createSubscriptionCheckout({ ...checkoutInput, customerId: 'cus_known' });
    expect(checkout.customerId).toBe('cus_known');
    const created = fake.requests.filter((request) => request.method === 'POST');
    expect(created.map((request) => request.path)).toEqual(['/v1/checkout/sessions']);
    expect(created[0]?.form.get('customer')).toBe('cus_known');
  });

  it("expires the customer's open checkouts first, so only the newest can be paid", async () => {
    fake.answer('GET /v1/checkout/sessions', 200, {
      ...noOpenSessions,
      data: [{ id: 'cs_test_old', object: 'checkout.session', status: 'open' }],
    });
    fake.answer('POST /v1/checkout/sessions/cs_test_old/expire', 200, {
      id: 'cs_test_old',
      object: 'checkout.session',
      status: 'expired',
    });
    fake.answer('POST /v1/checkout/sessions', 200, {
      id: 'cs_test_new',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_new',
    });
    await provider.createSubscriptionCheckout({ ...checkoutInput, customerId: 'cus_known' });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/checkout/sessions',
      'POST /v1/checkout/sessions/cs_test_old/expire',
      'POST /v1/checkout/sessions',
    ]);
  });

  it('fails when Stripe returns a session without a page to send the host to', async () => {
    fake.answer('GET /v1/checkout/sessions', 200, noOpenSessions);
    fake.answer('POST /v1/checkout/sessions', 200, {
      id: 'cs_test_x',
      object: 'checkout.session',
      url: null,
    });
    await expect(
      provider.createSubscriptionCheckout({ ...checkoutInput, customerId: 'cus_1' }),
    ).rejects.toThrow('without a URL');
  });

  it.each([
    ['complete', 'paid', true],
    ['complete', 'no_payment_required', true],
    ['complete', 'unpaid', false],
    ['open', 'unpaid', false],
    ['expired', 'unpaid', false],
  ])(
    'reads a checkout session with status %s and payment status %s (paid: %s)',
    async (status, paymentStatus, paid) => {
      fake.answer('GET /v1/checkout/sessions/cs_test_1', 200, {
        id: 'cs_test_1',
        object: 'checkout.session',
        client_reference_id: '42',
        status,
        payment_status: paymentStatus,
        customer: 'cus_1',
        subscription: status === 'complete' ? 'sub_1' : null,
      });
      await expect(provider.getCheckoutSession('cs_test_1')).resolves.toEqual({
        id: 'cs_test_1',
        hostId: 42,
        paid,
        customerId: 'cus_1',
        subscriptionId: status === 'complete' ? 'sub_1' : null,
      });
      const request = fake.single();
      expect(request.method).toBe('GET');
      expect(request.path).toBe('/v1/checkout/sessions/cs_test_1');
      expect(request.headers.authorization).toBe('Bearer sk_test_x');
    },
  );

  it.each([[null], ['not-a-host'], ['0'], ['-3'], ['1.5']])(
    'reads the client reference %j as no host',
    async (reference) => {
      fake.answer('GET /v1/checkout/sessions/cs_test_2', 200, {
        id: 'cs_test_2',
        object: 'checkout.session',
        client_reference_id: reference,
        status: 'complete',
        payment_status: 'paid',
        customer: { id: 'cus_expanded', object: 'customer' },
        subscription: { id: 'sub_expanded', object: 'subscription' },
      });
      await expect(provider.getCheckoutSession('cs_test_2')).resolves.toEqual({
        id: 'cs_test_2',
        hostId: null,
        paid: true,
        customerId: 'cus_expanded',
        subscriptionId: 'sub_expanded',
      });
    },
  );

  it('answers null for a checkout session or subscription Stripe does not know', async () => {
    await expect(provider.getCheckoutSession('cs_test_missing')).resolves.toBeNull();
    await expect(provider.getSubscription('sub_missing')).resolves.toBeNull();
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/checkout/sessions/cs_test_missing',
      'GET /v1/subscriptions/sub_missing',
    ]);
  });

  it('passes on errors other than a missing object', async () => {
    fake.answer('GET /v1/checkout/sessions/cs_test_bad', 400, {
      error: { type: 'invalid_request_error', message: 'Invalid id' },
    });
    await expect(provider.getCheckoutSession('cs_test_bad')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    fake.answer('GET /v1/subscriptions/sub_1', 401, {
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
    });
    await expect(provider.getSubscription('sub_1')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['past_due', 'past_due'],
    ['incomplete', 'incomplete'],
    ['canceled', 'canceled'],
    ['unpaid', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['paused', 'canceled'],
  ])('maps the Stripe status %s to %s', async (stripeStatus, status) => {
    fake.answer('GET /v1/subscriptions/sub_1', 200, subscriptionObject({ status: stripeStatus }));
    await expect(provider.getSubscription('sub_1')).resolves.toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status,
      currentPeriodEnd: new Date(1_893_456_000 * 1000),
      cancelAtPeriodEnd: false,
    });
    expect(fake.single().path).toBe('/v1/subscriptions/sub_1');
  });

  it('reads the period end from the first subscription item, and none when there is no item', async () => {
    fake.answer(
      'GET /v1/subscriptions/sub_1',
      200,
      subscriptionObject({
        items: { object: 'list', data: [] },
        customer: { id: 'cus_obj', object: 'customer' },
      }),
    );
    await expect(provider.getSubscription('sub_1')).resolves.toMatchObject({
      customerId: 'cus_obj',
      currentPeriodEnd: null,
    });
  });

  it.each([true, false])(
    'sets cancel_at_period_end=%s and answers the updated subscription',
    async (cancel) => {
      fake.answer('POST /v1/subscriptions/sub_1', 200, subscriptionObject({ cancel_at_period_end: cancel }));
      await expect(provider.setCancelAtPeriodEnd('sub_1', cancel)).resolves.toMatchObject({
        id: 'sub_1',
        status: 'active',
        cancelAtPeriodEnd: cancel,
      });
      const request = fake.single();
      expect(request.method).toBe('POST');
      expect(Object.fromEntries(request.form)).toEqual({ cancel_at_period_end: String(cancel) });
    },
  );

  it('opens a billing portal session for the customer', async () => {
    fake.answer('POST /v1/billing_portal/sessions', 200, {
      id: 'bps_1',
      object: 'billing_portal.session',
      url: 'https://billing.stripe.com/p/session/bps_1',
    });
    await expect(
      provider.createBillingPortalUrl('cus_1', 'http://127.0.0.1:3000/host/account'),
    ).resolves.toBe('https://billing.stripe.com/p/session/bps_1');
    const request = fake.single();
    expect(Object.fromEntries(request.form)).toEqual({
      customer: 'cus_1',
      return_url: 'http://127.0.0.1:3000/host/account',
    });
  });
});

describe('StripeProvider cards', () => {
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

  const cardMethod = {
    id: 'pm_1',
    object: 'payment_method',
    type: 'card',
    card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
  };

  function setupIntent(overrides: Record<string, unknown> = {}) {
    return {
      id: 'seti_1',
      object: 'setup_intent',
      status: 'succeeded',
      customer: 'cus_1',
      payment_method: cardMethod,
      ...overrides,
    };
  }

  const chargeInput = {
    destination: null,
    customerId: 'cus_1',
    paymentMethodId: 'pm_1',
    amountCents: 4500,
    description: 'Lakeside week',
    idempotencyKey: 'booking-17-charge',
  };

  it('creates a customer for a user', async () => {
    fake.answer('POST /v1/customers', 200, { id: 'cus_user', object: 'customer' });
    await expect(provider.createCustomer({ email: 'parent@example.com', userId: 12 })).resolves.toBe(
      'cus_user',
    );
    const request = fake.single();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/customers');
    expect(request.headers.authorization).toBe('Bearer sk_test_x');
    expect(Object.fromEntries(request.form)).toEqual({
      email: 'parent@example.com',
      'metadata[userId]': '12',
    });
  });

  it('starts an off-session card SetupIntent and answers its client secret', async () => {
    fake.answer('POST /v1/setup_intents', 200, {
      id: 'seti_1',
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: 'seti_1_secret_abc',
    });
    await expect(provider.beginCardSetup('cus_1')).resolves.toEqual({ clientSecret: 'seti_1_secret_abc' });
    const request = fake.single();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/setup_intents');
    expect(Object.fromEntries(request.form)).toEqual({
      customer: 'cus_1',
      'payment_method_types[0]': 'card',
      usage: 'off_session',
    });
  });

  it('fails when Stripe returns a SetupIntent without a client secret', async () => {
    fake.answer('POST /v1/setup_intents', 200, { id: 'seti_1', object: 'setup_intent', client_secret: null });
    await expect(provider.beginCardSetup('cus_1')).rejects.toThrow('without a client secret');
  });

  it.each([
    ['a customer id', 'cus_1'],
    ['an expanded customer', { id: 'cus_1', object: 'customer' }],
  ])('saves the card of a succeeded SetupIntent naming %s', async (_label, customer) => {
    fake.answer('GET /v1/setup_intents/seti_1', 200, setupIntent({ customer }));
    await expect(
      provider.saveCard('cus_1', { kind: 'setup-intent', setupIntentId: 'seti_1' }),
    ).resolves.toEqual({
      paymentMethodId: 'pm_1',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    });
    const request = fake.single();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/setup_intents/seti_1');
    expect(Object.fromEntries(request.query)).toEqual({ 'expand[0]': 'payment_method' });
    expect(request.form.toString()).toBe('');
  });

  it.each([
    ['has not succeeded', { status: 'requires_payment_method' }],
    ['is still processing', { status: 'processing' }],
    ["is another customer's", { customer: 'cus_other' }],
    ['belongs to no customer', { customer: null }],
    ['has no payment method', { payment_method: null }],
    ['has an unexpanded payment method', { payment_method: 'pm_1' }],
  ])('declines a SetupIntent that %s', async (_label, overrides) => {
    fake.answer('GET /v1/setup_intents/seti_1', 200, setupIntent(overrides));
    await expectDeclined(
      provider.saveCard('cus_1', { kind: 'setup-intent', setupIntentId: 'seti_1' }),
      'The card could not be saved. Please try again.',
    );
  });

  it('declines a SetupIntent Stripe does not know', async () => {
    await expectDeclined(
      provider.saveCard('cus_1', { kind: 'setup-intent', setupIntentId: 'seti_made_up' }),
      'The card could not be saved. Please try again.',
    );
  });

  it('declines a payment method that is not a card', async () => {
    fake.answer(
      'GET /v1/setup_intents/seti_1',
      200,
      setupIntent({
        payment_method: { id: 'pm_bank', object: 'payment_method', type: 'us_bank_account', card: null },
      }),
    );
    await expectDeclined(
      provider.saveCard('cus_1', { kind: 'setup-intent', setupIntentId: 'seti_1' }),
      'Only cards can be saved.',
    );
  });

  it("detaches a removed card from the customer, and leaves another customer's or a missing one alone", async () => {
    fake.answer('GET /v1/payment_methods/pm_1', 200, { ...cardMethod, customer: 'cus_1' });
    fake.answer('POST /v1/payment_methods/pm_1/detach', 200, { ...cardMethod, customer: null });
    await provider.removeCard('cus_1', 'pm_1');
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_1',
      'POST /v1/payment_methods/pm_1/detach',
    ]);

    fake.reset();
    fake.answer('GET /v1/payment_methods/pm_1', 200, { ...cardMethod, customer: 'cus_other' });
    await provider.removeCard('cus_1', 'pm_1');
    expect(fake.single().path).toBe('/v1/payment_methods/pm_1');

    fake.reset();
    await expect(provider.removeCard('cus_1', 'pm_gone')).resolves.toBeUndefined();
  });

  it('deletes a customer, and takes one already gone as deleted', async () => {
    fake.answer('DELETE /v1/customers/cus_1', 200, { id: 'cus_1', object: 'customer', deleted: true });
    await provider.deleteCustomer('cus_1');
    expect(`${fake.single().method} ${fake.single().path}`).toBe('DELETE /v1/customers/cus_1');

    fake.reset();
    await expect(provider.deleteCustomer('cus_gone')).resolves.toBeUndefined();
  });

  it('refuses typed card details without sending them anywhere', async () => {
    const card = {
      firstName: 'Robin',
      lastName: 'Meadows',
      cardNumber: '4242424242424242',
      expDate: 12,
      expYear: new Date().getUTCFullYear() + 5,
      cvc: '9731',
    };
    await expectDeclined(
      provider.saveCard('cus_1', { kind: 'details', card }),
      'Please enter the card in the secure card field.',
    );
    expect(fake.requests).toEqual([]);
  });

  it('charges a saved card off session, once per idempotency key', async () => {
    fake.answer('POST /v1/payment_intents', 200, {
      id: 'pi_1',
      object: 'payment_intent',
      status: 'succeeded',
    });
    await expect(provider.chargeCard(chargeInput)).resolves.toEqual({ chargeId: 'pi_1' });
    const request = fake.single();
    expect(request.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4500',
      currency: 'usd',
      customer: 'cus_1',
      payment_method: 'pm_1',
      description: 'Lakeside week',
      off_session: 'true',
      confirm: 'true',
      'metadata[idempotency_key]': 'booking-17-charge',
    });
    expect(request.headers['idempotency-key']).toBe('booking-17-charge');
  });

  it('finds the charge made under an idempotency key through the payment intent search', async () => {
    fake.answer('GET /v1/payment_intents/search', 200, {
      object: 'search_result',
      data: [{ id: 'pi_9', object: 'payment_intent', status: 'succeeded', amount: 4500 }],
      has_more: false,
      url: '/v1/payment_intents/search',
    });
    await expect(provider.findCharge('booking-17-charge')).resolves.toEqual({
      chargeId: 'pi_9',
      amountCents: 4500,
    });
    expect(fake.single().query.get('query')).toBe("metadata['idempotency_key']:'booking-17-charge'");
  });

  it('finds no charge when the search has no succeeded payment intent', async () => {
    fake.answer('GET /v1/payment_intents/search', 200, {
      object: 'search_result',
      data: [{ id: 'pi_8', object: 'payment_intent', status: 'requires_payment_method', amount: 4500 }],
      has_more: false,
      url: '/v1/payment_intents/search',
    });
    await expect(provider.findCharge('booking-18-charge')).resolves.toBeNull();
  });

  it("answers Stripe's card error as a decline with Stripe's message, without retrying", async () => {
    fake.answer('POST /v1/payment_intents', 402, {
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    await expectDeclined(provider.chargeCard(chargeInput), 'Your card was declined.');
    expect(fake.single().headers['idempotency-key']).toBe('booking-17-charge');
  });

  it.each(['requires_action', 'requires_payment_method', 'processing'])(
    'declines a payment that ends %s',
    async (status) => {
      fake.answer('POST /v1/payment_intents', 200, { id: 'pi_2', object: 'payment_intent', status });
      await expectDeclined(provider.chargeCard(chargeInput), 'The payment did not go through.');
    },
  );

  it('passes on errors that are not about the card', async () => {
    fake.answer('POST /v1/payment_intents', 400, {
      error: { type: 'invalid_request_error', message: 'No such PaymentMethod' },
    });
    const error = await rejectionOf(provider.chargeCard(chargeInput));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).not.toBeInstanceOf(PaymentDeclinedError);
  });

  it('refunds a payment, once per idempotency key', async () => {
    fake.answer('GET /v1/payment_intents/pi_1', 200, {
      id: 'pi_1',
      object: 'payment_intent',
      transfer_data: null,
      latest_charge: { id: 'ch_1', object: 'charge', application_fee: null },
    });
    fake.answer('POST /v1/refunds', 200, { id: 're_1', object: 'refund', status: 'succeeded' });
    await expect(
      provider.refund({
        applicationFeeRefundCents: 0,
        chargeId: 'pi_1',
        amountCents: 1500,
        idempotencyKey: 'booking-17-refund-1',
      }),
    ).resolves.toEqual({ refundId: 're_1' });
    const [read, request] = fake.requests;
    expect([...(read?.query.values() ?? [])]).toEqual(['latest_charge']);
    expect(request?.path).toBe('/v1/refunds');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ payment_intent: 'pi_1', amount: '1500' });
    expect(request?.headers['idempotency-key']).toBe('booking-17-refund-1');
    expect(fake.requests).toHaveLength(2);
  });

  it('sends a destination charge to the host’s account with the platform’s fee', async () => {
    fake.answer('POST /v1/payment_intents', 200, {
      id: 'pi_3',
      object: 'payment_intent',
      status: 'succeeded',
    });
    await provider.chargeCard({
      ...chargeInput,
      destination: { accountId: 'acct_host', applicationFeeCents: 225 },
    });
    expect(Object.fromEntries(fake.single().form)).toMatchObject({
      amount: '4500',
      'transfer_data[destination]': 'acct_host',
      application_fee_amount: '225',
    });
  });

  it('takes a destination charge’s refund back from the host and gives back the fee our rule computed', async () => {
    fake.answer('GET /v1/payment_intents/pi_3', 200, {
      id: 'pi_3',
      object: 'payment_intent',
      transfer_data: { destination: 'acct_host' },
      latest_charge: { id: 'ch_3', object: 'charge', application_fee: 'fee_3' },
    });
    fake.answer('POST /v1/refunds', 200, { id: 're_3', object: 'refund', status: 'succeeded' });
    fake.answer('POST /v1/application_fees/fee_3/refunds', 200, {
      id: 'fr_3',
      object: 'fee_refund',
      amount: 113,
    });
    await expect(
      provider.refund({
        chargeId: 'pi_3',
        amountCents: 2250,
        applicationFeeRefundCents: 113,
        idempotencyKey: 'registration-refund-9-4',
      }),
    ).resolves.toEqual({ refundId: 're_3' });
    const [, refund, feeRefund] = fake.requests;
    expect(Object.fromEntries(refund?.form ?? [])).toEqual({
      payment_intent: 'pi_3',
      amount: '2250',
      reverse_transfer: 'true',
    });
    expect(feeRefund?.path).toBe('/v1/application_fees/fee_3/refunds');
    expect(Object.fromEntries(feeRefund?.form ?? [])).toEqual({ amount: '113' });
    expect(feeRefund?.headers['idempotency-key']).toBe('registration-refund-9-4-fee');
  });
});

describe('StripeProvider payout accounts (Connect Express)', () => {
  it('opens an Express account for a host once, and links to Stripe’s hosted onboarding', async () => {
    fake.answer('POST /v1/accounts', 200, { id: 'acct_new', object: 'account' });
    await expect(
      provider.createPayoutAccount({ hostId: 7, email: 'host@example.com', businessName: 'Sunny Pines' }),
    ).resolves.toBe('acct_new');
    const created = fake.single();
    expect(Object.fromEntries(created.form)).toMatchObject({
      type: 'express',
      email: 'host@example.com',
      'business_profile[name]': 'Sunny Pines',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[hostId]': '7',
    });
    expect(created.headers['idempotency-key']).toBe('payout-account-7');

    fake.reset();
    fake.answer('POST /v1/account_links', 200, {
      object: 'account_link',
      url: 'https://connect.stripe.com/setup/e/acct_new/abc',
      expires_at: 1_900_000_000,
    });
    await expect(
      provider.createOnboardingLink('acct_new', {
        returnUrl: 'https://campwise.example/host/account?payouts=done',
        refreshUrl: 'https://campwise.example/host/account?payouts=again',
      }),
    ).resolves.toBe('https://connect.stripe.com/setup/e/acct_new/abc');
    expect(Object.fromEntries(fake.single().form)).toEqual({
      account: 'acct_new',
      type: 'account_onboarding',
      return_url: 'https://campwise.example/host/account?payouts=done',
      refresh_url: 'https://campwise.example/host/account?payouts=again',
    });
  });

  it('reads an account’s charges, payouts and bank as Stripe reports them', async () => {
    fake.answer('GET /v1/accounts/acct_new', 200, {
      id: 'acct_new',
      object: 'account',
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      external_accounts: {
        object: 'list',
        data: [{ id: 'ba_1', object: 'bank_account', last4: '6789' }],
        has_more: false,
        url: '/v1/accounts/acct_new/external_accounts',
      },
    });
    await expect(provider.getPayoutAccount('acct_new')).resolves.toEqual({
      id: 'acct_new',
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
      bankLast4: '6789',
    });
    fake.reset();
    await expect(provider.getPayoutAccount('acct_gone')).resolves.toBeNull();
  });

  it('reads a payout on the connected account', async () => {
    fake.answer('GET /v1/payouts/po_1', 200, {
      id: 'po_1',
      object: 'payout',
      amount: 28_500,
      status: 'in_transit',
      arrival_date: 1_900_000_000,
      created: 1_899_900_000,
    });
    await expect(provider.getPayout('acct_new', 'po_1')).resolves.toEqual({
      id: 'po_1',
      accountId: 'acct_new',
      amountCents: 28_500,
      status: 'in_transit',
      arrivalDate: new Date(1_900_000_000_000),
      createdAt: new Date(1_899_900_000_000),
    });
    expect(fake.single().headers['stripe-account']).toBe('acct_new');
  });
});

describe('StripeProvider webhooks', () => {
  // Only for the SDK's own signing helper; it never sends a request.
  const signer = new Stripe('sk_test_x');

  function signed(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify({ object: 'event', api_version: Stripe.API_VERSION, ...event });
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return { body: Buffer.from(payload), header };
  }

  async function parse(event: Record<string, unknown>) {
    const { body, header } = signed(event);
    return provider.parseWebhook(body, header);
  }

  const invoice = (subscription: unknown) => ({
    id: 'in_1',
    object: 'invoice',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription, metadata: {} },
    },
  });

  it('reads a completed subscription checkout', async () => {
    await expect(
      parse({
        id: 'evt_1',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_1', object: 'checkout.session', mode: 'subscription' } },
      }),
    ).resolves.toEqual({ id: 'evt_1', type: 'checkout.completed', sessionId: 'cs_1' });
  });

  it('ignores a completed checkout for a one-off payment', async () => {
    await expect(
      parse({
        id: 'evt_2',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_2', object: 'checkout.session', mode: 'payment' } },
      }),
    ).resolves.toEqual({ id: 'evt_2', type: 'ignored', providerType: 'checkout.session.completed' });
  });

  it.each([
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
  ])('reads %s as a subscription change', async (type) => {
    await expect(
      parse({ id: 'evt_3', type, data: { object: subscriptionObject({ id: 'sub_9' }) } }),
    ).resolves.toEqual({ id: 'evt_3', type: 'subscription.changed', subscriptionId: 'sub_9' });
  });

  it.each(['invoice.paid', 'invoice.payment_failed'])(
    "reads %s as a change of the invoice's subscription",
    async (type) => {
      await expect(parse({ id: 'evt_4', type, data: { object: invoice('sub_5') } })).resolves.toEqual({
        id: 'evt_4',
        type: 'subscription.changed',
        subscriptionId: 'sub_5',
      });
      await expect(
        parse({ id: 'evt_5', type, data: { object: invoice({ id: 'sub_6', object: 'subscription' }) } }),
      ).resolves.toEqual({ id: 'evt_5', type: 'subscription.changed', subscriptionId: 'sub_6' });
    },
  );

  it('ignores an invoice that belongs to no subscription', async () => {
    await expect(
      parse({
        id: 'evt_6',
        type: 'invoice.paid',
        data: { object: { id: 'in_2', object: 'invoice', parent: null } },
      }),
    ).resolves.toEqual({ id: 'evt_6', type: 'ignored', providerType: 'invoice.paid' });
  });

  it('reads account.updated as a payout account change', async () => {
    await expect(
      parse({ id: 'evt_10', type: 'account.updated', data: { object: { id: 'acct_9', object: 'account' } } }),
    ).resolves.toEqual({ id: 'evt_10', type: 'account.changed', accountId: 'acct_9' });
  });

  it.each(['payout.created', 'payout.updated', 'payout.paid', 'payout.failed', 'payout.canceled'])(
    'reads %s on a connected account as a payout change',
    async (type) => {
      await expect(
        parse({ id: 'evt_11', type, account: 'acct_9', data: { object: { id: 'po_9', object: 'payout' } } }),
      ).resolves.toEqual({ id: 'evt_11', type: 'payout.changed', accountId: 'acct_9', payoutId: 'po_9' });
      // The platform's own payouts are not a host's.
      await expect(
        parse({ id: 'evt_12', type, data: { object: { id: 'po_8', object: 'payout' } } }),
      ).resolves.toEqual({ id: 'evt_12', type: 'ignored', providerType: type });
    },
  );

  it('ignores event types it does not act on', async () => {
    await expect(
      parse({ id: 'evt_7', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } }),
    ).resolves.toEqual({ id: 'evt_7', type: 'ignored', providerType: 'customer.created' });
  });

  it('refuses a wrong, missing, stale or tampered signature', async () => {
    const event = {
      id: 'evt_8',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_8', object: 'checkout.session', mode: 'subscription' } },
    };
    const wrongSecret = signed(event, { secret: 'whsec_other' });
    await expect(provider.parseWebhook(wrongSecret.body, wrongSecret.header)).rejects.toBeInstanceOf(
      InvalidWebhookError,
    );
    const good = signed(event);
    await expect(provider.parseWebhook(good.body, undefined)).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(provider.parseWebhook(good.body, '')).rejects.toBeInstanceOf(InvalidWebhookError);
    const tampered = Buffer.from(good.body.toString('utf8').replace('cs_8', 'cs_9'));
    await expect(provider.parseWebhook(tampered, good.header)).rejects.toBeInstanceOf(InvalidWebhookError);
    const stale = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    await expect(provider.parseWebhook(stale.body, stale.header)).rejects.toBeInstanceOf(InvalidWebhookError);
    // The untouched event does pass, so the refusals above are about the signature.
    await expect(provider.parseWebhook(good.body, good.header)).resolves.toMatchObject({ id: 'evt_8' });
  });
});

describe('Stripe configuration', () => {
  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: 'price_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  };

  it.each([
    ['the secret key alone', { STRIPE_SECRET_KEY: 'sk_test_x' }],
    ['no price', { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }],
    ['no webhook secret', { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ID: 'price_123' }],
    ['an empty price', { ...stripeEnv, STRIPE_PRICE_ID: '  ' }],
    ['no publishable key', { ...stripeEnv, STRIPE_PUBLISHABLE_KEY: '' }],
  ])('is refused with %s', (_label, env) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
  });

  it('is read when all four settings are given', () => {
    expect(loadConfig({ NODE_ENV: 'test', ...stripeEnv }).stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: WEBHOOK_SECRET,
      priceId: 'price_123',
      publishableKey: 'pk_test_x',
    });
    expect(loadConfig({ NODE_ENV: 'test' }).stripe).toBeNull();
  });

  describe('in the app', () => {
    let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
    let db: Awaited<ReturnType<typeof buildTestApp>>['db'];

    beforeAll(async () => {
      ({ app, db } = await buildTestApp({ ...PAYMENTS_ENV, ...stripeEnv }));
    });

    it('uses Stripe and offers no hosted checkout of its own', async () => {
      expect(app.payments.kind).toBe('stripe');
      expect(app.payments.signatureHeader).toBe('stripe-signature');
      const page = await app.inject({ method: 'GET', url: `/api/pay/checkout/cs_test_${'0'.repeat(24)}` });
      expect(page.statusCode).toBe(404);
    });

    it('reports the billing portal only once the host is a Stripe customer', async () => {
      const host = await registerHost(app);
      const res = await getSubscription(app, host.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: [unsubscribedState] });

      const me = await app.inject({ method: 'GET', url: '/me', headers: bearer(host.token) });
      const hostId = me.json<{ data: { userData: { id: number } } }>().data.userData.id;
      await db.insert(hostSubscriptions).values({ hostId, customerId: 'cus_local' });
      expect(await subscriptionState(app, host.token)).toEqual({
        ...unsubscribedState,
        hasBillingPortal: true,
      });
    });

    it('verifies webhooks with the Stripe signing secret', async () => {
      const signer = new Stripe('sk_test_x');
      const payload = JSON.stringify({
        id: 'evt_app_1',
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_1', object: 'customer' } },
      });
      const post = (signature: string | undefined) =>
        app.inject({
          method: 'POST',
          url: '/api/webhooks/payments',
          headers: {
            'content-type': 'application/json',
            ...(signature === undefined ? {} : { 'stripe-signature': signature }),
          },
          payload,
        });

      expectError(await post(undefined), 400, 'INVALID_WEBHOOK', messages.invalidWebhook);
      const wrong = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
      expectError(await post(wrong), 400, 'INVALID_WEBHOOK', messages.invalidWebhook);

      // An event type the app does not act on needs no call to Stripe: it is only recorded.
      const good = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await post(good);
      expect(res.statusCode, res.body).toBe(200);
      const recorded = await db
        .select({ type: paymentWebhookEvents.type })
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.id, 'evt_app_1'));
      expect(recorded).toEqual([{ type: 'customer.created' }]);
    });
  });
});
