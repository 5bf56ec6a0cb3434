import { canMove, payoutMoves } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { type PayoutAccount, payoutAccountStatus, platformFee } from '@campwise/contract/payouts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { camps, hostPayoutAccounts, hostPayouts, organizations, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import type { PlatformFee } from './payment-entries.ts';
import { payoutStatus } from './payout-status.ts';

/** The payout account a camp's charges go to, when its host's account can take charges. */
export async function campPayoutAccount(db: Database, campId: number): Promise<string | null> {
  const [row] = await db
    .select({ accountId: hostPayoutAccounts.accountId })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(
      hostPayoutAccounts,
      and(eq(hostPayoutAccounts.hostId, organizations.hostId), eq(hostPayoutAccounts.chargesEnabled, true)),
    )
    .where(eq(camps.id, campId));
  return row?.accountId ?? null;
}

/** The camp's payout account; a camp whose host cannot be paid yet takes no registrations. */
export async function requireCampPayoutAccount(db: Database, campId: number): Promise<string> {
  const accountId = await campPayoutAccount(db, campId);
  if (!accountId) throw new AppError(409, 'REGISTRATION_OPENS_SOON', messages.registrationOpensSoon);
  return accountId;
}

async function accountRow(db: Database, hostId: number) {
  const [row] = await db.select().from(hostPayoutAccounts).where(eq(hostPayoutAccounts.hostId, hostId));
  return row ?? null;
}

/** Keeps our copy of a payout account as the provider has it (webhook, return from onboarding). */
export async function syncPayoutAccount(
  db: Database,
  provider: PaymentProvider,
  accountId: string,
): Promise<void> {
  const account = await provider.getPayoutAccount(accountId);
  if (!account) return;
  await db
    .update(hostPayoutAccounts)
    .set({
      chargesEnabled: account.chargesEnabled,
      payoutsEnabled: account.payoutsEnabled,
      detailsSubmitted: account.detailsSubmitted,
      bankLast4: account.bankLast4,
      updatedAt: new Date(),
    })
    .where(eq(hostPayoutAccounts.accountId, accountId));
}

/**
 * Keeps our copy of a payout as the provider has it. Its status only moves forward along the
 * payout's life cycle, so a replayed or late event changes nothing.
 */
export async function syncPayout(
  db: Database,
  provider: PaymentProvider,
  accountId: string,
  payoutId: string,
): Promise<void> {
  const payout = await provider.getPayout(accountId, payoutId);
  if (!payout) return;
  await db.transaction(async (tx) => {
    const [known] = await tx
      .insert(hostPayouts)
      .values({
        id: payout.id,
        accountId: payout.accountId,
        amountCents: payout.amountCents,
        status: payout.status,
        arrivalDate: payout.arrivalDate,
        createdAt: payout.createdAt,
      })
      .onConflictDoUpdate({
        target: hostPayouts.id,
        set: { arrivalDate: payout.arrivalDate, amountCents: payout.amountCents },
      })
      .returning({ status: hostPayouts.status });
    if (known && canMove(payoutMoves, known.status, payout.status)) {
      await payoutStatus.move(tx, payout.id, known.status, payout.status);
    }
  });
}

/**
 * The host's payout account as they see it in settings. Until it can take charges the provider
 * is asked again, so coming back from onboarding shows where it stands at once.
 */
export async function readPayoutAccount(
  db: Database,
  provider: PaymentProvider,
  hostId: number,
  fee: PlatformFee,
  payoutIntervalDays: number,
): Promise<PayoutAccount> {
  let row = await accountRow(db, hostId);
  if (row && !(row.chargesEnabled && row.payoutsEnabled)) {
    await syncPayoutAccount(db, provider, row.accountId);
    row = await accountRow(db, hostId);
  }
  return {
    status: payoutAccountStatus(row),
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    bankLast4: row?.bankLast4 ?? null,
    feePercent: fee.basisPoints / 100,
    payoutSchedule:
      provider.kind === 'stripe'
        ? 'On Stripe’s schedule for your account'
        : `Every ${payoutIntervalDays} days`,
  };
}

/**
 * Opens the host's payout account on first use and answers a link to the provider's hosted
 * onboarding, which comes back to the account settings page.
 */
export async function startOnboarding(
  db: Database,
  provider: PaymentProvider,
  hostId: number,
  publicUrl: string,
): Promise<string> {
  let row = await accountRow(db, hostId);
  if (!row) {
    const [host] = await db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, hostId));
    if (!host) throw notFound();
    const [org] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.hostId, hostId))
      .orderBy(asc(organizations.id))
      .limit(1);
    const accountId = await provider.createPayoutAccount({
      hostId,
      email: host.email,
      businessName: org?.name ?? `${host.firstName} ${host.lastName}`,
    });
    // Two clicks at once: the first account wins, the second is never used.
    await db.insert(hostPayoutAccounts).values({ hostId, accountId }).onConflictDoNothing();
    row = await accountRow(db, hostId);
    if (!row) throw notFound();
  }
  return provider.createOnboardingLink(row.accountId, {
    returnUrl: `${publicUrl}/host/account?payouts=done`,
    refreshUrl: `${publicUrl}/host/account?payouts=again`,
  });
}

/** Where a charge for places goes and what the platform keeps of it, fixed when the payment is made. */
export interface ChargeTerms {
  destinationAccountId: string;
  applicationFeeCents: number;
}

/** The terms of a new charge at a camp; refused while the camp's host cannot be paid. */
export async function chargeTermsFor(
  db: Database,
  campId: number,
  amountCents: number,
  fee: PlatformFee,
): Promise<ChargeTerms> {
  return {
    destinationAccountId: await requireCampPayoutAccount(db, campId),
    applicationFeeCents: platformFee(amountCents, fee.basisPoints),
  };
}

/** A recorded payment's terms as the processor is asked for them (every retry asks the same). */
export function chargeDestination(terms: ChargeTerms): { accountId: string; applicationFeeCents: number } {
  return { accountId: terms.destinationAccountId, applicationFeeCents: terms.applicationFeeCents };
}
