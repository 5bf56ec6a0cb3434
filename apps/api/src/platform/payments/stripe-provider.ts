import { messages } from '@campwise/contract/messages';
import type { SubscriptionStatus } from '@campwise/contract/subscriptions';
import Stripe from 'stripe';
import {
  type CardToSave,
  type ChargeInput,
  type CheckoutSessionInfo,
  InvalidWebhookError,
  PaymentDeclinedError,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutAccountInfo,
  type PayoutInfo,
  type PayoutStatus,
  type RefundInput,
  RefundRefusedError,
  type SavedCard,
  type SubscriptionCheckoutInput,
  type SubscriptionInfo,
} from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Where the Stripe API is; only tests point this elsewhere (a local server playing Stripe). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

function toStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const CARD_NOT_SAVED = 'The card could not be saved. Please try again.';

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

/** Stripe behind the provider interface: Checkout in subscription mode, webhooks, the portal. */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly signatureHeader = 'stripe-signature';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.api ?? {}),
    });
  }

  async createSubscriptionCheckout(input: SubscriptionCheckoutInput) {
    const customerId =
      input.customerId ??
      (await this.stripe.customers.create({ email: input.email, metadata: { hostId: String(input.hostId) } }))
        .id;
    // Only the newest checkout can be paid: two open tabs must not buy two subscriptions.
    for await (const open of this.stripe.checkout.sessions.list({
      customer: customerId,
      status: 'open',
      limit: 20,
    })) {
      await this.stripe.checkout.sessions.expire(open.id);
    }
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(input.hostId),
      line_items: [{ price: this.settings.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      subscription_data: { metadata: { hostId: String(input.hostId) } },
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, customerId, url: session.url };
  }

  async getCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      const hostId = Number(session.client_reference_id);
      return {
        id: session.id,
        hostId: Number.isSafeInteger(hostId) && hostId > 0 ? hostId : null,
        paid: session.status === 'complete' && session.payment_status !== 'unpaid',
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionInfo | null> {
    try {
      return this.toInfo(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionInfo> {
    return this.toInfo(
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
    );
  }

  async createBillingPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  async createCustomer(input: { email: string; userId: number }): Promise<string> {
    const customer = await this.stripe.customers.create({
      email: input.email,
      metadata: { userId: String(input.userId) },
    });
    return customer.id;
  }

  /** The browser confirms this SetupIntent with Stripe's card field; the number never reaches us. */
  async beginCardSetup(customerId: string): Promise<{ clientSecret: string }> {
    const intent = await this.stripe.setupIntents.create({
      customer: customerId,
      payment_method_types: ['card'],
      usage: 'off_session',
    });
    if (!intent.client_secret) throw new Error('Stripe returned a SetupIntent without a client secret');
    return { clientSecret: intent.client_secret };
  }

  async saveCard(customerId: string, input: CardToSave): Promise<SavedCard> {
    // Card numbers are only ever typed into Stripe's own field when Stripe is the processor.
    if (input.kind !== 'setup-intent') throw new PaymentDeclinedError(messages.cardUseSecureField);
    const intent = await this.stripe.setupIntents
      .retrieve(input.setupIntentId, { expand: ['payment_method'] })
      .catch((error: unknown) => {
        // An id Stripe never issued (or another account's) is the client's mistake, not ours.
        if (isMissing(error)) throw new PaymentDeclinedError(CARD_NOT_SAVED);
        throw error;
      });
    const method = intent.payment_method;
    if (
      intent.status !== 'succeeded' ||
      idOf(intent.customer) !== customerId ||
      !method ||
      typeof method === 'string'
    ) {
      throw new PaymentDeclinedError(CARD_NOT_SAVED);
    }
    if (!method.card) throw new PaymentDeclinedError('Only cards can be saved.');
    return {
      paymentMethodId: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    };
  }

  async removeCard(customerId: string, paymentMethodId: string): Promise<void> {
    try {
      const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      // Only a card of this customer is detached; an id of anyone else's is left alone.
      if (idOf(method.customer) !== customerId) return;
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerId);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
  }

  async chargeCard(input: ChargeInput): Promise<{ chargeId: string }> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          description: input.description,
          off_session: true,
          confirm: true,
          metadata: { idempotency_key: input.idempotencyKey },
          ...(input.destination
            ? {
                transfer_data: { destination: input.destination.accountId },
                application_fee_amount: input.destination.applicationFeeCents,
              }
            : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status !== 'succeeded') throw new PaymentDeclinedError('The payment did not go through.');
      return { chargeId: intent.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message);
      throw error;
    }
  }

  async findCharge(idempotencyKey: string): Promise<{ chargeId: string; amountCents: number } | null> {
    const found = await this.stripe.paymentIntents.search({
      query: `metadata['idempotency_key']:'${idempotencyKey.replace(/[^\w-]/g, '')}'`,
      limit: 1,
    });
    const intent = found.data.find((candidate) => candidate.status === 'succeeded');
    return intent ? { chargeId: intent.id, amountCents: intent.amount } : null;
  }

  /**
   * Refunds a payment. Of a destination charge the refund is taken back from the host's account
   * (`reverse_transfer`), and the platform's fee is given back in the amount our rule computed
   * (an application fee refund under its own key) rather than by Stripe's own rounding.
   */
  async refund(input: RefundInput): Promise<{ refundId: string }> {
    try {
      return await this.refundOnce(input);
    } catch (error) {
      // Stripe answers an invalid request (too much, a key reused, a charge it does not know)
      // the same way each time; anything else may go through when tried again.
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new RefundRefusedError(error.message);
      throw error;
    }
  }

  private async refundOnce(input: RefundInput): Promise<{ refundId: string }> {
    const intent = await this.stripe.paymentIntents.retrieve(input.chargeId, { expand: ['latest_charge'] });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const isDestination = intent.transfer_data?.destination != null;
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: input.chargeId,
        amount: input.amountCents,
        ...(isDestination ? { reverse_transfer: true } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    const feeId = idOf(charge?.application_fee);
    if (input.applicationFeeRefundCents > 0 && feeId) {
      await this.stripe.applicationFees.createRefund(
        feeId,
        { amount: input.applicationFeeRefundCents },
        { idempotencyKey: `${input.idempotencyKey}-fee` },
      );
    }
    return { refundId: refund.id };
  }

  /** An Express connected account: Stripe hosts its onboarding and its dashboard. */
  async createPayoutAccount(input: { hostId: number; email: string; businessName: string }): Promise<string> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: input.email,
        business_profile: { name: input.businessName },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { hostId: String(input.hostId) },
      },
      { idempotencyKey: `payout-account-${input.hostId}` },
    );
    return account.id;
  }

  async createOnboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      return_url: urls.returnUrl,
      refresh_url: urls.refreshUrl,
    });
    return link.url;
  }

  async getPayoutAccount(accountId: string): Promise<PayoutAccountInfo | null> {
    try {
      const account = await this.stripe.accounts.retrieve(accountId);
      const bank = account.external_accounts?.data.find((external) => external.object === 'bank_account');
      return {
        id: account.id,
        chargesEnabled: account.charges_enabled ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
        detailsSubmitted: account.details_submitted ?? false,
        bankLast4: bank?.last4 ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getPayout(accountId: string, payoutId: string): Promise<PayoutInfo | null> {
    try {
      const payout = await this.stripe.payouts.retrieve(payoutId, { stripeAccount: accountId });
      return {
        id: payout.id,
        accountId,
        amountCents: payout.amount,
        status: payout.status as PayoutStatus,
        arrivalDate: new Date(payout.arrival_date * 1000),
        createdAt: new Date(payout.created * 1000),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.settings.webhookSecret);
    } catch {
      throw new InvalidWebhookError();
    }
    switch (event.type) {
      case 'checkout.session.completed':
        return event.data.object.mode === 'subscription'
          ? { id: event.id, type: 'checkout.completed', sessionId: event.data.object.id }
          : { id: event.id, type: 'ignored', providerType: event.type };
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { id: event.id, type: 'subscription.changed', subscriptionId: event.data.object.id };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
        return subscriptionId
          ? { id: event.id, type: 'subscription.changed', subscriptionId }
          : { id: event.id, type: 'ignored', providerType: event.type };
      }
      case 'account.updated':
        return { id: event.id, type: 'account.changed', accountId: event.data.object.id };
      case 'payout.created':
      case 'payout.updated':
      case 'payout.paid':
      case 'payout.failed':
      case 'payout.canceled':
        // Connect events carry the connected account the payout belongs to.
        return event.account
          ? { id: event.id, type: 'payout.changed', accountId: event.account, payoutId: event.data.object.id }
          : { id: event.id, type: 'ignored', providerType: event.type };
      default:
        return { id: event.id, type: 'ignored', providerType: event.type };
    }
  }

  private toInfo(subscription: Stripe.Subscription): SubscriptionInfo {
    const periodEnd = subscription.items.data[0]?.current_period_end;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      status: toStatus(subscription.status),
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }
}
