import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campSessions, camps, organizations, orgMembers, sessionStaff } from '../db/schema.ts';
import { DEMO_ACCOUNTS, insertUser } from './common.ts';

/** The demo team's people: a manager and four counsellors, each signing in as a host. */
export const DEMO_TEAM = [
  { email: DEMO_ACCOUNTS.manager, firstName: 'Alex', lastName: 'Morgan', role: 'manager' },
  { email: DEMO_ACCOUNTS.staff, firstName: 'Casey', lastName: 'Nguyen', role: 'staff' },
  { email: 'riley.staff@demo.campwise.test', firstName: 'Riley', lastName: 'Brooks', role: 'staff' },
  { email: 'jamie.staff@demo.campwise.test', firstName: 'Jamie', lastName: 'Ortiz', role: 'staff' },
  { email: 'taylor.staff@demo.campwise.test', firstName: 'Taylor', lastName: 'Reed', role: 'staff' },
] as const;

/**
 * The team of the demo host's organisation that runs the year-round camp (the one with children
 * checked in today, decision 030): a manager and four staff who work that camp's sessions
 * (decision 057). Answers its id.
 */
export async function seedDemoTeam(
  db: Database,
  ids: { hostId: number; passwordHash: string },
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
