import { roleHasRight } from '@campwise/contract/team-roles';
import type { Team } from '@campwise/contract/teams';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { teamInvitations } from '../../db/schema.ts';
import { orgAccess } from '../access/index.ts';
import { teamMembers } from './team-members.ts';

/** The organisation's team as a member sees it; open invitations only for whoever manages the team. */
export async function readTeam(
  db: Database,
  personId: number,
  orgId: number,
  now = new Date(),
): Promise<Team> {
  const { name: orgName, role: myRole } = await orgAccess(db, personId, orgId, 'org:view');
  const members = await teamMembers(db, orgId);
  const invitations = roleHasRight(myRole, 'team')
    ? await db
        .select({
          id: teamInvitations.id,
          email: teamInvitations.email,
          role: teamInvitations.role,
          createdAt: teamInvitations.createdAt,
          expiresAt: teamInvitations.expiresAt,
        })
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.orgId, orgId),
            isNull(teamInvitations.acceptedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id))
    : [];
  return {
    orgId,
    orgName,
    myRole,
    members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
    invitations: invitations.map((invitation) => ({
      ...invitation,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}
