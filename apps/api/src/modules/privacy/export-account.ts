import { payoutAccountStatus } from '@campwise/contract/payouts';
import type { AccountExport } from '@campwise/contract/privacy';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campReviews,
  campSessions,
  camps,
  children,
  hostPayoutAccounts,
  hostSubscriptions,
  organizations,
  orgConsents,
  payments,
  registrations,
  savedCards,
  savedSearches,
  savedSessions,
  users,
} from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { HealthDataBox } from '../../platform/health-data-box.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { auditEventsAbout } from '../audit/index.ts';
import { campFormRecords } from '../camp-forms/index.ts';
import { checkInRecords } from '../check-in/index.ts';
import { conversationRecords } from '../conversations/index.ts';
import { friendRecords } from '../friends/index.ts';
import { healthRecords } from '../health-profiles/index.ts';
import { listHostPayouts } from '../payouts/index.ts';
import { remindersSentTo } from '../reminders/index.ts';
import { isTwoFactorEnabled } from '../two-factor/index.ts';

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

async function hostPayoutAccount(db: Database, hostId: number): Promise<AccountExport['payoutAccount']> {
  const [account] = await db.select().from(hostPayoutAccounts).where(eq(hostPayoutAccounts.hostId, hostId));
  if (!account) return null;
  return {
    status: payoutAccountStatus(account),
    bankLast4: account.bankLast4,
    payouts: await listHostPayouts(db, hostId),
  };
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
  const reviews = await db
    .select({
      campName: camps.name,
      sessionName: campSessions.name,
      rating: campReviews.rating,
      text: campReviews.text,
      reply: campReviews.reply,
      hiddenReason: campReviews.hiddenReason,
      createdAt: campReviews.createdAt,
    })
    .from(campReviews)
    .innerJoin(campSessions, eq(campSessions.id, campReviews.sessionId))
    .innerJoin(camps, eq(camps.id, campReviews.campId))
    .where(eq(campReviews.parentId, parentId))
    .orderBy(asc(campReviews.id));
  const searches = await db
    .select({
      name: savedSearches.name,
      criteria: savedSearches.criteria,
      digest: savedSearches.digest,
      createdAt: savedSearches.createdAt,
      lastDigestSentAt: savedSearches.digestSentAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.parentId, parentId))
    .orderBy(asc(savedSearches.id));
  return {
    campReviews: reviews.map((review) => ({ ...review, createdAt: iso(review.createdAt) })),
    maybes: saved.map((maybe) => ({ ...maybe, createdAt: iso(maybe.createdAt) })),
    savedSearches: searches.map((search) => ({
      ...search,
      createdAt: iso(search.createdAt),
      lastDigestSentAt: isoOrNull(search.lastDigestSentAt),
    })),
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
  healthData: HealthDataBox,
  storage: FileStorage,
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
      ? { ...(await parentRecords(db, userId)), ...(await healthRecords(db, healthData, userId)) }
      : {
          children: [],
          healthProfiles: [],
          registrationHealth: [],
          cards: [],
          registrations: [],
          payments: [],
          maybes: [],
          campReviews: [],
          savedSearches: [],
        };
  return {
    exportedAt: iso(now),
    account: {
      ...user,
      createdAt: iso(user.createdAt),
      twoFactorEnabled: await isTwoFactorEnabled(db, userId),
    },
    subscription: host ? await hostSubscription(db, userId) : null,
    payoutAccount: host ? await hostPayoutAccount(db, userId) : null,
    organizations: host ? await hostOrganizations(db, userId) : [],
    ...parent,
    auditEvents: await auditEventsAbout(db, userId),
    ...(user.userType === 'camper'
      ? await friendRecords(db, userId)
      : { friends: [], friendInvitations: [], friendShares: [] }),
    ...(user.userType === 'camper'
      ? await checkInRecords(db, storage, userId)
      : { pickupAdults: [], attendance: [] }),
    campForms: await campFormRecords(db, userId),
    ...(user.userType === 'camper'
      ? await conversationRecords(db, userId)
      : { conversations: [], announcements: [] }),
    sessionReminders: await remindersSentTo(db, userId),
  };
}
