import type { CampDiscounts } from '@campwise/contract/baskets';
import type { PaymentPlanSettings } from '@campwise/contract/payment-plans';
import type { RefundPolicy } from '@campwise/contract/refund-policy';
import { sql } from 'drizzle-orm';
import {
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { images } from './images.ts';
import { organizations } from './orgs.ts';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  text: text('text').notNull(),
});

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
