import { campDay } from '@campwise/contract/camp-clock';
import {
  type AllergyBadge,
  allergyBadges,
  type HealthProfileData,
  hostMayReadHealth,
  type RosterHealth,
} from '@campwise/contract/health-profiles';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  organizations,
  registrationHealthSnapshots,
  registrations,
} from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { HealthDataBox } from '../../platform/health-data-box.ts';
import { memberOf } from '../access/index.ts';
import { recordMedicalViews } from '../audit/index.ts';

/** What a host may be shown of one place's stored profile: null outside the rule of decision 028. */
export function rosterHealth(
  healthData: HealthDataBox,
  place: {
    status: string;
    endDate: string | null;
    snapshot: { profileSealed: string; version: number; reviewedAt: Date } | null;
  },
  today: string,
): RosterHealth | null {
  if (!place.snapshot || !hostMayReadHealth(place, today)) return null;
  return {
    ...(healthData.open(place.snapshot.profileSealed) as HealthProfileData),
    version: place.snapshot.version,
    reviewedAt: place.snapshot.reviewedAt.toISOString(),
  };
}

export interface SessionAllergyBadges {
  childId: number;
  registrationId: number;
  badges: AllergyBadge[];
}

/**
 * The allergy badges of the children with a paid place in one of the host's sessions (the
 * check-in screen's), most severe first; a session of another host is not found. Children the
 * host may not read (decision 028) and children without allergies have none; each child whose
 * badges are shown is recorded in the parent's access log.
 */
export async function allergyBadgesForSession(
  deps: { db: Database; healthData: HealthDataBox },
  hostId: number,
  sessionId: number,
  options: { recordViews: boolean; now?: Date },
): Promise<SessionAllergyBadges[]> {
  const { db, healthData } = deps;
  const now = options.now ?? new Date();
  const [camp] = await db
    .select({ id: camps.id, name: camps.name, orgName: organizations.name, timeZone: camps.timeZone })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(campSessions.id, sessionId), memberOf(camps.orgId, hostId, 'check-in', campSessions.id)));
  if (!camp) throw notFound(messages.sessionNotFound);
  const rows = await db
    .select({
      registrationId: registrations.id,
      childId: registrations.childId,
      status: registrations.status,
      endDate: campSessions.endDate,
      profileSealed: registrationHealthSnapshots.profileSealed,
      version: registrationHealthSnapshots.version,
      reviewedAt: registrationHealthSnapshots.reviewedAt,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(registrationHealthSnapshots, eq(registrationHealthSnapshots.registrationId, registrations.id))
    .where(and(eq(registrations.sessionId, sessionId), eq(registrations.status, 'confirmed')))
    .orderBy(asc(registrations.id));
  const today = campDay(now, camp.timeZone);
  const shown = rows.flatMap((row) => {
    const health = rosterHealth(healthData, { ...row, snapshot: row }, today);
    if (!health || health.allergies.length === 0) return [];
    return [
      { childId: row.childId, registrationId: row.registrationId, badges: allergyBadges(health.allergies) },
    ];
  });
  if (options.recordViews) {
    await recordMedicalViews(
      db,
      hostId,
      camp,
      shown.map((entry) => entry.childId),
      now,
      'allergy_badges',
    );
  }
  return shown;
}
