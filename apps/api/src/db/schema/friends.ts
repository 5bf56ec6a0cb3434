import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { children } from './children.ts';

// Friends (see docs/decisions/020).

/**
 * A parent's invitation to another family to be friends (decision 020): mailed to an address
 * (`email`) or handed out as a link (`email` null). Single use, expiring; only a SHA-256 of the
 * token is stored. Cancelling deletes it; accepting sets `accepted_at`.
 */
export const friendInvitations = pgTable(
  'friend_invitations',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('friend_invitations_inviter_idx').on(table.inviterId, table.createdAt)],
);

/** Two families who accepted each other (decision 020); the lower user id is always `parent_a`. */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    parentAId: integer('parent_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentBId: integer('parent_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('friendships_pair_key').on(table.parentAId, table.parentBId),
    index('friendships_parent_b_idx').on(table.parentBId),
    check('friendships_order_check', sql`${table.parentAId} < ${table.parentBId}`),
  ],
);

/**
 * A child whose sessions their parent shares with one friend family (decision 020). No row, no
 * sharing: a friendship starts with nothing shared, and ending it deletes its rows.
 */
export const friendShares = pgTable(
  'friend_shares',
  {
    friendshipId: integer('friendship_id')
      .notNull()
      .references(() => friendships.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.friendshipId, table.childId] }),
    index('friend_shares_child_idx').on(table.childId),
  ],
);
