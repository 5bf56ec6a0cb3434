import type { SubscriptionStatus } from '@campwise/contract/subscriptions';

export interface CheckoutSessionInfo {
  id: string;
  /** The host the checkout was started for (the provider's client reference). */
  hostId: number | null;
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface SubscriptionInfo {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * A verified webhook event, reduced to what we act on. Handlers re-read the object from the
 * provider, so events arriving twice or out of order cannot roll the state back.
 */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; sessionId: string }
  | { id: string; type: 'subscription.changed'; subscriptionId: string }
  | { id: string; type: 'ignored'; providerType: string };

export class InvalidWebhookError extends Error {}

export interface SubscriptionCheckoutInput {
  hostId: number;
  email: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** What the app needs from a card payment provider; Stripe and the test processor both fit. */
export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  /** The request header that carries the webhook signature. */
  readonly signatureHeader: string;
  createSubscriptionCheckout(
    input: SubscriptionCheckoutInput,
  ): Promise<{ sessionId: string; customerId: string; url: string }>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo | null>;
  getSubscription(subscriptionId: string): Promise<SubscriptionInfo | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionInfo>;
  /** A hosted page to manage billing, or null when the provider has none. */
  createBillingPortalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /** Verifies the signature and reads the event; throws InvalidWebhookError when it is not ours. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}

/** `{CHECKOUT_SESSION_ID}` in a success URL is replaced by the session id, as Stripe does. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
