import { randomBytes } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import type { HostedOnboarding, TestBankAccount } from '@campwise/contract/payouts';
import { and, eq, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/raw.ts';
import { conflict, notFound } from '../../errors.ts';
import type { PayoutAccountInfo, PayoutInfo } from '../provider.ts';
import {
  testProcessorAccounts as accounts,
  testProcessorCharges as charges,
  testProcessorPayouts as payouts,
  testProcessorRefunds as refunds,
} from './schema.ts';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Account links live minutes at Stripe; a little longer here, for a slow form. */
const ONBOARDING_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** A payout reaches the bank two business days after it leaves, roughly as with a real bank. */
const PAYOUT_TRANSIT_MS = 2 * DAY_MS;

export type AccountEventType = 'account.updated' | 'payout.created' | 'payout.paid';
export type QueueAccountEvent = (
  db: Database,
  type: AccountEventType,
  objectId: string,
  accountId: string,
) => Promise<void>;

/**
 * The test processor's connected accounts (what Stripe Connect Express keeps for a host): a
 * hosted onboarding page records a test bank account, charges land in the account's balance
 * less the platform's fee, refunds take back from it, and the balance is paid out to the bank
 * on the processor's own clock.
 */
export class TestProcessorAccounts {
  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
    private readonly payoutIntervalDays: number,
    private readonly queueEvent: QueueAccountEvent,
  ) {}

  async create(input: { email: string; businessName: string }): Promise<string> {
    const id = newId('acct_test');
    await this.db.insert(accounts).values({ id, email: input.email, businessName: input.businessName });
    return id;
  }

  async createLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    const token = randomBytes(18).toString('hex');
    const [account] = await this.db
      .update(accounts)
      .set({
        onboardingToken: token,
        onboardingExpiresAt: new Date(Date.now() + ONBOARDING_LINK_LIFETIME_MS),
        returnUrl: urls.returnUrl,
      })
      .where(eq(accounts.id, accountId))
      .returning({ id: accounts.id });
    if (!account) throw notFound();
    return `${this.publicUrl}/pay/onboarding/${token}`;
  }

  async get(accountId: string): Promise<PayoutAccountInfo | null> {
    const [account] = await this.db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) return null;
    return {
      id: account.id,
      chargesEnabled: account.chargesEnabled,
      payoutsEnabled: account.payoutsEnabled,
      detailsSubmitted: account.bankLast4 !== null,
      bankLast4: account.bankLast4,
    };
  }

  /** Whether charges can be sent to the account: it exists and finished onboarding. */
  async canTakeCharges(accountId: string): Promise<boolean> {
    const [account] = await this.db
      .select({ chargesEnabled: accounts.chargesEnabled })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return account?.chargesEnabled ?? false;
  }

  async getPayout(accountId: string, payoutId: string): Promise<PayoutInfo | null> {
    const [payout] = await this.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), eq(payouts.accountId, accountId)));
    return payout ?? null;
  }

  /** What the hosted onboarding page shows; null for an unknown link. */
  async describeOnboarding(token: string): Promise<HostedOnboarding | null> {
    const [account] = await this.db.select().from(accounts).where(eq(accounts.onboardingToken, token));
    if (!account) return null;
    return {
      id: account.id,
      email: account.email,
      businessName: account.businessName,
      completed: account.chargesEnabled,
      expired: (account.onboardingExpiresAt ?? new Date(0)) <= new Date(),
    };
  }

  /** Records the bank account, opens the account for charges and payouts, and reports it. */
  async completeOnboarding(token: string, bank: TestBankAccount): Promise<{ redirectUrl: string }> {
    return this.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(accounts)
        .where(eq(accounts.onboardingToken, token))
        .for('update');
      // A link used once is gone: unknown, as a link never made.
      if (!account?.returnUrl) throw notFound(messages.payoutOnboardingUnavailable);
      if ((account.onboardingExpiresAt ?? new Date(0)) <= new Date()) {
        throw conflict(messages.payoutOnboardingUnavailable);
      }
      await tx
        .update(accounts)
        .set({
          accountHolder: bank.accountHolder,
          bankLast4: bank.accountNumber.slice(-4),
          chargesEnabled: true,
          payoutsEnabled: true,
          // One use, like an account link.
          onboardingToken: null,
          onboardingExpiresAt: null,
        })
        .where(eq(accounts.id, account.id));
      await this.queueEvent(tx, 'account.updated', account.id, account.id);
      return { redirectUrl: account.returnUrl };
    });
  }

  /**
   * The processor's payout clock: payouts whose arrival date came are paid, and each account
   * that can be paid out and has waited its interval sends its positive balance to its bank.
   */
  async runPayouts(now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const arrived = await tx
        .update(payouts)
        .set({ status: 'paid' })
        .where(and(eq(payouts.status, 'in_transit'), lte(payouts.arrivalDate, now)))
        .returning({ id: payouts.id, accountId: payouts.accountId });
      for (const payout of arrived) await this.queueEvent(tx, 'payout.paid', payout.id, payout.accountId);

      const dueBefore = new Date(now.getTime() - this.payoutIntervalDays * DAY_MS);
      const due = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.payoutsEnabled, true),
            or(
              lte(accounts.lastPayoutAt, dueBefore),
              and(isNull(accounts.lastPayoutAt), lte(accounts.createdAt, dueBefore)),
            ),
          ),
        )
        .for('update', { skipLocked: true });
      for (const account of due) await this.payOut(tx, account.id, now);
    });
  }

  /** Pays an account's balance out now, off its schedule (as a manual payout); answers its id or null. */
  async payOutNow(accountId: string, now: Date): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      return this.payOut(tx, accountId, now);
    });
  }

  private async payOut(tx: Database, accountId: string, now: Date): Promise<string | null> {
    const balance = await accountBalance(tx, accountId);
    await tx.update(accounts).set({ lastPayoutAt: now }).where(eq(accounts.id, accountId));
    if (balance <= 0) return null;
    const id = newId('po_test');
    await tx.insert(payouts).values({
      id,
      accountId,
      amountCents: balance,
      status: 'in_transit',
      arrivalDate: new Date(now.getTime() + PAYOUT_TRANSIT_MS),
      createdAt: now,
    });
    await this.queueEvent(tx, 'payout.created', id, accountId);
    return id;
  }
}

/**
 * An account's balance: what its charges brought in less the platform's fees, less what
 * refunds took back (net of the fee given back with them), less what was paid out.
 */
async function accountBalance(db: Database, accountId: string): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    db,
    sql`
      select (
        coalesce((select sum(${charges.amountCents} - ${charges.applicationFeeCents})
          from ${charges} where ${charges.destinationAccountId} = ${accountId}), 0)
        - coalesce((select sum(${refunds.amountCents} - ${refunds.applicationFeeRefundCents})
          from ${refunds} join ${charges} on ${charges.id} = ${refunds.chargeId}
          where ${charges.destinationAccountId} = ${accountId}), 0)
        - coalesce((select sum(${payouts.amountCents}) from ${payouts}
          where ${payouts.accountId} = ${accountId} and ${payouts.status} not in ('failed', 'canceled')), 0)
      )::int as balance`,
  );
  return row?.balance ?? 0;
}

/** Every connected account's balance and what it has paid out: the processor's side of the books. */
export async function testProcessorLedger(
  db: Database,
): Promise<{ accountId: string; balanceCents: number; paidOutCents: number }[]> {
  const rows = await db.select({ id: accounts.id }).from(accounts);
  const ledger = [];
  for (const { id } of rows) {
    const [paid] = await db
      .select({ total: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::int` })
      .from(payouts)
      .where(and(eq(payouts.accountId, id), notInArray(payouts.status, ['failed', 'canceled'])));
    ledger.push({
      accountId: id,
      balanceCents: await accountBalance(db, id),
      paidOutCents: paid?.total ?? 0,
    });
  }
  return ledger;
}
