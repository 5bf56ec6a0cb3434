import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { campSessions } from './sessions.ts';

/**
 * A session in a parent's family basket (decision 069): kept on the server, so it follows the
 * parent across pages and devices, with the children chosen for it and the price it had when it
 * was added (a change is flagged before Pay). Nothing is held: places are taken only at payment.
 */
export const basketSessions = pgTable(
  'basket_sessions',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    /** The parent's children chosen for the session; a removed child is left out when read. */
    childIds: integer('child_ids').array().notNull().default(sql`'{}'::integer[]`),
    seenPriceCents: integer('seen_price_cents').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.parentId, table.sessionId] }),
    index('basket_sessions_session_idx').on(table.sessionId),
    check('basket_sessions_children_check', sql`cardinality(${table.childIds}) <= 10`),
  ],
);
