import { GENDERS, SHIRT_SIZES } from '@campwise/contract/children';
import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A camper's (parent's) child. Medical notes are shown only to the parent and to hosts of camps the child is registered for. */
export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: GENDERS }),
    shirtSize: text('shirt_size', { enum: SHIRT_SIZES }).notNull(),
    medical: text('medical'),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('children_parent_idx').on(table.parentId)],
);
