import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Whether a status lets a host use host features. While a renewal payment is being retried
 * (past_due) the host keeps access; the provider cancels the subscription if retries fail.
 */
export const LIVE_SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
] as const satisfies readonly SubscriptionStatus[];

export function isSubscribedStatus(status: SubscriptionStatus | null): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly (SubscriptionStatus | null)[]).includes(status);
}

export const subscriptionStateSchema = z.object({
  isSubscribed: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The provider offers a hosted page to update the card or cancel (Stripe's portal). */
  hasBillingPortal: z.boolean(),
  /** On the team of someone else's organisation whose owner is subscribed (decision 057). */
  onTeam: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** The spec reads the first row of a list. */
export const subscriptionResponse = z.object({ data: z.array(subscriptionStateSchema).length(1) });

/** The plan's price is the server's; a priceId sent by the client is accepted and ignored. */
export const startCheckoutBody = z.object({ priceId: z.string().max(200).optional() });
export const startCheckoutResponse = z.object({ data: z.object({ url: z.string() }) });

export const confirmCheckoutBody = z.object({ sessionId: z.string().trim().min(1).max(200) });

export const renewalBody = z.object({ cancelAtPeriodEnd: z.boolean() });

export const portalResponse = z.object({ data: z.object({ url: z.string() }) });

/** What the test processor's hosted checkout page shows. */
export const hostedCheckoutSchema = z.object({
  id: z.string(),
  merchant: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  interval: z.enum(['month', 'year']),
  customerEmail: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  cancelUrl: z.string(),
});
export type HostedCheckout = z.infer<typeof hostedCheckoutSchema>;
export const hostedCheckoutResponse = z.object({ data: hostedCheckoutSchema });
export const hostedCheckoutPayResponse = z.object({ data: z.object({ redirectUrl: z.string() }) });
