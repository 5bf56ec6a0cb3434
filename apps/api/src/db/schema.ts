import type { AdjustmentKindName, CampDiscounts } from '@campwise/contract/baskets';
import type { AnswerValue } from '@campwise/contract/camp-forms';
import { refundStatuses } from '@campwise/contract/life-cycles';
import type { FinalFailureRule, PaymentPlanSettings } from '@campwise/contract/payment-plans';
import type { IssuedReceipt, ReceiptRefund } from '@campwise/contract/receipts';
import type { RefundPolicy } from '@campwise/contract/refund-policy';
import type { SavedSearchCriteria } from '@campwise/contract/saved-searches';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  text: text('text').notNull(),
});

/**
 * Newsletter sign-ups. A row is the record of the sign-up; when a mailing-list webhook is
 * configured the row is also the delivery queue (delivered_at stays null until it succeeds).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${table.email})`),
    index('newsletter_subscribers_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

export const userTypes = ['host', 'camper', 'admin'] as const;

/** Hosts, campers (parents) and administrators. An address may hold one account per type. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: text('user_type', { enum: userTypes }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped when the password or e-mail changes; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A parent's home ZIP and usual distance, where the planner searches for a gap from. */
    homeZip: text('home_zip'),
    searchRadiusMiles: integer('search_radius_miles'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_type_email_key').on(table.userType, sql`lower(${table.email})`),
    check('users_user_type_check', sql`${table.userType} in ('host', 'camper', 'admin')`),
  ],
);

/** Single-use password reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * A change of sign-in e-mail waiting for its confirmation link: the address switches only when
 * the link sent to the new address is opened. Single use, expiring; only a SHA-256 of the token
 * is stored. A user has at most one waiting (a new request replaces it).
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_change_requests_user_idx').on(table.userId)],
);

/**
 * Outgoing e-mail. Written in the same transaction as the change that causes it, then
 * delivered by a background job (SMTP when configured; otherwise kept for /dev/mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Mail to an account deleted while it was queued: delivered, then not kept. */
    eraseAfterSending: boolean('erase_after_sending').notNull().default(false),
    /** Extra headers, such as List-Unsubscribe on alert e-mails (decision 022). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (table) => [index('mail_outbox_pending_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);

export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;

/** A host's subscription as the payment provider last told us. */
export const hostSubscriptions = pgTable('host_subscriptions', {
  hostId: integer('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('provider_customer_id'),
  subscriptionId: text('provider_subscription_id').unique(),
  status: text('status', { enum: subscriptionStatuses }).notNull().default('incomplete'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A host's payout account (a Stripe Connect Express account) as the provider last told us. */
export const hostPayoutAccounts = pgTable('host_payout_accounts', {
  hostId: integer('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('provider_account_id').notNull().unique(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  bankLast4: text('bank_last4'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payoutStatuses = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;

/** A payout from a host's payout account to their bank, as the provider last told us. */
export const hostPayouts = pgTable(
  'host_payouts',
  {
    id: text('provider_payout_id').primaryKey(),
    accountId: text('provider_account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('host_payouts_account_idx').on(table.accountId, table.createdAt)],
);

/** Provider webhook events already handled: a replay changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An uploaded image, re-encoded: a 1600 px and a 400 px WebP under random storage keys. */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  largeKey: text('large_key').notNull(),
  smallKey: text('small_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orgStatuses = ['pending', 'approved', 'denied'] as const;

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    /** The IANA zone its camps run on: their days are its days (decision 047). */
    timeZone: text('time_zone').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    bio: text('bio'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    thumbnailImageId: integer('thumbnail_image_id').references(() => images.id, { onDelete: 'set null' }),
    status: text('status', { enum: orgStatuses }).notNull().default('pending'),
    denyReason: text('deny_reason'),
    /** When it was last (re)submitted: the review queue is oldest first. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A host's organisations by name, as the dashboard's picker and the host's screens list them.
    index('organizations_host_idx').on(table.hostId, table.name, table.id),
    index('organizations_status_idx').on(table.status, table.submittedAt),
  ],
);

/** Changes to an approved organization, waiting for review while the approved details stay live. */
export const orgRevisions = pgTable(
  'org_revisions',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    details: jsonb('details').notNull(),
    status: text('status', { enum: orgStatuses }).notNull().default('pending'),
    denyReason: text('deny_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('org_revisions_one_pending_key').on(table.orgId).where(sql`${table.status} = 'pending'`),
    index('org_revisions_status_idx').on(table.status, table.submittedAt),
  ],
);

/** Every administrator decision, kept as the review history. */
export const orgReviews = pgTable(
  'org_reviews',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    revisionId: integer('revision_id').references(() => orgRevisions.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['new', 'revision'] }).notNull(),
    approved: boolean('approved').notNull(),
    textResponse: text('text_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('org_reviews_org_idx').on(table.orgId)],
);

/** The background-check consent given when an organization was added. */
export const orgConsents = pgTable(
  'org_consents',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentVersion: text('consent_version').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('org_consents_org_idx').on(table.orgId)],
);

/** Full-text document of a camp; kept current by database triggers (see migration 0006). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A camp of an organization: the listing. What is sold are its sessions (`camp_sessions`); the
 * dates, prices, capacity and waitlist flag here summarise its scheduled sessions and are kept
 * by a trigger on them (migration 0013). Dates are plain calendar dates; money is whole cents.
 */
export const camps = pgTable(
  'camps',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    phone: text('phone').notNull(),
    email: text('email'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    /** The lowest price of its scheduled sessions. */
    costCents: integer('cost_cents').notNull(),
    /** The highest price of its scheduled sessions. */
    maxPriceCents: integer('max_price_cents').notNull().default(0),
    /** Places across its scheduled sessions. */
    capacity: integer('capacity').notNull(),
    /** Scheduled (not cancelled) sessions; a camp without any is not listed. */
    sessionCount: integer('session_count').notNull().default(0),
    /** The host's early-bird, sibling and multi-session discounts (contract: campDiscountsSchema). */
    discounts: jsonb('discounts').$type<CampDiscounts>(),
    /** What a family gets back when it cancels (decision 018); every camp starts at full until the start. */
    refundPolicy: jsonb('refund_policy')
      .$type<RefundPolicy>()
      .notNull()
      .default(sql`'{"fullUntilDays":0,"partial":null,"cancellationFeeCents":0}'::jsonb`),
    /** A deposit and instalments families may choose (decision 026); null: full payment only. */
    paymentPlan: jsonb('payment_plan').$type<PaymentPlanSettings>(),
    allowsWaitlist: boolean('allows_waitlist').notNull().default(false),
    isVirtual: boolean('is_virtual').notNull().default(false),
    isYearRound: boolean('is_year_round').notNull().default(false),
    thumbnailImageId: integer('thumbnail_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** Centre of the camp's ZIP (null for virtual camps and ZIPs the data set lacks). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Name, organization, city and description, weighted in that order (trigger-maintained). */
    searchVector: tsvector('search_vector'),
    /** The place grid's cells the camp is in, one per cell size, or 'virtual' (migration 0039). */
    placeCells: tsvector('place_cells').generatedAlwaysAs(
      sql`case when is_virtual then 'virtual'::tsvector else camp_place_cells(latitude, longitude) end`,
    ),
    /** Bit m-1 set when the camp runs in month m; all twelve for year-round camps (trigger-maintained). */
    monthsMask: integer('months_mask').notNull().default(4095),
    /**
     * Its organization is approved and its host's subscription live, so search may show it
     * (trigger-maintained, migration 0035): search reads one table, not three.
     */
    listed: boolean('listed').notNull().default(false),
    /**
     * Its organization's time zone (trigger-maintained, migration 0045; the default never stays),
     * so a statement over many camps knows each one's today without reading organizations.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Its categories' ids, ascending (trigger-maintained from camp_categories, migration 0046). */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * What search filters on, as words of the text index (docs/decisions/050): each month it
     * runs, each age it takes, each category, and each price band it is within (filter-tokens.ts
     * names them the same way).
     */
    filterTokens: tsvector('filter_tokens').generatedAlwaysAs(
      sql`camp_filter_tokens(months_mask, min_age, max_age, cost_cents, category_ids)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('camps_org_idx').on(table.orgId),
    // Words, place and filters together: every search finds its matches in one scan of this index.
    index('camps_search_idx')
      .using('gin', table.searchVector, table.placeCells, table.filterTokens)
      .where(sql`${table.listed} and ${table.sessionCount} > 0`),
    index('camps_location_idx').on(table.latitude, table.longitude),
    // Search's orders, read from an index in order, over listed camps only (docs/decisions/036).
    index('camps_listed_soonest_idx')
      .on(sql`coalesce(${table.startDate}, '2999-12-31'::date)`, table.id)
      .where(sql`${table.listed} and ${table.sessionCount} > 0`),
    // Soonest first within each month: a month's camps, read from the index of every camp, come
    // after all that start earlier in the year (docs/decisions/050).
    ...Array.from({ length: 12 }, (_, bit) =>
      index(`camps_listed_soonest_m${bit + 1}_idx`)
        .on(sql`coalesce(${table.startDate}, '2999-12-31'::date)`, table.id)
        .where(
          sql`${table.listed} and ${table.sessionCount} > 0 and (${table.monthsMask} & ${sql.raw(String(1 << bit))}) <> 0`,
        ),
    ),
    index('camps_listed_price_idx')
      .on(table.costCents, table.id)
      .where(sql`${table.listed} and ${table.sessionCount} > 0`),
    index('camps_listed_virtual_idx')
      .on(table.id)
      .where(sql`${table.listed} and ${table.sessionCount} > 0 and ${table.isVirtual}`),
    // Near a ZIP: a point on the unit sphere (migration 0038), which a GiST index both finds in a
    // cube around the searched place and hands out nearest first (docs/decisions/039).
    index('camps_listed_near_idx')
      .using('gist', sql`geo_unit_point(${table.latitude}, ${table.longitude})`)
      .where(sql`${table.listed} and ${table.sessionCount} > 0 and not ${table.isVirtual}`),
    index('camps_duplicate_idx').on(sql`lower(${table.name})`, table.phone),
    check('camps_ages_check', sql`${table.minAge} >= 1 and ${table.minAge} <= ${table.maxAge}`),
    check('camps_dates_check', sql`${table.endDate} is null or ${table.startDate} <= ${table.endDate}`),
    check('camps_money_check', sql`${table.costCents} >= 0 and ${table.capacity} >= 1`),
  ],
);

export const sessionStatuses = ['scheduled', 'cancelled'] as const;

/**
 * What a family books: one run of a camp ("Week 1") with its own dates, daily times, price,
 * capacity, waitlist and registration window. Times are wall-clock `HH:MM` at the camp.
 */
export const campSessions = pgTable(
  'camp_sessions',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** The days of the week it meets (0 is Sunday, in order); null: every day of its dates. */
    weekdays: integer('weekdays').array(),
    priceCents: integer('price_cents').notNull(),
    capacity: integer('capacity').notNull(),
    /** Places held by confirmed registrations, registrations being paid and open offers. */
    spotsTaken: integer('spots_taken').notNull().default(0),
    allowsWaitlist: boolean('allows_waitlist').notNull().default(false),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    status: text('status', { enum: sessionStatuses }).notNull().default('scheduled'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('camp_sessions_camp_idx').on(table.campId, table.startDate),
    // The reminder job looks for sessions starting within the week (docs/decisions/032).
    index('camp_sessions_start_idx').on(table.startDate).where(sql`${table.status} = 'scheduled'`),
    check(
      'camp_sessions_dates_check',
      sql`${table.endDate} is null or ${table.startDate} <= ${table.endDate}`,
    ),
    check(
      'camp_sessions_times_check',
      sql`${table.endTime} is null or ${table.startTime} < ${table.endTime}`,
    ),
    check(
      'camp_sessions_places_check',
      sql`${table.priceCents} >= 0 and ${table.capacity} >= 1 and ${table.spotsTaken} between 0 and ${table.capacity}`,
    ),
  ],
);

export const campCategories = pgTable(
  'camp_categories',
  {
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (table) => [
    primaryKey({ columns: [table.campId, table.categoryId] }),
    index('camp_categories_category_idx').on(table.categoryId, table.campId),
  ],
);

/** Up to three images per camp, each in a numbered slot. */
export const campImages = pgTable(
  'camp_images',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
  },
  (table) => [
    uniqueIndex('camp_images_slot_key').on(table.campId, table.slot),
    check('camp_images_slot_check', sql`${table.slot} between 1 and 3`),
  ],
);

export const genders = ['male', 'female'] as const;
export const shirtSizes = ['small', 'medium', 'large'] as const;

/** A camper's (parent's) child. Medical notes are shown only to the parent and to hosts of camps the child is registered for. */
export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: genders }).notNull(),
    shirtSize: text('shirt_size', { enum: shirtSizes }).notNull(),
    medical: text('medical'),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('children_parent_idx').on(table.parentId)],
);

/** A camper's customer record at the payment provider. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('provider_customer_id').notNull(),
});

/** A saved card: the provider's token and what a person recognises it by, never the number or CVC. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_cards_parent_idx').on(table.parentId)],
);

/** `refund_due`: the processor holds a charge nothing came of; reconciliation pays it back. */
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'refund_due', 'refunded'] as const;

/**
 * One charge for one registration request. Written (pending) in the transaction that takes the
 * spots, before the card is charged; the idempotency key makes retries answer the first request.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentMethodId: text('provider_payment_method_id').notNull(),
    customerId: text('provider_customer_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargeId: text('provider_charge_id'),
    /** The host's payout account the charge pays, and the platform's fee kept from it (docs/decisions/027). */
    destinationAccountId: text('provider_destination_account_id'),
    applicationFeeCents: integer('application_fee_cents').notNull().default(0),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    failureMessage: text('failure_message'),
    /** An attempt to charge an instalment of a payment plan (decision 026); null: a basket or a move. */
    instalmentId: integer('instalment_id').references((): AnyPgColumn => instalments.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_instalment_idx').on(table.instalmentId),
    uniqueIndex('payments_idempotency_key').on(table.parentId, table.idempotencyKey),
    index('payments_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check(
      'payments_amount_check',
      sql`${table.amountCents} >= 0 and ${table.refundedCents} between 0 and ${table.amountCents}`,
    ),
  ],
);

/**
 * Money given back from one charge, recorded (`pending`) in the transaction that decides it,
 * with the place's and the charge's refunded amounts and the ledger's entries; sent to the
 * processor after that commits, under its own key, by the request or by reconciliation.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    chargeId: text('provider_charge_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's fee it gives back (docs/decisions/027). */
    feeCents: integer('fee_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    failureMessage: text('failure_message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_idempotency_key').on(table.idempotencyKey),
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check(
      'refunds_amount_check',
      sql`${table.amountCents} > 0 and ${table.feeCents} between 0 and ${table.amountCents}`,
    ),
  ],
);

export const paymentEntryKinds = ['charge', 'refund'] as const;

/**
 * The money of each charge and refund, by the place it was for (docs/decisions/027): written in
 * the transaction that records the charge or refund, never changed. A host's earnings are sums
 * of these; a charge nothing came of has entries without a place.
 */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    sessionId: integer('session_id').references(() => campSessions.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: paymentEntryKinds }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's fee: kept from a charge, or given back with a refund. */
    feeCents: integer('fee_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The first charge of its place: the day the place was sold (host insights). Decided when the
     * entry is written, so reading a year of sales needs no look-back per charge.
     */
    firstSale: boolean('first_sale').notNull().default(false),
    /**
     * The camp and session as they were named when the entry was written, as the earnings
     * statement prints them (docs/decisions/045): "Camp (Week 2)", and the session alone.
     */
    placeName: text('place_name').notNull(),
    sessionName: text('session_name'),
  },
  (table) => [
    index('payment_entries_camp_idx').on(table.campId),
    index('payment_entries_payment_idx').on(table.paymentId),
    // Whether a place already has a charge when another is written (first_sale; decision 032).
    index('payment_entries_sale_idx')
      .on(table.registrationId, table.createdAt)
      .where(sql`${table.kind} = 'charge'`),
    // Holds every column the season figures read, so a year of an organisation's ledger is read
    // from the index alone (host insights).
    index('payment_entries_camp_day_idx').on(
      table.campId,
      table.createdAt,
      table.kind,
      table.amountCents,
      table.firstSale,
    ),
    check(
      'payment_entries_amounts_check',
      sql`${table.amountCents} >= 0 and ${table.feeCents} between 0 and ${table.amountCents}`,
    ),
  ],
);

/**
 * A receipt as issued (docs/decisions/045): everything it prints, kept in the transaction that
 * records its charge and never changed, whatever the account, the children, the camp or the
 * organisation become.
 */
export const receipts = pgTable('receipts', {
  paymentId: integer('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'cascade' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  document: jsonb('document').$type<IssuedReceipt>().notNull(),
});

/**
 * A refund note: money given back from one charge, issued on its receipt in the transaction that
 * records the refund, and never changed (docs/decisions/045).
 */
export const refundNotes = pgTable(
  'refund_notes',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => receipts.paymentId, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<ReceiptRefund>().notNull(),
  },
  (table) => [index('refund_notes_payment_idx').on(table.paymentId, table.issuedAt)],
);

/** Charges made before receipts were kept: issued once from the records as they stood then. */
export const receiptsToBackfill = pgTable('receipts_to_backfill', {
  paymentId: integer('payment_id').primaryKey(),
});

export const discountKinds = ['percent', 'amount'] as const;

/** A camp's promo code. `uses` counts baskets placed with it (held while their payment runs). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind', { enum: discountKinds }).notNull(),
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    maxUses: integer('max_uses'),
    maxUsesPerFamily: integer('max_uses_per_family'),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_camp_code_key').on(table.campId, sql`upper(${table.code})`),
    check(
      'promo_codes_value_check',
      sql`${table.value} >= 1 and (${table.kind} = 'amount' or ${table.value} <= 100)`,
    ),
    check('promo_codes_uses_check', sql`${table.uses} >= 0`),
  ],
);

/** One basket's use of a promo code: counted per family, given back when its payment fails. */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.codeId, table.paymentId] }),
    index('promo_code_uses_family_idx').on(table.codeId, table.parentId),
  ],
);

/** A session a parent saved as a "maybe" for one child (decision 019): the planner shows it. */
export const savedSessions = pgTable(
  'saved_sessions',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_sessions_child_session_key').on(table.childId, table.sessionId),
    index('saved_sessions_parent_idx').on(table.parentId),
    index('saved_sessions_session_idx').on(table.sessionId),
  ],
);

export const sessionNoticeKinds = ['opening', 'place'] as const;
export type SessionNoticeKind = (typeof sessionNoticeKinds)[number];

/**
 * A parent who asked to hear about a session: when its registration opens (`opening`), or when a
 * place frees up at a full session without a waitlist (`place`). Written once per parent, session
 * and kind; `notified_at` is set in the transaction that queues the e-mail, so it goes out once.
 */
export const sessionOpeningRequests = pgTable(
  'session_opening_requests',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: sessionNoticeKinds }).notNull().default('opening'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.parentId, table.kind] }),
    index('session_opening_requests_parent_idx').on(table.parentId),
    index('session_opening_requests_due_idx').on(table.sessionId).where(sql`${table.notifiedAt} is null`),
  ],
);

export const registrationStatuses = [
  'pending_payment',
  'confirmed',
  'waitlisted',
  'offered',
  'cancelled',
  'offer_expired',
  'payment_failed',
] as const;

/**
 * A child's place at a camp. Its life cycle is the contract's `placeMoves` graph, and its status
 * is written only by `placeStatus` (registrations/place-status.ts, decision 046).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: registrationStatuses }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The session's price when the place was bought (moved by what changed hands when the place
     * moved to another session, decision 017), and what each discount took off it.
     */
    listPriceCents: integer('list_price_cents').notNull().default(0),
    adjustments: jsonb('adjustments')
      .$type<{ kind: AdjustmentKindName; amountCents: number }[]>()
      .notNull()
      .default([]),
    /** The camp's refund policy when the place was taken: a later change never applies to it. */
    refundPolicy: jsonb('refund_policy')
      .$type<RefundPolicy>()
      .notNull()
      .default(sql`'{"fullUntilDays":0,"partial":null,"cancellationFeeCents":0}'::jsonb`),
    /** Paid by a deposit (this much, with the basket's charge) and instalments; null: paid in full. */
    depositCents: integer('deposit_cents'),
    /** The waitlist is first come, first served. */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['parent', 'host'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('registrations_active_key')
      .on(table.sessionId, table.childId)
      .where(sql`${table.status} in ('pending_payment', 'confirmed', 'waitlisted', 'offered')`),
    index('registrations_parent_idx').on(table.parentId),
    index('registrations_child_idx').on(table.childId),
    // With the status, a session's places are counted from the index alone (host insights).
    index('registrations_session_idx').on(table.sessionId, table.status),
    index('registrations_waitlist_idx')
      .on(table.sessionId, table.waitlistedAt)
      .where(sql`${table.status} = 'waitlisted'`),
    index('registrations_offer_idx').on(table.offerExpiresAt).where(sql`${table.status} = 'offered'`),
    index('registrations_payment_idx').on(table.paymentId),
    // The dashboard's waitlist demand per day (docs/decisions/032).
    index('registrations_waitlisted_idx')
      .on(table.campId, table.waitlistedAt)
      .where(sql`${table.waitlistedAt} is not null`),
  ],
);

/**
 * A place moved from one session of a camp to another (docs/decisions/017). A dearer session's
 * difference is its own payment; a cheaper one's refund is recorded as the pieces taken from the
 * place's charges, each also a `refunds` row sent to the processor after the move commits.
 */
export const placeTransfers = pgTable(
  'place_transfers',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    fromSessionId: integer('from_session_id').references(() => campSessions.id, { onDelete: 'set null' }),
    toSessionId: integer('to_session_id').references(() => campSessions.id, { onDelete: 'set null' }),
    by: text('by', { enum: ['parent', 'host'] }).notNull(),
    /** Charged (positive) or refunded (negative). */
    differenceCents: integer('difference_cents').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    refunds: jsonb('refunds')
      // feeCents: the platform's fee each piece gives back (docs/decisions/027).
      .$type<{ paymentId: number; chargeId: string; amountCents: number; feeCents: number }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('place_transfers_registration_idx').on(table.registrationId),
    index('place_transfers_payment_idx').on(table.paymentId),
  ],
);

/**
 * A basket paid by a deposit (its payment) and instalments (decision 026): the card on file the
 * instalments are charged to, and what happens to the places when the last attempt fails.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    depositPaymentId: integer('deposit_payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    paymentMethodId: text('provider_payment_method_id').notNull(),
    customerId: text('provider_customer_id').notNull(),
    onFinalFailure: text('on_final_failure', { enum: ['release', 'keep'] })
      .$type<FinalFailureRule>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_plans_deposit_key').on(table.depositPaymentId),
    index('payment_plans_parent_idx').on(table.parentId),
  ],
);

export const instalmentStatusValues = ['scheduled', 'charging', 'paid', 'failed', 'cancelled'] as const;

/**
 * One instalment of a plan. The job claims due ones (`next_attempt_on` reached, or a `charging`
 * one whose lease ran out after a crash) with FOR UPDATE SKIP LOCKED; each attempt is its own
 * payment (`payments.instalment_id`) charged under that payment's key.
 */
export const instalments = pgTable(
  'instalments',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** What is left to charge: the parts of the places still held. */
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: instalmentStatusValues }).notNull().default('scheduled'),
    /** The day it is (next) tried; null once paid, cancelled or given up. */
    nextAttemptOn: date('next_attempt_on', { mode: 'string' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** A `charging` attempt is in flight until then; after it, another worker settles it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastFailure: text('last_failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('instalments_plan_seq_key').on(table.planId, table.seq),
    index('instalments_due_idx')
      .on(table.nextAttemptOn)
      .where(sql`${table.status} in ('scheduled', 'failed', 'charging')`),
    check('instalments_amount_check', sql`${table.amountCents} >= 0 and ${table.failedAttempts} >= 0`),
  ],
);

/** What one place pays at one instalment: the refunds and My Registrations read it per place. */
export const instalmentPlaces = pgTable(
  'instalment_places',
  {
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => instalments.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** What a cancellation gave back of this part, once paid (the receipts list it). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Set when the place is cancelled before this part was paid: it is no longer charged. */
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.instalmentId, table.registrationId] }),
    index('instalment_places_registration_idx').on(table.registrationId),
    check(
      'instalment_places_amount_check',
      sql`${table.amountCents} >= 0 and ${table.refundedCents} between 0 and ${table.amountCents}`,
    ),
  ],
);

// Two-factor sign-in, privacy rights and the audit log (see docs/decisions/007).

/**
 * A user's authenticator app (TOTP). The secret is kept encrypted (AES-256-GCM, key derived
 * from the application secret); it is pending until a first code confirms it. A code is
 * accepted only for a step after the last one used, so a code seen once cannot be replayed.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, for a lost phone; only a SHA-256 of each code is stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_key').on(table.userId, table.codeHash)],
);

/**
 * Who did what to whom: administrator decisions, every host view of a child's medical notes,
 * account deletions. Subjects are plain ids, so the record outlives what it is about.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: userTypes }).notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_subject_idx').on(table.subjectType, table.subjectId, table.at),
    index('audit_events_actor_idx').on(table.actorId, table.at),
  ],
);

export const campReviewReportStatuses = ['open', 'kept', 'hidden'] as const;

/**
 * A family's review of a session its child attended (docs/decisions/021): one per parent and
 * session, a rating and text, the host's one reply, and the host's report to the administrators
 * with their decision (`hidden` leaves public lists and averages). `camp_id` is the session's,
 * kept here so a camp's and an organization's average is one aggregate over one index.
 */
export const campReviews = pgTable(
  'camp_reviews',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    reportStatus: text('report_status', { enum: campReviewReportStatuses }),
    reportReason: text('report_reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('camp_reviews_parent_session_key').on(table.parentId, table.sessionId),
    index('camp_reviews_camp_idx').on(table.campId, table.id),
    index('camp_reviews_session_idx').on(table.sessionId),
    index('camp_reviews_open_reports_idx').on(table.reportedAt).where(sql`${table.reportStatus} = 'open'`),
    check('camp_reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

// Saved searches and their weekly digest (see docs/decisions/022).

/**
 * A search a parent saved, with the filters as the search schema validated them. With the digest
 * on, a weekly e-mail lists sessions created since `digest_checked_at` that match; the job moves
 * that mark forward in the transaction that queues the e-mail, so each week is told once.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<SavedSearchCriteria>().notNull(),
    /** The criteria in a canonical form: the same search cannot be saved twice. */
    criteriaKey: text('criteria_key').notNull(),
    digest: boolean('digest').notNull().default(true),
    /** Sessions created after this moment are news for the next digest. */
    digestCheckedAt: timestamp('digest_checked_at', { withTimezone: true }).notNull().defaultNow(),
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_searches_parent_criteria_key').on(table.parentId, table.criteriaKey),
    index('saved_searches_digest_due_idx').on(table.digestCheckedAt).where(sql`${table.digest}`),
  ],
);

// Friends (see docs/decisions/020).

/**
 * A parent's invitation to another family to be friends (decision 020): mailed to an address
 * (`email`) or handed out as a link (`email` null). Single use, expiring; only a SHA-256 of the
 * token is stored. Cancelling deletes it; accepting sets `accepted_at`.
 */
export const friendInvitations = pgTable(
  'friend_invitations',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('friend_invitations_inviter_idx').on(table.inviterId, table.createdAt)],
);

/** Two families who accepted each other (decision 020); the lower user id is always `parent_a`. */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    parentAId: integer('parent_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentBId: integer('parent_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('friendships_pair_key').on(table.parentAId, table.parentBId),
    index('friendships_parent_b_idx').on(table.parentBId),
    check('friendships_order_check', sql`${table.parentAId} < ${table.parentBId}`),
  ],
);

/**
 * A child whose sessions their parent shares with one friend family (decision 020). No row, no
 * sharing: a friendship starts with nothing shared, and ending it deletes its rows.
 */
export const friendShares = pgTable(
  'friend_shares',
  {
    friendshipId: integer('friendship_id')
      .notNull()
      .references(() => friendships.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.friendshipId, table.childId] }),
    index('friend_shares_child_idx').on(table.childId),
  ],
);

/**
 * A child's health profile (docs/decisions/028), kept once by the parent. The profile is one
 * JSON document sealed (AES-256-GCM) under a health data key: `<key id>.v1.<iv>.<tag>.<data>`,
 * so a copy of the database alone reveals nothing. `version` goes up with every save.
 */
export const childHealthProfiles = pgTable('child_health_profiles', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  profileSealed: text('profile_sealed').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The profile as the parent confirmed it for one place: what the camp's hosts are shown.
 * Copied (still sealed) when the place is taken; a later save of the profile refreshes the
 * copies of places in sessions not yet over.
 */
export const registrationHealthSnapshots = pgTable('registration_health_snapshots', {
  registrationId: integer('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  profileSealed: text('profile_sealed').notNull(),
  version: integer('version').notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});
// The day of camp: authorised pickup adults and check-in (docs/decisions/030).

/**
 * An adult a parent allows to collect a child, with an optional photo staff compare at pickup.
 * Shown only to the parent and to hosts of a session the child holds a confirmed place in.
 */
export const pickupAdults = pgTable(
  'pickup_adults',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    photoImageId: integer('photo_image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pickup_adults_child_idx').on(table.childId)],
);

export const attendanceKinds = ['check_in', 'check_out', 'refused'] as const;

/**
 * What staff recorded for a child on one day of a session: the check-in, the check-out (with
 * the authorised adult who collected the child, their name kept as it was then) and any pickup
 * refused (the name the person gave). At most one check-in and one check-out per child and day;
 * `request_key` is the tap's own key, so a retried tap is answered, never recorded twice.
 */
export const attendanceEvents = pgTable(
  'attendance_events',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: attendanceKinds }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pickupAdultId: integer('pickup_adult_id').references(() => pickupAdults.id, { onDelete: 'set null' }),
    /** Who collected the child, or the name given by someone refused. */
    personName: text('person_name'),
    relationship: text('relationship'),
    requestKey: text('request_key').notNull(),
  },
  (table) => [
    uniqueIndex('attendance_events_check_in_key')
      .on(table.sessionId, table.childId, table.day)
      .where(sql`${table.kind} = 'check_in'`),
    uniqueIndex('attendance_events_check_out_key')
      .on(table.sessionId, table.childId, table.day)
      .where(sql`${table.kind} = 'check_out'`),
    uniqueIndex('attendance_events_request_key').on(table.hostId, table.requestKey),
    index('attendance_events_session_day_idx').on(table.sessionId, table.day),
    index('attendance_events_child_idx').on(table.childId),
  ],
);

// A camp's questions and waivers, and what families answered and signed (see docs/decisions/029).

/** Bytes kept in the database: private, written in the same transaction as what names them. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const questionKinds = [
  'short_text',
  'long_text',
  'one_choice',
  'many_choices',
  'yes_no',
  'date',
  'file',
] as const;

export const campQuestions = pgTable(
  'camp_questions',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: text('kind', { enum: questionKinds }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull(),
    per: text('per', { enum: ['child', 'family'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('camp_questions_camp_idx').on(table.campId, table.id)],
);

/** A document or image a parent uploaded to answer a file question: never served publicly. */
export const formFiles = pgTable(
  'form_files',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('form_files_parent_idx').on(table.parentId)],
);

/** One answer per question and family (`child_id` null) or per question and child. */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => campQuestions.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: integer('child_id').references(() => children.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<AnswerValue>().notNull(),
    /** The file an answer to a file question names (also its value). */
    fileId: integer('file_id').references(() => formFiles.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('question_answers_owner_key')
      .on(table.questionId, table.parentId, table.childId)
      .nullsNotDistinct(),
    index('question_answers_parent_idx').on(table.parentId),
    index('question_answers_child_idx').on(table.childId),
    index('question_answers_file_idx').on(table.fileId),
  ],
);

export const campWaivers = pgTable(
  'camp_waivers',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    required: boolean('required').notNull(),
    /** SHA-256 of the title and text; a change makes a new version to sign. */
    textHash: text('text_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('camp_waivers_camp_idx').on(table.campId, table.id)],
);

/**
 * A parent's electronic signature of one version of a waiver: the exact title and text signed
 * (kept even when the host changes or deletes the waiver), the typed name, when, from where.
 */
export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: serial('id').primaryKey(),
    waiverId: integer('waiver_id').references(() => campWaivers.id, { onDelete: 'set null' }),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedName: text('signed_name').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    textHash: text('text_hash').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The camp, its organisation and the signer's account as they were when signed (decision 045). */
    campName: text('camp_name').notNull(),
    orgName: text('org_name').notNull(),
    parentName: text('parent_name').notNull(),
    parentEmail: text('parent_email').notNull(),
  },
  (table) => [
    uniqueIndex('waiver_signatures_version_key').on(table.parentId, table.waiverId, table.textHash),
    index('waiver_signatures_waiver_idx').on(table.waiverId),
    index('waiver_signatures_camp_idx').on(table.campId),
  ],
);

// Conversations and announcements between families and hosts (docs/decisions/031).

/** A thread between one family (a parent account) and one organisation, usually about a camp. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campId: integer('camp_id').references(() => camps.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When each side last opened the thread: later messages from the other side are unread. */
    parentReadAt: timestamp('parent_read_at', { withTimezone: true }),
    hostReadAt: timestamp('host_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversations_org_idx').on(table.orgId, table.lastMessageAt),
    index('conversations_parent_idx').on(table.parentId, table.lastMessageAt),
  ],
);

/** One message of a conversation; an attachment is a stored upload (an image re-encoded, or a PDF). */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fromHost: boolean('from_host').notNull(),
    body: text('body').notNull(),
    /**
     * Where an attachment sent before decision 044 still lies in the public file storage, until
     * the attachments job moves it into `attachment_content`; null for every other message.
     */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentKind: text('attachment_kind', { enum: ['image', 'pdf'] }),
    /** The attachment's bytes: private, served only to the conversation's two sides. */
    attachmentContent: bytea('attachment_content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversation_messages_conversation_idx').on(table.conversationId, table.createdAt),
    index('conversation_messages_stored_file_idx')
      .on(table.id)
      .where(sql`${table.attachmentKey} is not null`),
  ],
);

/** A host's message to the families of a camp, a session or a waitlist. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => campSessions.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['session', 'camp', 'waitlist'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('announcements_camp_idx').on(table.campId, table.createdAt)],
);

/**
 * Who an announcement goes to: one row per family, written when it is sent. The delivery job
 * claims undelivered rows and, in the same transaction, queues the e-mail and stamps
 * `delivered_at`, so a family gets it once however often the job is interrupted.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.announcementId, table.parentId] }),
    index('announcement_recipients_parent_idx').on(table.parentId),
    index('announcement_recipients_pending_idx')
      .on(table.announcementId)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

// Host insights and session reminders (docs/decisions/032).

/**
 * How often a camp's public profile was opened, per day (UTC). A count only: no visitor, address,
 * cookie or device is recorded, so it holds no personal data.
 */
export const campDailyViews = pgTable(
  'camp_daily_views',
  {
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.campId, table.day] }),
    // A year of an organisation's views read from the index alone (host insights); a view bump
    // then writes this index too, a small price for a counter bumped once per page view.
    index('camp_daily_views_count_idx').on(table.campId, table.day, table.views),
  ],
);

/**
 * The same views summed per organisation and day, bumped with the camp's counter: an
 * organisation's dashboard reads a row a day, not one per camp and day (host insights). It keeps
 * the views of a camp deleted since, which did happen.
 */
export const orgDailyViews = pgTable(
  'org_daily_views',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.day] })],
);

/** A camp's reminder e-mails before each session; no row: on, with nothing written to bring. */
export const campReminderSettings = pgTable('camp_reminder_settings', {
  campId: integer('camp_id')
    .primaryKey()
    .references(() => camps.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  whatToBring: text('what_to_bring').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reminderKindValues = ['week', 'day'] as const;

/** A reminder sent to a family about a session: written with its e-mail, so each goes out once. */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: reminderKindValues }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.parentId, table.kind] }),
    index('session_reminders_parent_idx').on(table.parentId),
  ],
);
