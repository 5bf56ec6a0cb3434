import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import { TEAM_INVITATION_DAYS } from '@campwise/contract/team-roles';
import type {
  Membership,
  PendingTeamInvitation,
  TeamInvitationInput,
  TeamInvitationPreview,
} from '@campwise/contract/teams';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations, orgMembers, teamInvitations, users } from '../../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { orgAccess } from '../access/index.ts';
import { queueMail, teamInvitationMail, teamJoinedMail } from '../mail/index.ts';

const LIFETIME_MS = TEAM_INVITATION_DAYS * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const teamAcceptUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/host/team/accept?token=${encodeURIComponent(token)}`;

async function personNamed(db: Database, userId: number) {
  const [person] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw notFound();
  return person;
}

/**
 * Invites an address to the organisation's team as a manager or staff member, by e-mail. An
 * address already on the team, or with an open invitation, is refused; an expired one is replaced.
 */
export async function inviteToTeam(
  db: Database,
  publicUrl: string,
  personId: number,
  orgId: number,
  input: TeamInvitationInput,
  now = new Date(),
): Promise<PendingTeamInvitation> {
  await orgAccess(db, personId, orgId, 'team');
  const [member] = await db
    .select({ id: orgMembers.id })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(orgMembers.orgId, orgId), sql`lower(${users.email}) = lower(${input.email})`));
  if (member) throw conflict(messages.teamAlreadyMember.replace('{email}', input.email));
  const inviter = await personNamed(db, personId);
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const token = randomBytes(32).toString('base64url');
  const created = await db.transaction(async (tx) => {
    await tx
      .delete(teamInvitations)
      .where(
        and(
          eq(teamInvitations.orgId, orgId),
          sql`lower(${teamInvitations.email}) = lower(${input.email})`,
          isNull(teamInvitations.acceptedAt),
          lte(teamInvitations.expiresAt, now),
        ),
      );
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        orgId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: personId,
        expiresAt: new Date(now.getTime() + LIFETIME_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(messages.teamAlreadyInvited.replace('{email}', input.email));
    await queueMail(
      tx,
      teamInvitationMail(
        input.email,
        { orgName: org?.name ?? '', role: input.role, invitedBy: `${inviter.firstName} ${inviter.lastName}` },
        teamAcceptUrl(publicUrl, token),
        TEAM_INVITATION_DAYS,
      ),
    );
    return row;
  });
  return {
    id: created.id,
    email: created.email,
    role: created.role,
    createdAt: created.createdAt.toISOString(),
    expiresAt: created.expiresAt.toISOString(),
  };
}

export async function cancelTeamInvitation(
  db: Database,
  personId: number,
  orgId: number,
  invitationId: number,
) {
  await orgAccess(db, personId, orgId, 'team');
  const [removed] = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.orgId, orgId),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (!removed) throw notFound(messages.teamInvitationNotFound);
}

/** The invitation behind a token, when this person may still accept it. */
async function usableInvitation(db: Database, token: string, personId: number, now: Date) {
  const [invitation] = await db
    .select({
      id: teamInvitations.id,
      orgId: teamInvitations.orgId,
      email: teamInvitations.email,
      role: teamInvitations.role,
      invitedBy: teamInvitations.invitedBy,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
      orgName: organizations.name,
    })
    .from(teamInvitations)
    .innerJoin(organizations, eq(organizations.id, teamInvitations.orgId))
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  if (!invitation) throw notFound(messages.teamInvitationNotFound);
  if (invitation.acceptedAt) throw new AppError(410, 'GONE', messages.teamInvitationUsed);
  if (invitation.expiresAt <= now) throw new AppError(410, 'GONE', messages.teamInvitationExpired);
  const person = await personNamed(db, personId);
  // The link is for the address it was sent to: a forwarded link does not let anyone else in.
  if (person.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw forbidden(messages.teamInvitationWrongAccount.replace('{email}', invitation.email));
  }
  return { invitation, person };
}

export async function previewTeamInvitation(
  db: Database,
  personId: number,
  token: string,
  now = new Date(),
): Promise<TeamInvitationPreview> {
  const { invitation } = await usableInvitation(db, token, personId, now);
  const inviter = await personNamed(db, invitation.invitedBy);
  return {
    orgName: invitation.orgName,
    role: invitation.role,
    email: invitation.email,
    invitedBy: `${inviter.firstName} ${inviter.lastName}`,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** Accepts an invitation once: the person joins the team with its role, and the owner is told. */
export async function acceptTeamInvitation(
  db: Database,
  publicUrl: string,
  personId: number,
  token: string,
  now = new Date(),
): Promise<Membership> {
  const { invitation, person } = await usableInvitation(db, token, personId, now);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.acceptedAt)))
      .returning({ id: teamInvitations.id });
    if (!used) throw new AppError(410, 'GONE', messages.teamInvitationUsed);
    const [joined] = await tx
      .insert(orgMembers)
      .values({ orgId: invitation.orgId, userId: personId, role: invitation.role, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: orgMembers.id });
    if (!joined) throw conflict(messages.teamAlreadyMember.replace('{email}', person.email));
    const [owner] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(organizations)
      .innerJoin(users, eq(users.id, organizations.hostId))
      .where(eq(organizations.id, invitation.orgId));
    if (owner) {
      await queueMail(
        tx,
        teamJoinedMail(
          owner.email,
          owner.firstName,
          { firstName: person.firstName, lastName: person.lastName, role: invitation.role },
          invitation.orgName,
          `${publicUrl}/host/team/${invitation.orgId}`,
        ),
      );
    }
  });
  return { orgId: invitation.orgId, orgName: invitation.orgName, role: invitation.role };
}
