import type { UserType } from '@campwise/contract/accounts';
import { campDay } from '@campwise/contract/camp-clock';
import { ACTIVE_PLACE_STATUSES, SPOT_HOLDING_STATUSES } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campReviews,
  camps,
  children,
  emailChangeRequests,
  mailOutbox,
  newsletterSubscribers,
  organizations,
  passwordResetTokens,
  paymentCustomers,
  registrations,
  savedCards,
  savedSearches,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  users,
} from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { deleteImageFiles } from '../../platform/images.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { AUDIT_ACTIONS, recordAuditEvents } from '../audit/index.ts';
import { eraseCampForms } from '../camp-forms/index.ts';
import { listCards, removeCard } from '../cards/index.ts';
import { deletePickupPhotos } from '../check-in/index.ts';
import { eraseConversations } from '../conversations/index.ts';
import { eraseFriends } from '../friends/index.ts';
import { deleteOrg } from '../orgs/index.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { cancelByParent, isUpcoming, parentCanCancel } from '../registrations/index.ts';
import { eraseReminders } from '../reminders/index.ts';
import { getSubscriptionState, setRenewal } from '../subscriptions/index.ts';
import { assertPassword, assertSecondFactor } from '../two-factor/index.ts';

export interface PrivacyDeps extends RegistrationDeps {
  storage: FileStorage;
  secretBox: SecretBox;
  /** Whether queued mail is ever sent (SMTP configured); otherwise it would wait forever. */
  mailIsDelivered: boolean;
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
      timeZone: camps.timeZone,
    })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .where(
      and(eq(registrations.parentId, parentId), inArray(registrations.status, [...ACTIVE_PLACE_STATUSES])),
    )
    .orderBy(asc(registrations.id));
}

/**
 * A parent's account can close unless a payment is in flight or a child is at a camp that is
 * running now (the host needs that registration until the camp ends).
 */
async function assertParentCanLeave(db: Database, parentId: number, now: Date): Promise<void> {
  for (const place of await openPlaces(db, parentId)) {
    if (place.status === 'pending_payment') throw conflict(messages.registrationInProgress);
    const today = campDay(now, place.timeZone);
    if (!parentCanCancel(place.status, place, today) && isUpcoming(place, today)) {
      throw conflict(messages.parentAccountHasCampInProgress);
    }
  }
}

/** A host's account can close once no camp of theirs has places held for a session not over. */
async function assertHostCanLeave(db: Database, hostId: number, now: Date): Promise<void> {
  const [booked] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(organizations.hostId, hostId),
        inArray(registrations.status, [...SPOT_HOLDING_STATUSES]),
        sql`(${camps.isYearRound} or ${camps.endDate} is null or ${camps.endDate} >= ${campTodaySql(camps.timeZone, now)})`,
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
  for (const place of await openPlaces(deps.db, parentId)) {
    if (parentCanCancel(place.status, place, campDay(now, place.timeZone))) {
      await cancelByParent(deps, parentId, place.id, now);
    }
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
  await eraseConversations(deps.db, deps.storage, { parentId });
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
  await eraseConversations(deps.db, deps.storage, { hostId });
  for (const org of orgs) await deleteOrg(deps.db, deps.storage, hostId, org.id);
  const subscription = await getSubscriptionState(deps.db, deps.payments, hostId);
  if (subscription.isSubscribed && !subscription.cancelAtPeriodEnd) {
    await setRenewal(deps.db, deps.payments, hostId, true);
  }
}

/**
 * In one transaction: children (with their registrations, pickup adults and days at camp),
 * cards, sign-in secrets and delivered mail go (the pickup adults' photo files once it commits); the user row stays, anonymised, so payments and reviews keep pointing at something;
 * the token version moves on, so every session ends at once.
 */
async function anonymiseUser(
  db: Database,
  user: { id: number; userType: UserType },
  mailIsDelivered: boolean,
  now: Date,
): Promise<{ largeKey: string; smallKey: string }[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!row) throw notFound();
    const photos: { largeKey: string; smallKey: string }[] = [];
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
            inArray(registrations.status, [...ACTIVE_PLACE_STATUSES]),
            sql`(${camps.isYearRound} or ${camps.endDate} is null or ${camps.endDate} >= ${campTodaySql(camps.timeZone, now)})`,
          ),
        )
        .limit(1);
      if (held) throw conflict(messages.registrationChanged);
      photos.push(...(await deletePickupPhotos(tx, user.id)));
      await tx.delete(children).where(eq(children.parentId, user.id));
    }
    await eraseFriends(tx, user.id, row.email);
    await eraseCampForms(tx, user.id);
    await tx.delete(savedCards).where(eq(savedCards.parentId, user.id));
    await tx.delete(campReviews).where(eq(campReviews.parentId, user.id));
    await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id));
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx.delete(savedSearches).where(eq(savedSearches.parentId, user.id));
    await eraseReminders(tx, user.id);
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
    return photos;
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
  if (user.userType === 'camper') await assertParentCanLeave(deps.db, user.id, now);
  else await assertHostCanLeave(deps.db, user.id, now);
  await assertSecondFactor(deps, user.id, code);
  if (user.userType === 'camper') await releaseParentHoldings(deps, user.id, now);
  else await releaseHostHoldings(deps, user.id);
  const photos = await anonymiseUser(deps.db, user, deps.mailIsDelivered, now);
  await Promise.all(photos.map((photo) => deleteImageFiles(deps.storage, photo)));
}
