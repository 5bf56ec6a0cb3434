import { campDay } from '@campwise/contract/camp-clock';
import { sessionMeetsOn } from '@campwise/contract/check-in';
import { messages } from '@campwise/contract/messages';
import type { SessionStaff, StaffSession } from '@campwise/contract/teams';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, organizations, orgMembers, sessionStaff, users } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { memberOf, sessionAccess } from '../access/index.ts';
import { assertMayWorkWithChildren } from './background-checks.ts';

const personColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Who works the session, and the organisation's other staff who could (decision 057). */
export async function readSessionStaff(
  db: Database,
  personId: number,
  sessionId: number,
): Promise<SessionStaff> {
  const session = await sessionAccess(db, personId, sessionId, 'camps:manage');
  const assigned = await db
    .select(personColumns)
    .from(sessionStaff)
    .innerJoin(users, eq(users.id, sessionStaff.userId))
    .where(eq(sessionStaff.sessionId, sessionId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const assignedIds = assigned.map((person) => person.userId);
  const available = await db
    .select(personColumns)
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(
      and(
        eq(orgMembers.orgId, session.orgId),
        eq(orgMembers.role, 'staff'),
        assignedIds.length > 0 ? notInArray(users.id, assignedIds) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return { sessionId, assigned, available };
}

/** Puts a staff member of the session's organisation on it; assigning twice changes nothing. */
export async function assignStaff(db: Database, personId: number, sessionId: number, userId: number) {
  const session = await sessionAccess(db, personId, sessionId, 'camps:manage');
  const [staff] = await db
    .select({ id: orgMembers.id })
    .from(orgMembers)
    .where(
      and(eq(orgMembers.orgId, session.orgId), eq(orgMembers.userId, userId), eq(orgMembers.role, 'staff')),
    );
  if (!staff) throw notFound(messages.teamMemberNotFound);
  // Nobody works with children without a clear check (decision 058).
  if (session.spotsTaken > 0) await assertMayWorkWithChildren(db, session.orgId, userId);
  await db.insert(sessionStaff).values({ sessionId, userId, assignedBy: personId }).onConflictDoNothing();
  return readSessionStaff(db, personId, sessionId);
}

export async function unassignStaff(db: Database, personId: number, sessionId: number, userId: number) {
  await sessionAccess(db, personId, sessionId, 'camps:manage');
  const [removed] = await db
    .delete(sessionStaff)
    .where(and(eq(sessionStaff.sessionId, sessionId), eq(sessionStaff.userId, userId)))
    .returning({ userId: sessionStaff.userId });
  if (!removed) throw notFound(messages.teamMemberNotFound);
  return readSessionStaff(db, personId, sessionId);
}

/** Takes someone off every session of an organisation, as they leave its team. */
export async function unassignFromOrg(db: Database, orgId: number, userId: number): Promise<void> {
  await db
    .delete(sessionStaff)
    .where(
      and(
        eq(sessionStaff.userId, userId),
        inArray(
          sessionStaff.sessionId,
          db
            .select({ id: campSessions.id })
            .from(campSessions)
            .innerJoin(camps, eq(camps.id, campSessions.campId))
            .where(eq(camps.orgId, orgId)),
        ),
      ),
    );
}

/**
 * The scheduled sessions a staff member works that have not ended where their camp is, the
 * ones meeting today first: their home, from which they open today's check-in.
 */
export async function staffSessions(
  db: Database,
  personId: number,
  now = new Date(),
): Promise<StaffSession[]> {
  const rows = await db
    .select({
      sessionId: campSessions.id,
      sessionName: campSessions.name,
      campId: camps.id,
      campName: camps.name,
      orgName: organizations.name,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      weekdays: campSessions.weekdays,
      timeZone: camps.timeZone,
    })
    .from(sessionStaff)
    .innerJoin(campSessions, eq(campSessions.id, sessionStaff.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(sessionStaff.userId, personId),
        eq(campSessions.status, 'scheduled'),
        memberOf(camps.orgId, personId, 'check-in', campSessions.id),
      ),
    )
    .orderBy(sql`${campSessions.startDate} asc nulls first`, asc(campSessions.id));
  const shown: StaffSession[] = [];
  for (const { weekdays, timeZone, ...row } of rows) {
    const today = campDay(now, timeZone);
    if (row.endDate !== null && row.endDate < today) continue;
    shown.push({ ...row, today, runsToday: sessionMeetsOn({ ...row, weekdays }, today) });
  }
  // Stable: today's sessions first, each group in date order.
  return shown.sort((a, b) => Number(b.runsToday) - Number(a.runsToday));
}
