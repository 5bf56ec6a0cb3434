import type { CardDetails } from '@campwise/contract/cards';
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
  | { id: string; type: 'account.changed'; accountId: string }
  | { id: string; type: 'payout.changed'; accountId: string; payoutId: string }
  | { id: string; type: 'ignored'; providerType: string };

export class InvalidWebhookError extends Error {}

/** The processor refused a card (to save or to charge); the message is for the card holder. */
export class PaymentDeclinedError extends Error {}

/**
 * The processor refused a refund for good (more than the charge holds, a key reused with other
 * terms, a charge it does not know): asking again under the same key would be refused again.
 */
export class RefundRefusedError extends Error {}

/** A saved card as we keep it: the provider's id, and what a person recognises it by. */
export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * How a card reaches the provider's tokeniser: typed details handed straight to an
 * in-process processor, or (Stripe) a SetupIntent the browser confirmed with Stripe's own
 * card field, so the number never touches our server.
 */
export type CardToSave =
  | { kind: 'details'; card: CardDetails }
  | { kind: 'setup-intent'; setupIntentId: string };

export interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  /** The same key never charges twice: a retry answers the first charge. */
  idempotencyKey: string;
  /**
   * A destination charge (docs/decisions/027): the amount goes to the host's payout account,
   * less the platform's fee. Null for a charge the platform keeps.
   */
  destination: { accountId: string; applicationFeeCents: number } | null;
}

export interface RefundInput {
  chargeId: string;
  amountCents: number;
  /**
   * Of a destination charge, the refund is taken back from the host's account; this much of the
   * platform's fee goes back to it with the refund.
   */
  applicationFeeRefundCents: number;
  idempotencyKey: string;
}

/** A host's payout account as the provider keeps it. */
export interface PayoutAccountInfo {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  bankLast4: string | null;
}

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

/** Money sent from a payout account to the host's bank. */
export interface PayoutInfo {
  id: string;
  accountId: string;
  amountCents: number;
  status: PayoutStatus;
  arrivalDate: Date;
  createdAt: Date;
}

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
  createCustomer(input: { email: string; userId: number }): Promise<string>;
  /** Starts saving a card in the browser with the provider's own field (null: cards are typed into our form). */
  beginCardSetup(customerId: string): Promise<{ clientSecret: string } | null>;
  /** Tokenises a card; throws PaymentDeclinedError when the processor refuses it. */
  saveCard(customerId: string, card: CardToSave): Promise<SavedCard>;
  /** Removes a saved card from the customer, so it can never be charged again; a card already gone is fine. */
  removeCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** Deletes a customer and what the provider keeps of them (a deleted account); one already gone is fine. */
  deleteCustomer(customerId: string): Promise<void>;
  /** Charges a saved card once per idempotency key; throws PaymentDeclinedError on a decline. */
  chargeCard(input: ChargeInput): Promise<{ chargeId: string }>;
  /**
   * The charge made under an idempotency key, or null when none was made: how reconciliation
   * learns whether a payment interrupted by a crash went through.
   */
  findCharge(idempotencyKey: string): Promise<{ chargeId: string; amountCents: number } | null>;
  /**
   * Refunds all of a charge, or part of it, once per idempotency key; throws RefundRefusedError
   * when the processor refuses it for good.
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Opens a payout account for a host (Connect Express); answers its id. */
  createPayoutAccount(input: { hostId: number; email: string; businessName: string }): Promise<string>;
  /** A one-use link to the provider's hosted onboarding of the account. */
  createOnboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  getPayoutAccount(accountId: string): Promise<PayoutAccountInfo | null>;
  getPayout(accountId: string, payoutId: string): Promise<PayoutInfo | null>;
  /** Verifies the signature and reads the event; throws InvalidWebhookError when it is not ours. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}

/** The header the built-in test processor signs its webhook events in (Stripe's is `stripe-signature`). */
export const TEST_SIGNATURE_HEADER = 'campwise-signature';

/** `{CHECKOUT_SESSION_ID}` in a success URL is replaced by the session id, as Stripe does. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
