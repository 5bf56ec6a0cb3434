import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { camps } from './camps.ts';
import { organizations } from './orgs.ts';

// Host insights (docs/decisions/032).

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
