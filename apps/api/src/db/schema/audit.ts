import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users, userTypes } from './accounts.ts';

// The audit log (see docs/decisions/007).

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
