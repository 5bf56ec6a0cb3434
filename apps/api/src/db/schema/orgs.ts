import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { images } from './images.ts';

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

/**
 * An organisation's legal name and EIN for families' tax statements (decision 077). The EIN is
 * sealed like the other secrets at rest; its last four digits are kept apart, so screens can
 * show it masked without opening it.
 */
export const orgTaxDetails = pgTable('org_tax_details', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  einSealed: text('ein_sealed').notNull(),
  einLastFour: text('ein_last_four').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
