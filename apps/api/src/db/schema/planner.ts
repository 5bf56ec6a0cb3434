import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { children } from './children.ts';
import { campSessions } from './sessions.ts';

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

/**
 * A family's private calendar subscription (issue S, decision 071): its address holds a long
 * random token, of which only the SHA-256 is kept; replacing it or turning it off stops the old one.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    parentId: integer('parent_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_feeds_token_key').on(table.tokenHash)],
);
