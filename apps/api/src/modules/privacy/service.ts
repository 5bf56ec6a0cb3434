import type { UserType } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import type { AccountExport } from '@campwise/contract/privacy';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  children,
  emailChangeRequests,
  hostSubscriptions,
  mailOutbox,
  newsletterSubscribers,
  organizations,
  orgConsents,
  passwordResetTokens,
  paymentCustomers,
  payments,
  registrations,
  savedCards,
  savedSessions,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  users,
} from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { AUDIT_ACTIONS, auditEventsAbout, recordAuditEvents } from '../audit/service.ts';
import { listCards, removeCard } from '../cards/service.ts';
import { deleteOrg } from '../orgs/service.ts';
import { cancelByParent } from '../registrations/cancel-registration.ts';
import {
  ACTIVE_STATUSES,
  dayOf,
  isUpcoming,
  parentCanCancel,
  SPOT_HOLDING_STATUSES,
} from '../registrations/lifecycle.ts';
import type { RegistrationDeps } from '../registrations/service.ts';
import { getSubscriptionState, setRenewal } from '../subscriptions/service.ts';
import { assertPassword, assertSecondFactor, isTwoFactorEnabled } from '../two-factor/service.ts';

export interface PrivacyDeps extends RegistrationDeps {
  storage: FileStorage;
  secretBox: SecretBox;
  /** Whether queued mail is ever sent (SMTP configured); otherwise it would wait forever. */
  mailIsDelivered: boolean;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// The right of access: everything about the user, as JSON.

async function hostOrganizations(db: Database, hostId: number): Promise<AccountExport['organizations']> {
  const orgs = await db
    .select({
      id: organizations.id,
      status: organizations.status,
      name: organizations.name,
      address: organizations.address,
      city: organizations.city,
      state: organizations.state,
      zip: organizations.zip,
      phone: organizations.phone,
      website: organizations.website,
      bio: organizations.bio,
      contactName: organizations.contactName,
      contactPhone: organizations.contactPhone,
      contactEmail: organizations.contactEmail,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .where(eq(organizations.hostId, hostId))
    .orderBy(asc(organizations.id));
  if (orgs.length === 0) return [];
  const orgIds = orgs.map((org) => org.id);
  const consents = await db
    .select({
      orgId: orgConsents.orgId,
      consentVersion: orgConsents.consentVersion,
      ipAddress: orgConsents.ipAddress,
      userAgent: orgConsents.userAgent,
      consentedAt: orgConsents.consentedAt,
    })
    .from(orgConsents)
    .where(inArray(orgConsents.orgId, orgIds))
    .orderBy(asc(orgConsents.id));
  const campRows = await db
    .select({
      orgId: camps.orgId,
      id: camps.id,
      name: camps.name,
      startDate: camps.startDate,
      endDate: camps.endDate,
      costCents: camps.costCents,
      capacity: camps.capacity,
      createdAt: camps.createdAt,
    })
    .from(camps)
    .where(inArray(camps.orgId, orgIds))
    .orderBy(asc(camps.id));
  return orgs.map((org) => ({
    ...org,
    createdAt: iso(org.createdAt),
    consents: consents
      .filter((consent) => consent.orgId === org.id)
      .map(({ orgId: _orgId, consentedAt, ...consent }) => ({ ...consent, consentedAt: iso(consentedAt) })),
    camps: campRows
      .filter((camp) => camp.orgId === org.id)
      .map(({ orgId: _orgId, createdAt, ...camp }) => ({ ...camp, createdAt: iso(createdAt) })),
  }));
}

async function hostSubscription(db: Database, hostId: number): Promise<AccountExport['subscription']> {
  const [row] = await db
    .select({
      status: hostSubscriptions.status,
      currentPeriodEnd: hostSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: hostSubscriptions.cancelAtPeriodEnd,
    })
    .from(hostSubscriptions)
    .where(eq(hostSubscriptions.hostId, hostId));
  return row ? { ...row, currentPeriodEnd: isoOrNull(row.currentPeriodEnd) } : null;
}

async function parentRecords(db: Database, parentId: number) {
  const kids = await db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      gender: children.gender,
      shirtSize: children.shirtSize,
      medical: children.medical,
      birthday: children.birthday,
      createdAt: children.createdAt,
    })
    .from(children)
    .where(eq(children.parentId, parentId))
    .orderBy(asc(children.id));
  const cards = await db
    .select({
      brand: savedCards.brand,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
      holderName: savedCards.holderName,
      createdAt: savedCards.createdAt,
    })
    .from(savedCards)
    .where(eq(savedCards.parentId, parentId))
    .orderBy(asc(savedCards.id));
  const places = await db
    .select({
      id: registrations.id,
      childId: registrations.childId,
      campId: registrations.campId,
      campName: camps.name,
      status: registrations.status,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      createdAt: registrations.createdAt,
      cancelledAt: registrations.cancelledAt,
    })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .where(eq(registrations.parentId, parentId))
    .orderBy(asc(registrations.id));
  const charges = await db
    .select({
      id: payments.id,
      campName: camps.name,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(camps, eq(camps.id, payments.campId))
    .where(eq(payments.parentId, parentId))
    .orderBy(asc(payments.id));
  const saved = await db
    .select({
      childId: savedSessions.childId,
      campName: camps.name,
      sessionName: campSessions.name,
      createdAt: savedSessions.createdAt,
    })
    .from(savedSessions)
    .innerJoin(campSessions, eq(campSessions.id, savedSessions.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(eq(savedSessions.parentId, parentId))
    .orderBy(asc(savedSessions.id));
  return {
    maybes: saved.map((maybe) => ({ ...maybe, createdAt: iso(maybe.createdAt) })),
    children: kids.map((kid) => ({ ...kid, createdAt: iso(kid.createdAt) })),
    cards: cards.map((card) => ({ ...card, createdAt: iso(card.createdAt) })),
    registrations: places.map((place) => ({
      ...place,
      createdAt: iso(place.createdAt),
      cancelledAt: isoOrNull(place.cancelledAt),
    })),
    payments: charges.map((charge) => ({ ...charge, createdAt: iso(charge.createdAt) })),
  };
}

/** Everything Campwise keeps about a user: the account, and what belongs to its role. */
export async function exportAccount(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<AccountExport> {
  const [user] = await db
    .select({
      id: users.id,
      userType: users.userType,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      homeZip: users.homeZip,
      searchRadiusMiles: users.searchRadiusMiles,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const host = user.userType === 'host';
  const parent =
    user.userType === 'camper'
      ? await parentRecords(db, userId)
      : { children: [], cards: [], registrations: [], payments: [], maybes: [] };
  return {
    exportedAt: iso(now),
    account: {
      ...user,
      createdAt: iso(user.createdAt),
      twoFactorEnabled: await isTwoFactorEnabled(db, userId),
    },
    subscription: host ? await hostSubscription(db, userId) : null,
    organizations: host ? await hostOrganizations(db, userId) : [],
    ...parent,
    auditEvents: await auditEventsAbout(db, userId),
  };
}

// ---------------------------------------------------------------------------------------------
// The right of erasure: deleting an account.

/** An argon2 check of this always fails: the account can never be signed into again. */
const UNUSABLE_PASSWORD_HASH = '!deleted';

/** The parent's places still open: what deletion must cancel, or must wait for. */
async function openPlaces(db: Database, parentId: number) {
  return db
    .select({
      id: registrations.id,
      status: registrations.status,
      startDate: camps.startDate,
      endDate: camps.endDate,
      isYearRound: camps.isYearRound,
    })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .where(and(eq(registrations.parentId, parentId), inArray(registrations.status, [...ACTIVE_STATUSES])))
    .orderBy(asc(registrations.id));
}

/**
 * A parent's account can close unless a payment is in flight or a child is at a camp that is
 * running now (the host needs that registration until the camp ends).
 */
async function assertParentCanLeave(db: Database, parentId: number, today: string): Promise<void> {
  for (const place of await openPlaces(db, parentId)) {
    if (place.status === 'pending_payment') throw conflict(messages.registrationInProgress);
    if (!parentCanCancel(place.status, place, today) && isUpcoming(place, today)) {
      throw conflict(messages.parentAccountHasCampInProgress);
    }
  }
}

/** A host's account can close once no camp of theirs has places held for a session not over. */
async function assertHostCanLeave(db: Database, hostId: number, today: string): Promise<void> {
  const [booked] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(organizations.hostId, hostId),
        inArray(registrations.status, [...SPOT_HOLDING_STATUSES]),
        sql`(${camps.isYearRound} or ${camps.endDate} is null or ${camps.endDate} >= ${today}::date)`,
      ),
    )
    .limit(1);
  if (booked) throw conflict(messages.hostAccountHasRegistrations);
}

/**
 * Cancels every place the parent holds for a camp still to come, each refunded through the
 * payment provider as the family's own cancellation would be (under the refund policy the place
 * was bought under, decision 018), then removes the saved
 * cards at the provider and here. A failure stops the sequence; running it again continues.
 */
async function releaseParentHoldings(deps: PrivacyDeps, parentId: number, now: Date): Promise<void> {
  const today = dayOf(now);
  for (const place of await openPlaces(deps.db, parentId)) {
    if (parentCanCancel(place.status, place, today)) await cancelByParent(deps, parentId, place.id, now);
  }
  for (const card of await listCards(deps.db, parentId)) {
    await removeCard(deps.db, deps.payments, parentId, card.id);
  }
  // The provider's customer record holds the parent's e-mail: it goes too.
  const [customer] = await deps.db
    .select({ id: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.userId, parentId));
  if (customer) await deps.payments.deleteCustomer(customer.id);
}

/**
 * Removes the host's organizations with their camps and images (the organizations service's
 * own deletion), and stops the subscription renewing: the paid period runs out on its own.
 */
async function releaseHostHoldings(deps: PrivacyDeps, hostId: number): Promise<void> {
  const orgs = await deps.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.hostId, hostId));
  for (const org of orgs) await deleteOrg(deps.db, deps.storage, hostId, org.id);
  const subscription = await getSubscriptionState(deps.db, deps.payments, hostId);
  if (subscription.isSubscribed && !subscription.cancelAtPeriodEnd) {
    await setRenewal(deps.db, deps.payments, hostId, true);
  }
}

/**
 * In one transaction: children (with their registrations), cards, sign-in secrets and delivered
 * mail go; the user row stays, anonymised, so payments and reviews keep pointing at something;
 * the token version moves on, so every session ends at once.
 */
async function anonymiseUser(
  db: Database,
  user: { id: number; userType: UserType },
  mailIsDelivered: boolean,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!row) throw notFound();
    // A registration made meanwhile (another tab) holds a share lock on its child, and a
    // place still held would leave a camp's spot count wrong: both refuse, nothing is lost.
    const kids = await tx
      .select({ id: children.id })
      .from(children)
      .where(eq(children.parentId, user.id))
      .for('update');
    if (kids.length > 0) {
      const [held] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .innerJoin(camps, eq(camps.id, registrations.campId))
        .where(
          and(
            eq(registrations.parentId, user.id),
            inArray(registrations.status, [...ACTIVE_STATUSES]),
            sql`(${camps.isYearRound} or ${camps.endDate} is null or ${camps.endDate} >= ${dayOf(now)}::date)`,
          ),
        )
        .limit(1);
      if (held) throw conflict(messages.registrationChanged);
      await tx.delete(children).where(eq(children.parentId, user.id));
    }
    await tx.delete(savedCards).where(eq(savedCards.parentId, user.id));
    await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id));
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    // Mail already delivered is the user's copy; notices still queued (refunds) go out first,
    // and are not kept once sent. Without SMTP nothing is ever sent, so everything goes now.
    const toUser = sql`lower(${mailOutbox.toAddress}) = lower(${row.email})`;
    if (mailIsDelivered) {
      await tx.delete(mailOutbox).where(and(toUser, isNotNull(mailOutbox.sentAt)));
      await tx
        .update(mailOutbox)
        .set({ eraseAfterSending: true })
        .where(and(toUser, isNull(mailOutbox.sentAt)));
    } else {
      await tx.delete(mailOutbox).where(toUser);
    }
    await tx
      .delete(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${row.email})`);
    await tx
      .update(users)
      .set({
        firstName: 'Deleted',
        lastName: 'user',
        email: `deleted-${user.id}@invalid`,
        phone: null,
        homeZip: null,
        searchRadiusMiles: null,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await recordAuditEvents(
      tx,
      [
        {
          actor: user,
          action: AUDIT_ACTIONS.accountDeleted,
          subject: { type: 'user', id: user.id },
        },
      ],
      now,
    );
  });
}

/**
 * Deletes the signed-in user's account, confirmed by the password (and a code when two-factor
 * sign-in is on). Refusals come first, before anything changes; then places are cancelled and
 * refunded, cards and organizations removed, and the account anonymised. Payments stay, for
 * the accounts, pointing at the anonymised row.
 */
export async function deleteAccount(
  deps: PrivacyDeps,
  user: { id: number; userType: UserType },
  password: string,
  code: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  if (user.userType === 'admin') throw forbidden(messages.adminAccountNotDeletable);
  await assertPassword(deps.db, user.id, password);
  const today = dayOf(now);
  if (user.userType === 'camper') await assertParentCanLeave(deps.db, user.id, today);
  else await assertHostCanLeave(deps.db, user.id, today);
  await assertSecondFactor(deps, user.id, code);
  if (user.userType === 'camper') await releaseParentHoldings(deps, user.id, now);
  else await releaseHostHoldings(deps, user.id);
  await anonymiseUser(deps.db, user, deps.mailIsDelivered, now);
}
