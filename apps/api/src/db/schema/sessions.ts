import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';

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
