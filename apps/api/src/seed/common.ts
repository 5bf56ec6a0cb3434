import { cardDetailsSchema } from '@campwise/contract/cards';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { hostPayoutAccounts, users } from '../db/schema.ts';
import type { PlatformFee } from '../modules/payouts/index.ts';
import { startOnboarding, syncPayout, syncPayoutAccount } from '../modules/payouts/index.ts';
import { confirmCheckout, startCheckout } from '../modules/subscriptions/index.ts';
import { taxIdBox } from '../modules/tax-statements/index.ts';
import { HealthDataBox } from '../platform/health-data-box.ts';
import type { TestProcessor } from '../platform/payments/test-processor/test-processor.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import type { FileStorage } from '../platform/storage.ts';
import { resolveJwtSecret } from '../platform/tokens.ts';

/** Every demo account signs in with this password (long, and not on the common-password list). */
export const DEMO_PASSWORD = 'Happy-Campers-2026';

/** The accounts the demo documents; the other demo hosts are `<metro>.host@demo.campwise.test`. */
export const DEMO_ACCOUNTS = {
  host: 'host@demo.campwise.test',
  parent: 'parent@demo.campwise.test',
  admin: 'admin@demo.campwise.test',
  /** A manager and a staff member of the demo host's first year-round camp's organisation (decision 057). */
  manager: 'manager@demo.campwise.test',
  staff: 'staff@demo.campwise.test',
} as const;

/** Owns the organisations and camps of the scale data set (`--camps N`). */
export const SCALE_HOST_EMAIL = 'scale.host@demo.campwise.test';

/** The card the demo pays with: the test processor's card that always succeeds. */
export const DEMO_CARD_NUMBER = '4242 4242 4242 4242';

export class SeedError extends Error {}

/** What the seed writes with: the database, the file storage and the payment processor. */
export interface SeedContext {
  db: Database;
  storage: FileStorage;
  publicUrl: string;
  /** The built-in test processor working on `db` (the seed writes inside one transaction). */
  processor(db: Database): TestProcessor;
  /** The calendar day the demo's dates are counted from. */
  today: Date;
  platformFee: PlatformFee;
  /** Seals the demo children's health profiles as the server does. */
  healthData: HealthDataBox;
  /** Seals the demo organisations' EINs as the server does (decision 077). */
  taxIds: SecretBox;
}

/** A context for the configured database and storage; refuses when Stripe takes the payments. */
export async function seedContext(config: Config, db: Database, storage: FileStorage): Promise<SeedContext> {
  if (config.stripe) {
    throw new SeedError(
      'The demo data pays its subscriptions and saves its card with the built-in test processor; ' +
        'unset STRIPE_SECRET_KEY to load it.',
    );
  }
  const appSecret = resolveJwtSecret(config);
  // Loaded here, as the server loads it: only when no real provider is configured.
  const { createTestProcessor } = await import('../platform/payments/test-processor/test-processor.ts');
  return {
    db,
    storage,
    publicUrl: config.publicUrl,
    processor: (database) => createTestProcessor(config, database, appSecret),
    today: new Date(),
    platformFee: config.platformFee,
    healthData: HealthDataBox.fromConfig(config.healthDataKeys, appSecret),
    taxIds: taxIdBox(appSecret),
  };
}

/** The lines `npm start` and `npm run db:seed` print, so people know how to sign in. */
export function demoLoginsText(publicUrl: string): string {
  return [
    `Demo data loaded. Every demo account signs in with the password ${DEMO_PASSWORD}`,
    `  host (subscribed, 5 organisations)  ${DEMO_ACCOUNTS.host}  ${publicUrl}/host/login`,
    `  parent (2 children, summer booked)  ${DEMO_ACCOUNTS.parent}  ${publicUrl}/camper/login`,
    `  administrator (1 in review)         ${DEMO_ACCOUNTS.admin}  ${publicUrl}/admin/login (sets up two-factor sign-in first)`,
    `  manager on the host's team          ${DEMO_ACCOUNTS.manager}  ${publicUrl}/host/login`,
    `  staff on the host's team            ${DEMO_ACCOUNTS.staff}  ${publicUrl}/host/login`,
  ].join('\n');
}

export async function findUserId(
  db: Database,
  userType: 'host' | 'camper' | 'admin',
  email: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, userType), sql`lower(${users.email}) = lower(${email})`));
  return row?.id ?? null;
}

export interface NewSeedUser {
  userType: 'host' | 'camper' | 'admin';
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string;
}

export async function insertUser(db: Database, user: NewSeedUser): Promise<number> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The demo card as the checkout and card forms would send it, expiring in three years. */
export function demoCard(firstName: string, lastName: string, today: Date) {
  return cardDetailsSchema.parse({
    firstName,
    lastName,
    cardNumber: DEMO_CARD_NUMBER,
    expDate: '12',
    expYear: String(today.getUTCFullYear() + 3),
    cvc: '123',
  });
}

/**
 * Subscribes a host the way a host does it: a checkout at the test processor, paid with the
 * demo card, then confirmed. The processor keeps the subscription and renews it on its clock.
 */
export async function subscribeHost(
  context: SeedContext,
  db: Database,
  host: { id: number; firstName: string; lastName: string },
): Promise<void> {
  const processor = context.processor(db);
  const checkoutUrl = await startCheckout(db, processor, host.id, context.publicUrl);
  const sessionId = new URL(checkoutUrl).pathname.split('/').at(-1) ?? '';
  await processor.payCheckout(sessionId, demoCard(host.firstName, host.lastName, context.today));
  await confirmCheckout(db, processor, host.id, sessionId);
}

/**
 * Connects a host's payout account the way a host does it: the onboarding link from account
 * settings, the test processor's hosted page filled in with a test bank account, then the
 * account read back as the return from onboarding does.
 */
export async function connectPayouts(
  context: SeedContext,
  db: Database,
  host: { id: number; firstName: string; lastName: string },
): Promise<void> {
  const processor = context.processor(db);
  const link = await startOnboarding(db, processor, host.id, context.publicUrl);
  const token = new URL(link).pathname.split('/').at(-1) ?? '';
  await processor.accounts.completeOnboarding(token, {
    accountHolder: `${host.firstName} ${host.lastName}`,
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
  const [account] = await db
    .select({ accountId: hostPayoutAccounts.accountId })
    .from(hostPayoutAccounts)
    .where(eq(hostPayoutAccounts.hostId, host.id));
  if (account) await syncPayoutAccount(db, processor, account.accountId);
}

/**
 * Pays the host's balance out now, as the test processor's weekly clock would, and records the
 * payout as its webhook would: a newcomer sees a payout on the way in Earnings.
 */
export async function payOutHost(context: SeedContext, db: Database, hostId: number): Promise<void> {
  const processor = context.processor(db);
  const [account] = await db
    .select({ accountId: hostPayoutAccounts.accountId })
    .from(hostPayoutAccounts)
    .where(eq(hostPayoutAccounts.hostId, hostId));
  if (!account) return;
  const payoutId = await processor.accounts.payOutNow(account.accountId, new Date());
  if (payoutId) await syncPayout(db, processor, account.accountId, payoutId);
}

/** A plain calendar date (yyyy-MM-dd), `days` after the given day. */
export function isoDay(from: Date, days = 0): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return day.toISOString().slice(0, 10);
}

/** Lower-case letters and digits of a name: a made-up web domain for it. */
export function domainOf(name: string): string {
  return `${name.toLowerCase().replaceAll(/[^a-z0-9]/g, '')}.example`;
}

/**
 * Sets the organisation view counters of the given camps' organisations to the sum of their camps'
 * counters, for seeds that write camp views in bulk rather than one page view at a time.
 */
export async function recountOrgViews(db: Database, campIds: readonly number[]): Promise<void> {
  if (campIds.length === 0) return;
  await db.execute(sql`insert into org_daily_views (org_id, day, views)
    select c.org_id, v.day, sum(v.views)::int from camp_daily_views v join camps c on c.id = v.camp_id
    where c.org_id in (select org_id from camps where id = any(${`{${campIds.join(',')}}`}::int[]))
    group by c.org_id, v.day
    on conflict (org_id, day) do update set views = excluded.views`);
}
