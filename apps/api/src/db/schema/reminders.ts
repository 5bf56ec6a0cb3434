import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { campSessions } from './sessions.ts';

// Session reminders (docs/decisions/032).

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
