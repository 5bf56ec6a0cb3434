import { messages } from '@campwise/contract/messages';
import type { MemberRole } from '@campwise/contract/team-roles';
import type { TeamMember } from '@campwise/contract/teams';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orgMembers, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { orgAccess } from '../access/index.ts';
import { unassignFromOrg } from './session-staff.ts';

/**
 * The owner gives a member another role. The owner's own role never changes here, and no role
 * given here is `owner`, so an organisation always has exactly its one owner however changes race.
 */
export async function changeMemberRole(
  db: Database,
  personId: number,
  orgId: number,
  userId: number,
  role: MemberRole,
): Promise<TeamMember> {
  await orgAccess(db, personId, orgId, 'team');
  if (userId === personId) throw badRequest(messages.teamOwnRole);
  const [changed] = await db
    .update(orgMembers)
    .set({ role })
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId), ne(orgMembers.role, 'owner')))
    .returning({ userId: orgMembers.userId, role: orgMembers.role, joinedAt: orgMembers.createdAt });
  if (!changed) throw await missingOrOwner(db, orgId, userId);
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw notFound(messages.teamMemberNotFound);
  return { ...changed, ...person, joinedAt: changed.joinedAt.toISOString() };
}

/**
 * Takes a member off the team: the owner removes someone, or a member leaves. Access ends at
 * once, as every call checks the membership. The owner stays.
 */
export async function removeMember(db: Database, personId: number, orgId: number, userId: number) {
  await orgAccess(db, personId, orgId, userId === personId ? 'org:view' : 'team');
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId), ne(orgMembers.role, 'owner')))
      .returning({ id: orgMembers.id });
    if (!removed) throw await missingOrOwner(tx, orgId, userId);
    await unassignFromOrg(tx, orgId, userId);
  });
}

async function missingOrOwner(db: Database, orgId: number, userId: number) {
  const [member] = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return member?.role === 'owner' ? conflict(messages.teamOwnerStays) : notFound(messages.teamMemberNotFound);
}
