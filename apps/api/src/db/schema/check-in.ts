import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { children } from './children.ts';
import { images } from './images.ts';
import { campSessions } from './sessions.ts';

// The day of camp: authorised pickup adults and check-in (docs/decisions/030).

/**
 * An adult a parent allows to collect a child, with an optional photo staff compare at pickup.
 * Shown only to the parent and to hosts of a session the child holds a confirmed place in.
 */
export const pickupAdults = pgTable(
  'pickup_adults',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    photoImageId: integer('photo_image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pickup_adults_child_idx').on(table.childId)],
);

export const attendanceKinds = ['check_in', 'check_out', 'refused'] as const;

/**
 * What staff recorded for a child on one day of a session: the check-in, the check-out (with
 * the authorised adult who collected the child, their name kept as it was then) and any pickup
 * refused (the name the person gave). At most one check-in and one check-out per child and day;
 * `request_key` is the tap's own key, so a retried tap is answered, never recorded twice.
 */
export const attendanceEvents = pgTable(
  'attendance_events',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: attendanceKinds }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pickupAdultId: integer('pickup_adult_id').references(() => pickupAdults.id, { onDelete: 'set null' }),
    /** Who collected the child, or the name given by someone refused. */
    personName: text('person_name'),
    relationship: text('relationship'),
    requestKey: text('request_key').notNull(),
  },
  (table) => [
    uniqueIndex('attendance_events_check_in_key')
      .on(table.sessionId, table.childId, table.day)
      .where(sql`${table.kind} = 'check_in'`),
    uniqueIndex('attendance_events_check_out_key')
      .on(table.sessionId, table.childId, table.day)
      .where(sql`${table.kind} = 'check_out'`),
    uniqueIndex('attendance_events_request_key').on(table.hostId, table.requestKey),
    index('attendance_events_session_day_idx').on(table.sessionId, table.day),
    index('attendance_events_child_idx').on(table.childId),
  ],
);
