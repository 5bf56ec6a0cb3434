import {
  emergencyContactIsParent,
  type HealthProfile,
  type HealthProfileData,
} from '@campwise/contract/health-profiles';
import { messages } from '@campwise/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { childHealthProfiles, children, users } from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { HealthDataBox } from '../../platform/health-data-box.ts';

export interface HealthDeps {
  db: Database;
  healthData: HealthDataBox;
}

/** The parent's own child (404 for anyone else's, as for a child that does not exist). */
async function ownChild(db: Database, parentId: number, childId: number) {
  const [child] = await db
    .select({ id: children.id, medical: children.medical })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  if (!child) throw notFound(messages.childNotFound);
  return child;
}

/** A child's health profile as the parent keeps it, or null before it is first filled in. */
export async function getHealthProfile(
  { db, healthData }: HealthDeps,
  parentId: number,
  childId: number,
): Promise<HealthProfile | null> {
  const child = await ownChild(db, parentId, childId);
  const [row] = await db.select().from(childHealthProfiles).where(eq(childHealthProfiles.childId, childId));
  if (!row) return null;
  return {
    ...(healthData.open(row.profileSealed) as HealthProfileData),
    childId,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    otherNotes: child.medical,
  };
}

/**
 * Saves the profile as a new version and, in the same transaction, refreshes the copy each of
 * the child's places in a session not yet over holds, so the camps see today's allergies.
 */
export async function saveHealthProfile(
  deps: HealthDeps,
  parentId: number,
  childId: number,
  profile: HealthProfileData,
  now: Date = new Date(),
): Promise<HealthProfile> {
  const { db, healthData } = deps;
  await ownChild(db, parentId, childId);
  const [parent] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(users)
    .where(eq(users.id, parentId));
  if (!parent) throw notFound(messages.childNotFound);
  const index = profile.emergencyContacts.findIndex((contact) => emergencyContactIsParent(contact, parent));
  if (index >= 0) {
    throw new AppError(400, 'BAD_REQUEST', messages.healthEmergencyContactIsParent, {
      [`emergencyContacts.${index}.name`]: messages.healthEmergencyContactIsParent,
    });
  }
  const sealed = healthData.seal(profile);
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(childHealthProfiles)
      .values({ childId, profileSealed: sealed, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: childHealthProfiles.childId,
        set: {
          profileSealed: sealed,
          version: sql`${childHealthProfiles.version} + 1`,
          updatedAt: now,
        },
      })
      .returning({ version: childHealthProfiles.version });
    await queryRows(
      tx,
      sql`insert into registration_health_snapshots (registration_id, profile_sealed, version, reviewed_at)
          select r.id, ${sealed}, ${saved?.version ?? 1}, ${now.toISOString()}::timestamptz
          from registrations r join camp_sessions s on s.id = r.session_id join camps c on c.id = s.camp_id
          where r.child_id = ${childId}
            and r.status in ('pending_payment', 'confirmed', 'waitlisted', 'offered')
            and (s.end_date is null or s.end_date >= ${campTodaySql(sql`c.time_zone`, now)})
          on conflict (registration_id) do update
            set profile_sealed = excluded.profile_sealed, version = excluded.version,
                reviewed_at = excluded.reviewed_at`,
    );
  });
  return (await getHealthProfile(deps, parentId, childId)) as HealthProfile;
}
