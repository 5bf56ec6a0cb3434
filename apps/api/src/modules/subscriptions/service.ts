import { messages } from '@campwise/contract/messages';
import { isSubscribedStatus, type SubscriptionState } from '@campwise/contract/subscriptions';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hostSubscriptions, paymentWebhookEvents, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import {
  type CheckoutSessionInfo,
  type PaymentEvent,
  type PaymentProvider,
  SESSION_ID_PLACEHOLDER,
} from '../../platform/payments/provider.ts';
import { onSubscribedTeam } from '../access/index.ts';
import { syncPayout, syncPayoutAccount } from '../payouts/index.ts';

export async function getSubscriptionState(
  db: Database,
  provider: PaymentProvider,
  hostId: number,
): Promise<SubscriptionState> {
  const [row] = await db.select().from(hostSubscriptions).where(eq(hostSubscriptions.hostId, hostId));
  const status = row && row.status !== 'incomplete' ? row.status : null;
  return {
    isSubscribed: isSubscribedStatus(status),
    status,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    hasBillingPortal: provider.kind === 'stripe' && Boolean(row?.customerId),
    onTeam: await onSubscribedTeam(db, hostId),
  };
}

/** Starts a checkout at the provider for the configured plan; answers the page to send the host to. */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  hostId: number,
  publicUrl: string,
): Promise<string> {
  if ((await getSubscriptionState(db, provider, hostId)).isSubscribed)
    throw conflict(messages.alreadySubscribed);
  const [host] = await db.select({ email: users.email }).from(users).where(eq(users.id, hostId));
  if (!host) throw notFound();
  const [existing] = await db
    .select({ customerId: hostSubscriptions.customerId })
    .from(hostSubscriptions)
    .where(eq(hostSubscriptions.hostId, hostId));
  const checkout = await provider.createSubscriptionCheckout({
    hostId,
    email: host.email,
    customerId: existing?.customerId ?? null,
    successUrl: `${publicUrl}/host/subscribe/success?session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${publicUrl}/host/subscribe`,
  });
  await db
    .insert(hostSubscriptions)
    .values({ hostId, customerId: checkout.customerId })
    .onConflictDoUpdate({ target: hostSubscriptions.hostId, set: { customerId: checkout.customerId } });
  return checkout.url;
}

/** Copies the provider's current view of a subscription onto the host it belongs to. */
async function syncSubscription(
  db: Database,
  provider: PaymentProvider,
  subscriptionId: string,
): Promise<void> {
  const subscription = await provider.getSubscription(subscriptionId);
  if (!subscription) return;
  await db
    .update(hostSubscriptions)
    .set({
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      updatedAt: new Date(),
    })
    .where(eq(hostSubscriptions.subscriptionId, subscriptionId));
}

/** Links a paid checkout's subscription to its host, then reads the subscription's state. */
async function applyCheckout(
  db: Database,
  provider: PaymentProvider,
  session: CheckoutSessionInfo,
): Promise<void> {
  const { hostId, subscriptionId, customerId } = session;
  if (!session.paid || !subscriptionId || hostId === null) return;
  await db.transaction(async (tx) => {
    // A subscription id moves to the host whose checkout created it.
    await tx
      .update(hostSubscriptions)
      .set({ subscriptionId: null })
      .where(eq(hostSubscriptions.subscriptionId, subscriptionId));
    await tx
      .insert(hostSubscriptions)
      .values({ hostId, customerId, subscriptionId })
      .onConflictDoUpdate({
        target: hostSubscriptions.hostId,
        set: { customerId, subscriptionId, updatedAt: new Date() },
      });
  });
  await syncSubscription(db, provider, subscriptionId);
}

/**
 * The host came back from checkout with a session id. The provider, not the browser, says
 * whether that session belongs to this host and was paid.
 */
export async function confirmCheckout(
  db: Database,
  provider: PaymentProvider,
  hostId: number,
  sessionId: string,
): Promise<SubscriptionState> {
  const session = await provider.getCheckoutSession(sessionId);
  // Someone else's session looks exactly like one that does not exist.
  if (!session || session.hostId !== hostId) throw notFound(messages.checkoutUnavailable);
  if (!session.paid || !session.subscriptionId) throw conflict(messages.paymentNotConfirmed);
  await applyCheckout(db, provider, session);
  return getSubscriptionState(db, provider, hostId);
}

/** Handles a verified provider event once; a replay finds it recorded and changes nothing. */
export async function handlePaymentEvent(
  db: Database,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<void> {
  const [seen] = await db
    .select({ id: paymentWebhookEvents.id })
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.id, event.id));
  if (seen) return;
  if (event.type === 'checkout.completed') {
    const session = await provider.getCheckoutSession(event.sessionId);
    if (session) await applyCheckout(db, provider, session);
  } else if (event.type === 'subscription.changed') {
    await syncSubscription(db, provider, event.subscriptionId);
  } else if (event.type === 'account.changed') {
    await syncPayoutAccount(db, provider, event.accountId);
  } else if (event.type === 'payout.changed') {
    await syncPayout(db, provider, event.accountId, event.payoutId);
  }
  // Recorded after the work: handling is idempotent, so a crash in between only means a redo.
  await db
    .insert(paymentWebhookEvents)
    .values({ id: event.id, type: event.type === 'ignored' ? event.providerType : event.type })
    .onConflictDoNothing();
}

async function currentSubscriptionId(
  db: Database,
  hostId: number,
): Promise<{ subscriptionId: string | null; customerId: string | null }> {
  const [row] = await db
    .select({ subscriptionId: hostSubscriptions.subscriptionId, customerId: hostSubscriptions.customerId })
    .from(hostSubscriptions)
    .where(eq(hostSubscriptions.hostId, hostId));
  return row ?? { subscriptionId: null, customerId: null };
}

/** Cancels at the end of the paid period, or takes that back. */
export async function setRenewal(
  db: Database,
  provider: PaymentProvider,
  hostId: number,
  cancelAtPeriodEnd: boolean,
): Promise<SubscriptionState> {
  const { subscriptionId } = await currentSubscriptionId(db, hostId);
  const state = await getSubscriptionState(db, provider, hostId);
  if (!subscriptionId || !state.isSubscribed) throw conflict(messages.noSubscription);
  await provider.setCancelAtPeriodEnd(subscriptionId, cancelAtPeriodEnd);
  await syncSubscription(db, provider, subscriptionId);
  return getSubscriptionState(db, provider, hostId);
}

export async function billingPortalUrl(
  db: Database,
  provider: PaymentProvider,
  hostId: number,
  returnUrl: string,
): Promise<string> {
  const { customerId } = await currentSubscriptionId(db, hostId);
  if (!customerId) throw conflict(messages.noSubscription);
  const url = await provider.createBillingPortalUrl(customerId, returnUrl);
  if (!url) throw conflict(messages.portalUnavailable);
  return url;
}
