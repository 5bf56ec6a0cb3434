import { createHash, randomBytes } from 'node:crypto';
import {
  FRIEND_INVITATION_DAYS,
  type Friend,
  type FriendInvitation,
  type InvitationPreview,
} from '@campwise/contract/friends';
import { messages } from '@campwise/contract/messages';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { friendInvitations, friendships, users } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { friendAcceptedMail, friendInvitationMail, queueMail } from '../mail/index.ts';
import { friendPair, friendshipBetween, readFriend } from './friendships.ts';

const LIFETIME_MS = FRIEND_INVITATION_DAYS * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const acceptUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/camper/friends/accept?token=${encodeURIComponent(token)}`;

const invitationColumns = {
  id: friendInvitations.id,
  email: friendInvitations.email,
  createdAt: friendInvitations.createdAt,
  expiresAt: friendInvitations.expiresAt,
};

function shapeInvitation(row: {
  id: number;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
}): FriendInvitation {
  return { ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

const sameAddress = (column: typeof users.email | typeof friendInvitations.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

async function parentNamed(db: Database, parentId: number) {
  const [parent] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, parentId));
  if (!parent) throw notFound();
  return parent;
}

/** The parent's invitations that can still be accepted, newest first. */
export async function pendingInvitations(db: Database, inviterId: number, now = new Date()) {
  const rows = await db
    .select(invitationColumns)
    .from(friendInvitations)
    .where(
      and(
        eq(friendInvitations.inviterId, inviterId),
        isNull(friendInvitations.acceptedAt),
        gt(friendInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(friendInvitations.createdAt), desc(friendInvitations.id));
  return rows.map(shapeInvitation);
}

async function insertInvitation(db: Database, inviterId: number, email: string | null, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(friendInvitations)
    .values({
      inviterId,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + LIFETIME_MS),
    })
    .returning(invitationColumns);
  if (!row) throw new Error('invitation not written');
  return { token, invitation: shapeInvitation(row) };
}

/**
 * Invites a family by e-mail. The answer and the e-mail are the same whether or not the address
 * has an account, so nothing tells the inviter who uses Campwise. Refused: one's own address, a
 * friend's, and an address with an invitation still open.
 */
export async function inviteByEmail(
  db: Database,
  publicUrl: string,
  inviterId: number,
  email: string,
  now = new Date(),
): Promise<FriendInvitation> {
  const inviter = await parentNamed(db, inviterId);
  if (inviter.email.toLowerCase() === email.toLowerCase()) {
    throw badRequest(messages.friendInviteSelf, { email: messages.friendInviteSelf });
  }
  // The inviter's row is locked while checking and writing, so two quick clicks make one invitation.
  return await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, inviterId)).for('update');
    const [friend] = await tx
      .select({ id: friendships.id })
      .from(friendships)
      .innerJoin(
        users,
        or(
          and(eq(friendships.parentAId, inviterId), eq(friendships.parentBId, users.id)),
          and(eq(friendships.parentBId, inviterId), eq(friendships.parentAId, users.id)),
        ),
      )
      .where(sameAddress(users.email, email));
    if (friend) throw conflict(messages.friendInviteAlreadyFriends);
    const pending = (await pendingInvitations(tx, inviterId, now)).some(
      (invitation) => invitation.email?.toLowerCase() === email.toLowerCase(),
    );
    if (pending) throw conflict(messages.friendInviteAlreadyPending);
    const { token, invitation } = await insertInvitation(tx, inviterId, email, now);
    await queueMail(
      tx,
      friendInvitationMail(email, inviter, acceptUrl(publicUrl, token), FRIEND_INVITATION_DAYS),
    );
    return invitation;
  });
}

/** A link for the parent to hand out: the token is in the answer and nowhere else. */
export async function createInvitationLink(
  db: Database,
  publicUrl: string,
  inviterId: number,
  now = new Date(),
) {
  const { token, invitation } = await insertInvitation(db, inviterId, null, now);
  return { invitation, url: acceptUrl(publicUrl, token) };
}

export async function cancelInvitation(db: Database, inviterId: number, invitationId: number): Promise<void> {
  const deleted = await db
    .delete(friendInvitations)
    .where(
      and(
        eq(friendInvitations.id, invitationId),
        eq(friendInvitations.inviterId, inviterId),
        isNull(friendInvitations.acceptedAt),
      ),
    )
    .returning({ id: friendInvitations.id });
  if (deleted.length === 0) throw notFound(messages.friendInvitationNotFound);
}

/** The invitation a link names, if the signed-in parent may accept it; the reason otherwise. */
async function usableInvitation(db: Database, token: string, parentId: number, now: Date) {
  const [invitation] = await db
    .select({
      id: friendInvitations.id,
      inviterId: friendInvitations.inviterId,
      expiresAt: friendInvitations.expiresAt,
      acceptedAt: friendInvitations.acceptedAt,
    })
    .from(friendInvitations)
    .where(eq(friendInvitations.tokenHash, hashToken(token)));
  if (!invitation) throw notFound(messages.friendInvitationNotFound);
  if (invitation.acceptedAt) throw new AppError(410, 'GONE', messages.friendInvitationUsed);
  if (invitation.expiresAt <= now) throw new AppError(410, 'GONE', messages.friendInvitationExpired);
  if (invitation.inviterId === parentId) throw badRequest(messages.friendInvitationOwn);
  if (await friendshipBetween(db, invitation.inviterId, parentId))
    throw conflict(messages.friendAlreadyFriends);
  return invitation;
}

/** Who invites, shown before the parent accepts. */
export async function previewInvitation(
  db: Database,
  parentId: number,
  token: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const invitation = await usableInvitation(db, token, parentId, now);
  const inviter = await parentNamed(db, invitation.inviterId);
  return {
    inviterFirstName: inviter.firstName,
    inviterLastName: inviter.lastName,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation: the families become friends with nothing shared yet. The link works once
 * (whoever holds it, signed in as a parent, may use it); invitations still open between the two
 * families are withdrawn, and the inviter is told.
 */
export async function acceptInvitation(
  db: Database,
  publicUrl: string,
  parentId: number,
  token: string,
  now = new Date(),
): Promise<Friend> {
  const invitation = await usableInvitation(db, token, parentId, now);
  const inviter = await parentNamed(db, invitation.inviterId);
  const parent = await parentNamed(db, parentId);
  const friendshipId = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(friendInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(friendInvitations.id, invitation.id), isNull(friendInvitations.acceptedAt)))
      .returning({ id: friendInvitations.id });
    if (!used) throw new AppError(410, 'GONE', messages.friendInvitationUsed);
    const [created] = await tx
      .insert(friendships)
      .values(friendPair(inviter.id, parent.id))
      .onConflictDoNothing()
      .returning({ id: friendships.id });
    if (!created) throw conflict(messages.friendAlreadyFriends);
    await tx
      .delete(friendInvitations)
      .where(
        and(
          isNull(friendInvitations.acceptedAt),
          or(
            and(
              eq(friendInvitations.inviterId, inviter.id),
              sameAddress(friendInvitations.email, parent.email),
            ),
            and(
              eq(friendInvitations.inviterId, parent.id),
              sameAddress(friendInvitations.email, inviter.email),
            ),
          ),
        ),
      );
    await queueMail(
      tx,
      friendAcceptedMail(inviter.email, inviter.firstName, parent, `${publicUrl}/camper/friends`),
    );
    return created.id;
  });
  return await readFriend(db, parentId, friendshipId);
}
