import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  backgroundChecks,
  campSessions,
  camps,
  organizations,
  orgMembers,
  sessionStaff,
} from '../db/schema.ts';
import { DEMO_ACCOUNTS, insertUser, isoDay } from './common.ts';

/** The demo team's people: a manager and four counsellors, each signing in as a host. */
export const DEMO_TEAM = [
  {
    email: DEMO_ACCOUNTS.manager,
    firstName: 'Alex',
    lastName: 'Morgan',
    role: 'manager',
    checkExpiresIn: 300,
  },
  { email: DEMO_ACCOUNTS.staff, firstName: 'Casey', lastName: 'Nguyen', role: 'staff', checkExpiresIn: 240 },
  // Expires next month: the owner's compliance view flags it and the 30-day notice goes out.
  {
    email: 'riley.staff@demo.campwise.test',
    firstName: 'Riley',
    lastName: 'Brooks',
    role: 'staff',
    checkExpiresIn: 25,
  },
  {
    email: 'jamie.staff@demo.campwise.test',
    firstName: 'Jamie',
    lastName: 'Ortiz',
    role: 'staff',
    checkExpiresIn: 180,
  },
  // Expired last week, while already working the year-round camp: flagged, and kept off new sessions.
  {
    email: 'taylor.staff@demo.campwise.test',
    firstName: 'Taylor',
    lastName: 'Reed',
    role: 'staff',
    checkExpiresIn: -7,
  },
] as const;

/**
 * The team of the demo host's organisation that runs the year-round camp (the one with children
 * checked in today, decision 030): a manager and four staff who work that camp's sessions
 * (decision 057), each with a background check: one expiring next month, one expired
 * (decision 058). Answers its id.
 */
export async function seedDemoTeam(
  db: Database,
  ids: { hostId: number; passwordHash: string },
  today: Date,
): Promise<number | null> {
  const [org] = await db
    .select({ id: organizations.id, campId: camps.id })
    .from(organizations)
    .innerJoin(camps, eq(camps.orgId, organizations.id))
    .where(and(eq(organizations.hostId, ids.hostId), eq(camps.isYearRound, true)))
    .orderBy(asc(camps.id))
    .limit(1);
  if (!org) return null;
  for (const [index, person] of DEMO_TEAM.entries()) {
    const userId = await insertUser(db, {
      userType: 'host',
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: `512-555-02${String(10 + index)}`,
      passwordHash: ids.passwordHash,
    });
    await db.insert(orgMembers).values({ orgId: org.id, userId, role: person.role });
    // A year's check each (decision 058), recorded by the owner.
    await db.insert(backgroundChecks).values({
      orgId: org.id,
      userId,
      checkedBy: 'Sterling Volunteers',
      checkedOn: isoDay(today, person.checkExpiresIn - 365),
      result: 'clear',
      expiresOn: isoDay(today, person.checkExpiresIn),
      recordedBy: ids.hostId,
    });
    // The staff work the year-round camp's sessions, so they land on its check-in.
    if (person.role === 'staff') {
      const sessions = await db
        .select({ id: campSessions.id })
        .from(campSessions)
        .where(and(eq(campSessions.campId, org.campId), eq(campSessions.status, 'scheduled')));
      if (sessions.length > 0) {
        await db
          .insert(sessionStaff)
          .values(sessions.map((session) => ({ sessionId: session.id, userId, assignedBy: ids.hostId })));
      }
    }
  }
  return org.id;
}
