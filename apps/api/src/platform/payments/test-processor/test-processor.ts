import { createHmac, randomBytes } from 'node:crypto';
import { type CardDetails, cardBrand } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import type { HostedCheckout } from '@campwise/contract/subscriptions';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { processQueue, type QueueRunResult } from '../../retry-queue.ts';
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
  type RefundInput,
  RefundRefusedError,
  type SavedCard,
  SESSION_ID_PLACEHOLDER,
  type SubscriptionCheckoutInput,
  type SubscriptionInfo,
  TEST_SIGNATURE_HEADER,
} from '../provider.ts';
import { type AccountEventType, TestProcessorAccounts } from './accounts.ts';
import {
  testProcessorCharges as charges,
  testProcessorEvents as events,
  testProcessorPaymentMethods as paymentMethods,
  testProcessorRefunds as refunds,
  testProcessorCheckoutSessions as sessions,
  testProcessorSubscriptions as subscriptions,
} from './schema.ts';
import { isValidSignature, signPayload } from './signature.ts';

/** The processor's side of the books, for the books check (loaded with the processor, never without it). */
export { testProcessorLedger } from './accounts.ts';

const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The usual test numbers: these are declined, with the processor's reason. */
const declinedCards: Record<string, string> = {
  '4000000000000002': messages.cardDeclined,
  '4000000000009995': messages.cardInsufficientFunds,
  '4000000000000127': messages.cardIncorrectCvc,
  '4000000000000069': messages.cardExpired,
};
/** Accepted at checkout or when saved, then declined on every renewal or charge. */
const DECLINES_LATER = '4000000000000341';

export interface TestProcessorPlan {
  name: string;
  amountCents: number;
  interval: 'month' | 'year';
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

type EventType =
  | AccountEventType
  | 'checkout.session.completed'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted';

/** The processor as the configuration sets it up, with its webhooks signed by a key derived from the app's secret. */
export function createTestProcessor(config: Config, db: Database, appSecret: string): TestProcessor {
  const webhookSecret = createHmac('sha256', appSecret).update('test-processor-webhooks').digest('hex');
  return new TestProcessor(
    db,
    webhookSecret,
    config.publicUrl,
    {
      name: config.site.planName,
      amountCents: config.site.planPriceCents,
      interval: config.site.planInterval,
    },
    config.testPayoutIntervalDays,
  );
}

/** Delivers one signed event body to the app's webhook endpoint; answers the HTTP status. */
export type WebhookSender = (body: string, signature: string) => Promise<number>;

/**
 * The default payment provider: a processor that runs inside the app. It keeps its own
 * records in its own tables, hosts a checkout page, never stores a full card number or CVC,
 * and reports changes through signed webhook events sent to the same endpoint Stripe uses.
 */
export class TestProcessor implements PaymentProvider {
  readonly kind = 'test' as const;
  readonly signatureHeader = TEST_SIGNATURE_HEADER;

  constructor(
    private readonly db: Database,
    private readonly webhookSecret: string,
    private readonly publicUrl: string,
    private readonly plan: TestProcessorPlan,
    payoutIntervalDays = 7,
  ) {
    this.accounts = new TestProcessorAccounts(db, publicUrl, payoutIntervalDays, queueEvent);
  }

  /** Connected accounts: hosts' payout accounts, their onboarding page, balances and payouts. */
  readonly accounts: TestProcessorAccounts;

  async createSubscriptionCheckout(input: SubscriptionCheckoutInput) {
    const id = newId('cs_test');
    const customerId = input.customerId ?? newId('cus_test');
    // Only the newest checkout can be paid: two open tabs must not buy two subscriptions.
    await this.db
      .update(sessions)
      .set({ status: 'expired' })
      .where(and(eq(sessions.clientReferenceId, String(input.hostId)), eq(sessions.status, 'open')));
    await this.db.insert(sessions).values({
      id,
      customerId,
      customerEmail: input.email,
      clientReferenceId: String(input.hostId),
      description: this.plan.name,
      amountCents: this.plan.amountCents,
      interval: this.plan.interval,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
    });
    return { sessionId: id, customerId, url: `${this.publicUrl}/pay/checkout/${id}` };
  }

  async getCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo | null> {
    const [session] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId));
    if (!session) return null;
    const hostId = Number(session.clientReferenceId);
    return {
      id: session.id,
      hostId: Number.isSafeInteger(hostId) ? hostId : null,
      paid: session.status === 'complete',
      customerId: session.customerId,
      subscriptionId: session.subscriptionId,
    };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionInfo | null> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    return row ? toInfo(row) : null;
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionInfo> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: cancel })
        .where(
          and(eq(subscriptions.id, subscriptionId), inArray(subscriptions.status, ['active', 'past_due'])),
        )
        .returning();
      if (!row) throw conflict(messages.noSubscription);
      await queueEvent(tx, 'customer.subscription.updated', row.id);
      return toInfo(row);
    });
  }

  async createBillingPortalUrl(): Promise<string | null> {
    return null;
  }

  async createCustomer(): Promise<string> {
    return newId('cus_test');
  }

  async beginCardSetup(): Promise<null> {
    return null;
  }

  /** Tokenises typed details: the decline numbers are refused, and only brand, last four and expiry are kept. */
  async saveCard(customerId: string, input: CardToSave): Promise<SavedCard> {
    if (input.kind !== 'details') throw badRequest(messages.cardNumberInvalid);
    const { card } = input;
    const decline = declinedCards[card.cardNumber];
    if (decline) throw new PaymentDeclinedError(decline);
    const [saved] = await this.db
      .insert(paymentMethods)
      .values({
        id: newId('pm_test'),
        customerId,
        brand: cardBrand(card.cardNumber),
        last4: card.cardNumber.slice(-4),
        expMonth: card.expDate,
        expYear: card.expYear,
        declinesCharges: card.cardNumber === DECLINES_LATER,
      })
      .returning();
    if (!saved) throw new Error('insert returned no row');
    return {
      paymentMethodId: saved.id,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
    };
  }

  async removeCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.db
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.customerId, customerId)));
  }

  /** The test processor keeps nothing of a customer but their cards. */
  async deleteCustomer(customerId: string): Promise<void> {
    await this.db.delete(paymentMethods).where(eq(paymentMethods.customerId, customerId));
  }

  async chargeCard(input: ChargeInput): Promise<{ chargeId: string }> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1)
      throw badRequest(messages.invalidAmount);
    const [earlier] = await this.db
      .select()
      .from(charges)
      .where(eq(charges.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      // Like a real processor: a key names one request, and a different request under it is an error.
      const same =
        earlier.customerId === input.customerId &&
        earlier.paymentMethodId === input.paymentMethodId &&
        earlier.amountCents === input.amountCents &&
        earlier.destinationAccountId === (input.destination?.accountId ?? null) &&
        earlier.applicationFeeCents === (input.destination?.applicationFeeCents ?? 0);
      if (!same) throw conflict(messages.idempotencyKeyReused);
      return { chargeId: earlier.id };
    }
    const [method] = await this.db
      .select()
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.customerId, input.customerId)),
      );
    if (!method) throw new PaymentDeclinedError(messages.cardDeclined);
    if (method.declinesCharges) throw new PaymentDeclinedError(messages.cardDeclined);
    const { destination } = input;
    if (destination) {
      const fee = destination.applicationFeeCents;
      if (!Number.isSafeInteger(fee) || fee < 0 || fee > input.amountCents)
        throw badRequest(messages.invalidAmount);
      // As Stripe: a destination that cannot take charges refuses the payment.
      if (!(await this.accounts.canTakeCharges(destination.accountId)))
        throw conflict(messages.registrationOpensSoon);
    }
    const [charge] = await this.db
      .insert(charges)
      .values({
        id: newId('ch_test'),
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        amountCents: input.amountCents,
        description: input.description,
        destinationAccountId: destination?.accountId ?? null,
        applicationFeeCents: destination?.applicationFeeCents ?? 0,
        idempotencyKey: input.idempotencyKey,
      })
      // Two simultaneous requests with one key: the second finds the first's charge.
      .onConflictDoNothing({ target: charges.idempotencyKey })
      .returning({ id: charges.id });
    if (charge) return { chargeId: charge.id };
    const [winner] = await this.db
      .select({ id: charges.id })
      .from(charges)
      .where(eq(charges.idempotencyKey, input.idempotencyKey));
    if (!winner) throw new Error('charge vanished');
    return { chargeId: winner.id };
  }

  async findCharge(idempotencyKey: string): Promise<{ chargeId: string; amountCents: number } | null> {
    const [charge] = await this.db
      .select({ chargeId: charges.id, amountCents: charges.amountCents })
      .from(charges)
      .where(eq(charges.idempotencyKey, idempotencyKey));
    return charge ?? null;
  }

  async refund(input: RefundInput): Promise<{ refundId: string }> {
    return this.db.transaction(async (tx) => {
      // The charge is locked before looking for an earlier refund with this key, so a second
      // request with the same key waits for the first and then finds its refund.
      const [charge] = await tx.select().from(charges).where(eq(charges.id, input.chargeId)).for('update');
      if (!charge) throw new RefundRefusedError(`No charge ${input.chargeId}`);
      const [earlier] = await tx
        .select()
        .from(refunds)
        .where(eq(refunds.idempotencyKey, input.idempotencyKey));
      if (earlier) {
        if (
          earlier.chargeId !== input.chargeId ||
          earlier.amountCents !== input.amountCents ||
          earlier.applicationFeeRefundCents !== input.applicationFeeRefundCents
        ) {
          throw new RefundRefusedError(messages.idempotencyKeyReused);
        }
        return { refundId: earlier.id };
      }
      const [{ refunded, feeRefunded } = { refunded: 0, feeRefunded: 0 }] = await tx
        .select({
          refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int`,
          feeRefunded: sql<number>`coalesce(sum(${refunds.applicationFeeRefundCents}), 0)::int`,
        })
        .from(refunds)
        .where(eq(refunds.chargeId, input.chargeId));
      if (input.amountCents <= 0 || refunded + input.amountCents > charge.amountCents) {
        throw new RefundRefusedError(messages.refundTooLarge);
      }
      const fee = input.applicationFeeRefundCents;
      if (
        !Number.isSafeInteger(fee) ||
        fee < 0 ||
        fee > input.amountCents ||
        feeRefunded + fee > charge.applicationFeeCents
      ) {
        throw new RefundRefusedError(messages.refundTooLarge);
      }
      const id = newId('re_test');
      await tx.insert(refunds).values({
        id,
        chargeId: input.chargeId,
        amountCents: input.amountCents,
        applicationFeeRefundCents: fee,
        idempotencyKey: input.idempotencyKey,
      });
      return { refundId: id };
    });
  }

  createPayoutAccount(input: { email: string; businessName: string }): Promise<string> {
    return this.accounts.create(input);
  }

  createOnboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    return this.accounts.createLink(accountId, urls);
  }

  getPayoutAccount(accountId: string): Promise<PayoutAccountInfo | null> {
    return this.accounts.get(accountId);
  }

  getPayout(accountId: string, payoutId: string): Promise<PayoutInfo | null> {
    return this.accounts.getPayout(accountId, payoutId);
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    if (!isValidSignature(this.webhookSecret, rawBody, signature)) throw new InvalidWebhookError();
    const event = JSON.parse(rawBody.toString('utf8')) as {
      id?: unknown;
      type?: unknown;
      account?: unknown;
      data?: { object?: { id?: unknown } };
    };
    const objectId = event.data?.object?.id;
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof objectId !== 'string') {
      throw new InvalidWebhookError();
    }
    if (event.type === 'checkout.session.completed')
      return { id: event.id, type: 'checkout.completed', sessionId: objectId };
    if (event.type === 'account.updated')
      return { id: event.id, type: 'account.changed', accountId: objectId };
    if (event.type.startsWith('payout.')) {
      if (typeof event.account !== 'string') throw new InvalidWebhookError();
      return { id: event.id, type: 'payout.changed', accountId: event.account, payoutId: objectId };
    }
    return { id: event.id, type: 'subscription.changed', subscriptionId: objectId };
  }

  /** What the hosted checkout page shows; null for an unknown session. */
  async describeCheckout(sessionId: string): Promise<HostedCheckout | null> {
    const [session] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId));
    if (!session) return null;
    const expired = session.status === 'open' && session.expiresAt <= new Date();
    return {
      id: session.id,
      merchant: 'Campwise',
      description: session.description,
      amountCents: session.amountCents,
      interval: session.interval,
      customerEmail: session.customerEmail,
      status: expired ? 'expired' : session.status,
      cancelUrl: session.cancelUrl,
    };
  }

  /**
   * Pays an open checkout with a card: declines the usual decline test numbers, otherwise
   * starts the subscription and reports it. Only the brand and last four digits are kept.
   */
  async payCheckout(sessionId: string, card: CardDetails): Promise<{ redirectUrl: string }> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
      if (!session) throw notFound(messages.checkoutUnavailable);
      if (session.status !== 'open' || session.expiresAt <= new Date())
        throw conflict(messages.checkoutUnavailable);
      const decline = declinedCards[card.cardNumber];
      if (decline) throw new AppError(402, 'CARD_DECLINED', decline, { cardNumber: decline });
      const subscriptionId = newId('sub_test');
      await tx.insert(subscriptions).values({
        id: subscriptionId,
        customerId: session.customerId,
        status: 'active',
        interval: session.interval,
        currentPeriodEnd: addInterval(new Date(), session.interval),
        cardBrand: cardBrand(card.cardNumber),
        cardLast4: card.cardNumber.slice(-4),
        declinesRenewals: card.cardNumber === DECLINES_LATER,
      });
      await tx.update(sessions).set({ status: 'complete', subscriptionId }).where(eq(sessions.id, sessionId));
      await queueEvent(tx, 'checkout.session.completed', sessionId);
      await queueEvent(tx, 'invoice.paid', subscriptionId);
      return {
        redirectUrl: session.successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(sessionId)),
      };
    });
  }

  /**
   * The processor's own clock: subscriptions whose period has ended renew (or fail to, or
   * end when cancelled at period end), and every pending event is sent, signed.
   */
  async runDueWork(send: WebhookSender, now: Date = new Date()): Promise<QueueRunResult> {
    await this.renewDueSubscriptions(now);
    await this.accounts.runPayouts(now);
    return processQueue<{
      id: number;
      event_id: string;
      type: string;
      object_id: string;
      account_id: string | null;
    }>(
      this.db,
      { schema: 'test_processor', table: 'events', doneColumn: 'delivered_at', attemptsColumn: 'attempts' },
      sql`event_id, type, object_id, account_id`,
      async (row) => {
        const body = JSON.stringify({
          id: row.event_id,
          type: row.type,
          ...(row.account_id ? { account: row.account_id } : {}),
          data: { object: { id: row.object_id } },
        });
        const status = await send(body, signPayload(this.webhookSecret, body));
        return status >= 200 && status < 300 ? null : `webhook endpoint answered ${status}`;
      },
      now,
    );
  }

  private async renewDueSubscriptions(now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['active', 'past_due']),
            lte(subscriptions.currentPeriodEnd, now),
          ),
        )
        .for('update', { skipLocked: true });
      for (const row of due) {
        if (row.cancelAtPeriodEnd) {
          await tx.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, row.id));
          await queueEvent(tx, 'customer.subscription.deleted', row.id);
        } else if (row.declinesRenewals) {
          // Retried daily; the processor gives up (cancels) a week after the period ended.
          const givenUp = now.getTime() - row.currentPeriodEnd.getTime() > 7 * 24 * 60 * 60 * 1000;
          await tx
            .update(subscriptions)
            .set({ status: givenUp ? 'canceled' : 'past_due' })
            .where(eq(subscriptions.id, row.id));
          if (row.status !== 'past_due' || givenUp) {
            await queueEvent(
              tx,
              givenUp ? 'customer.subscription.deleted' : 'invoice.payment_failed',
              row.id,
            );
          }
        } else {
          let periodEnd = row.currentPeriodEnd;
          while (periodEnd <= now) periodEnd = addInterval(periodEnd, row.interval);
          await tx
            .update(subscriptions)
            .set({ status: 'active', currentPeriodEnd: periodEnd })
            .where(eq(subscriptions.id, row.id));
          await queueEvent(tx, 'invoice.paid', row.id);
        }
      }
    });
  }
}

function toInfo(row: typeof subscriptions.$inferSelect): SubscriptionInfo {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

async function queueEvent(
  db: Database,
  type: EventType,
  objectId: string,
  accountId?: string,
): Promise<void> {
  await db.insert(events).values({ eventId: newId('evt_test'), type, objectId, accountId });
}
