import { sql } from 'drizzle-orm';
import {
  date,
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
import { bytea } from './columns.ts';
import { organizations } from './orgs.ts';
import { campSessions } from './sessions.ts';

// Teams (see docs/decisions/057).

export const teamRoles = ['owner', 'manager', 'staff'] as const;

/**
 * Who may act on an organisation, and as what. Its owner (organizations.host_id) is a member
 * with the role `owner` from the moment it is created; one owner per organisation.
 */
export const orgMembers = pgTable(
  'org_members',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: teamRoles }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('org_members_org_user_key').on(table.orgId, table.userId),
    uniqueIndex('org_members_one_owner_key').on(table.orgId).where(sql`${table.role} = 'owner'`),
    // A person's organisations, as every access check and the host screens read them.
    index('org_members_user_idx').on(table.userId, table.orgId),
  ],
);

/**
 * An invitation to join an organisation's team, mailed to an address. Single use, expiring;
 * only a SHA-256 of the token is stored. Cancelling deletes it; accepting sets `accepted_at`.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['manager', 'staff'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open invitation per address and organisation.
    uniqueIndex('team_invitations_open_key')
      .on(table.orgId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null`),
  ],
);

/**
 * The staff members who work a session: a staff member checks children in only at the sessions
 * they are assigned to (managers and the owner reach every session of the organisation).
 */
export const sessionStaff = pgTable(
  'session_staff',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.userId] }),
    // A person's sessions, for their home and when they leave a team.
    index('session_staff_user_idx').on(table.userId, table.sessionId),
  ],
);

export const checkResults = ['clear', 'consider', 'expired'] as const;

/**
 * A background check of a team member (decision 058), as the owner recorded it; a new check is a
 * new row, the latest counts. The optional document is private: kept here, read by the owner.
 */
export const backgroundChecks = pgTable(
  'background_checks',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedBy: text('checked_by').notNull(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    result: text('result', { enum: checkResults }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    documentName: text('document_name'),
    documentType: text('document_type'),
    document: bytea('document'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner was told it expires in 30 days, and in 7: each notice goes once. */
    noticed30At: timestamp('noticed_30_at', { withTimezone: true }),
    noticed7At: timestamp('noticed_7_at', { withTimezone: true }),
  },
  (table) => [
    index('background_checks_member_idx').on(table.orgId, table.userId, table.recordedAt),
    index('background_checks_expiry_idx').on(table.expiresOn),
  ],
);
