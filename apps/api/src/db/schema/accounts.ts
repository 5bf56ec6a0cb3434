import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const userTypes = ['host', 'camper', 'admin'] as const;

/** Hosts, campers (parents) and administrators. An address may hold one account per type. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: text('user_type', { enum: userTypes }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped when the password or e-mail changes; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A parent's home ZIP and usual distance, where the planner searches for a gap from. */
    homeZip: text('home_zip'),
    searchRadiusMiles: integer('search_radius_miles'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_type_email_key').on(table.userType, sql`lower(${table.email})`),
    check('users_user_type_check', sql`${table.userType} in ('host', 'camper', 'admin')`),
  ],
);

/** Single-use password reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * A change of sign-in e-mail waiting for its confirmation link: the address switches only when
 * the link sent to the new address is opened. Single use, expiring; only a SHA-256 of the token
 * is stored. A user has at most one waiting (a new request replaces it).
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_change_requests_user_idx').on(table.userId)],
);

// Two-factor sign-in (see docs/decisions/007).

/**
 * A user's authenticator app (TOTP). The secret is kept encrypted (AES-256-GCM, key derived
 * from the application secret); it is pending until a first code confirms it. A code is
 * accepted only for a step after the last one used, so a code seen once cannot be replayed.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, for a lost phone; only a SHA-256 of each code is stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_key').on(table.userId, table.codeHash)],
);
