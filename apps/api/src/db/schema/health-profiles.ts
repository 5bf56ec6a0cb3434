import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { children } from './children.ts';
import { registrations } from './registrations.ts';

/**
 * A child's health profile (docs/decisions/028), kept once by the parent. The profile is one
 * JSON document sealed (AES-256-GCM) under a health data key: `<key id>.v1.<iv>.<tag>.<data>`,
 * so a copy of the database alone reveals nothing. `version` goes up with every save.
 */
export const childHealthProfiles = pgTable('child_health_profiles', {
  childId: integer('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  profileSealed: text('profile_sealed').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The profile as the parent confirmed it for one place: what the camp's hosts are shown.
 * Copied (still sealed) when the place is taken; a later save of the profile refreshes the
 * copies of places in sessions not yet over.
 */
export const registrationHealthSnapshots = pgTable('registration_health_snapshots', {
  registrationId: integer('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  profileSealed: text('profile_sealed').notNull(),
  version: integer('version').notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});
