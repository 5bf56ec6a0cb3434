import type { HealthProfileData } from '@campwise/contract/health-profiles';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  childHealthProfiles,
  children,
  registrationHealthSnapshots,
  registrations,
} from '../../db/schema.ts';
import type { HealthDataBox } from '../../platform/health-data-box.ts';

/** A parent's share of the data export: each child's health profile and every stored copy, opened. */
export async function healthRecords(db: Database, healthData: HealthDataBox, parentId: number) {
  const profiles = await db
    .select({
      childId: childHealthProfiles.childId,
      profileSealed: childHealthProfiles.profileSealed,
      version: childHealthProfiles.version,
      updatedAt: childHealthProfiles.updatedAt,
    })
    .from(childHealthProfiles)
    .innerJoin(children, eq(children.id, childHealthProfiles.childId))
    .where(eq(children.parentId, parentId))
    .orderBy(asc(childHealthProfiles.childId));
  const copies = await db
    .select({
      registrationId: registrationHealthSnapshots.registrationId,
      profileSealed: registrationHealthSnapshots.profileSealed,
      version: registrationHealthSnapshots.version,
      reviewedAt: registrationHealthSnapshots.reviewedAt,
    })
    .from(registrationHealthSnapshots)
    .innerJoin(registrations, eq(registrations.id, registrationHealthSnapshots.registrationId))
    .where(eq(registrations.parentId, parentId))
    .orderBy(asc(registrationHealthSnapshots.registrationId));
  return {
    healthProfiles: profiles.map(({ profileSealed, updatedAt, ...profile }) => ({
      ...(healthData.open(profileSealed) as HealthProfileData),
      ...profile,
      updatedAt: updatedAt.toISOString(),
    })),
    registrationHealth: copies.map(({ profileSealed, reviewedAt, ...copy }) => ({
      ...copy,
      reviewedAt: reviewedAt.toISOString(),
      profile: healthData.open(profileSealed) as HealthProfileData,
    })),
  };
}
