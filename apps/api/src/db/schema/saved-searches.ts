import type { SavedSearchCriteria } from '@campwise/contract/saved-searches';
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
