import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
