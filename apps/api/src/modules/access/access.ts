import { messages } from '@campwise/contract/messages';
import { LIVE_SUBSCRIPTION_STATUSES } from '@campwise/contract/subscriptions';
import { roleHasRight, rolesWithRight, type TeamRight, type TeamRole } from '@campwise/contract/team-roles';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  hostSubscriptions,
  organizations,
  orgMembers,
  sessionStaff,
} from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { sessionColumns } from '../../shared/session-reads.ts';
import { memberOf } from './member-of.ts';

/**
 * The one place that answers "may this person act on this organisation, camp or session"
 * (decision 057). Someone who is not on an organisation's team gets the same 404 as for one
 * that does not exist; a member whose role lacks the right gets 403.
 */

/** A membership counts while the organisation's owner's subscription is live, the owner's own too. */
const activeMembership = sql`exists (select 1 from ${hostSubscriptions}
  where ${hostSubscriptions.hostId} = ${organizations.hostId}
    and ${inArray(hostSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])})`;

/** Whether the person is a manager or staff member of an organisation whose owner is subscribed. */
export async function onSubscribedTeam(db: Database, personId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orgMembers.id })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(and(eq(orgMembers.userId, personId), ne(orgMembers.role, 'owner'), activeMembership))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the person holds the right on any organisation's team, whatever its owner's plan:
 * an owner whose subscription lapsed still sees their payouts.
 */
export async function holdsRightAnywhere(db: Database, personId: number, right: TeamRight): Promise<boolean> {
  const [row] = await db
    .select({ id: orgMembers.id })
    .from(orgMembers)
    .where(and(eq(orgMembers.userId, personId), inArray(orgMembers.role, rolesWithRight(right))))
    .limit(1);
  return row !== undefined;
}

/** Staff reach only the sessions they are assigned to; `campSessions` is in the query. */
const assignedIfStaff = (personId: number) =>
  or(
    ne(orgMembers.role, 'staff'),
    sql`exists (select 1 from ${sessionStaff} where ${sessionStaff.sessionId} = ${campSessions.id}
      and ${sessionStaff.userId} = ${personId})`,
  );

function requireRight<T extends { role: TeamRole }>(
  row: T | undefined,
  right: TeamRight,
  missing: string,
): T {
  if (!row) throw notFound(missing);
  if (!roleHasRight(row.role, right)) throw forbidden();
  return row;
}

/** The organisation, with the person's role in it. */
export async function orgAccess(db: Database, personId: number, orgId: number, right: TeamRight) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      status: organizations.status,
      role: orgMembers.role,
    })
    .from(organizations)
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, organizations.id), eq(orgMembers.userId, personId)))
    .where(and(eq(organizations.id, orgId), activeMembership));
  return requireRight(row, right, messages.orgNotFound);
}

/** The camp, with its organisation and the person's role there. */
export async function campAccess(db: Database, personId: number, campId: number, right: TeamRight) {
  const [row] = await db
    .select({
      id: camps.id,
      orgId: camps.orgId,
      thumbnailImageId: camps.thumbnailImageId,
      isYearRound: camps.isYearRound,
      timeZone: camps.timeZone,
      role: orgMembers.role,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, organizations.id), eq(orgMembers.userId, personId)))
    .where(and(eq(camps.id, campId), activeMembership));
  return requireRight(row, right, messages.campNotFound);
}

/** Whether the person may act on the camp with the right, for checks that answer their own 404. */
export async function mayActOnCamp(db: Database, personId: number, campId: number, right: TeamRight) {
  const [row] = await db
    .select({ id: camps.id })
    .from(camps)
    .where(and(eq(camps.id, campId), memberOf(camps.orgId, personId, right)));
  return row !== undefined;
}

/** The session with its camp, and the person's role in its organisation. */
export async function sessionAccess(db: Database, personId: number, sessionId: number, right: TeamRight) {
  const [row] = await db
    .select({ ...sessionColumns, isYearRound: camps.isYearRound, orgId: camps.orgId, role: orgMembers.role })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, organizations.id), eq(orgMembers.userId, personId)))
    .where(and(eq(campSessions.id, sessionId), activeMembership, assignedIfStaff(personId)));
  return requireRight(row, right, messages.sessionNotFound);
}
