import { createHash, randomBytes } from 'node:crypto';
import { isNewEmail, type UserData, type UserType } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailChangeRequests, passwordResetTokens, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { assertStrongPassword, isUniqueViolation, userByEmail } from '../auth/index.ts';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  queueMail,
} from '../mail/index.ts';

const userDataColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  userType: users.userType,
};

/** The address a user asked to sign in with, while its link is unused and unexpired. */
function pendingEmailOf(db: Database, userId: number, now: Date = new Date()) {
  return db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, userId),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChangeRequests.id))
    .limit(1);
}

export async function getUserData(db: Database, userId: number): Promise<UserData> {
  const [user] = await db.select(userDataColumns).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const [pending] = await pendingEmailOf(db, userId);
  return { ...user, pendingEmail: pending?.newEmail ?? null };
}

export interface AccountDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** Needed when the e-mail changes. */
  currentPassword?: string | undefined;
}

/** What e-mails about the account need: links point at the site, help at the support address. */
export interface AccountMailContext {
  publicUrl: string;
  supportEmail: string;
}

const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether another account of the same type signs in with this address. */
async function emailHeldByOther(db: Database, userType: UserType, email: string, userId: number) {
  const [holder] = await userByEmail(db, userType, email);
  return holder !== undefined && holder.id !== userId;
}

/**
 * Updates a user's details. Names and phone change at once, as does the letter case of the
 * e-mail. A new sign-in e-mail needs the current password and is only asked for: a single-use
 * link goes to the new address, the old one is told, and the address switches when the link
 * is opened (confirmEmailChange). Until then the old address keeps signing in.
 */
export async function updateAccount(
  db: Database,
  mail: AccountMailContext,
  userId: number,
  details: AccountDetails,
): Promise<{ userData: UserData }> {
  const { currentPassword, ...fields } = details;
  const current = await getUserData(db, userId);
  const emailChanged = isNewEmail(current.email, fields.email);
  if (emailChanged) {
    if (currentPassword === undefined) {
      throw badRequest(messages.emailChangePasswordRequired, {
        currentPassword: messages.emailChangePasswordRequired,
      });
    }
    if (!(await checkPassword(db, userId, currentPassword))) {
      throw badRequest(messages.currentPasswordIncorrect, {
        currentPassword: messages.currentPasswordIncorrect,
      });
    }
    if (await emailHeldByOther(db, current.userType, fields.email, userId)) {
      throw conflict(messages.emailTaken);
    }
  }
  try {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ ...fields, email: emailChanged ? current.email : fields.email, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!updated) throw notFound();
      if (!emailChanged) return;
      await revokeEmailChanges(tx, userId);
      const token = randomBytes(32).toString('base64url');
      await tx.insert(emailChangeRequests).values({
        userId,
        newEmail: fields.email,
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_MS),
      });
      const link = `${mail.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      await queueMail(tx, emailChangeConfirmMail(fields.email, fields.firstName, link));
      await queueMail(
        tx,
        emailChangeRequestedMail(current.email, fields.firstName, fields.email, mail.supportEmail),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken);
    throw error;
  }
  return { userData: await getUserData(db, userId) };
}

/** Reset links sent before a password or e-mail change must not work afterwards. */
async function revokeResetLinks(db: Database, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Links of e-mail changes not yet confirmed stop working (a newer request, a password change). */
export async function revokeEmailChanges(db: Database, userId: number): Promise<void> {
  await db
    .update(emailChangeRequests)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
}

/**
 * Opens an e-mail change link, once: the account's sign-in address becomes the new one, every
 * session and reset link ends (the token version moves on), and the old address is told, with
 * where to get help. Answers the new address and whose account it is, for the login that follows.
 */
export async function confirmEmailChange(
  db: Database,
  mail: AccountMailContext,
  token: string,
): Promise<{ email: string; userType: UserType }> {
  const invalid = () =>
    badRequest(messages.emailChangeLinkInvalid, { token: messages.emailChangeLinkInvalid });
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .select({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail })
        .from(emailChangeRequests)
        .where(
          and(
            eq(emailChangeRequests.tokenHash, hashLinkToken(token)),
            isNull(emailChangeRequests.usedAt),
            gt(emailChangeRequests.expiresAt, new Date()),
          ),
        )
        .for('update');
      if (!request) throw invalid();
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName, userType: users.userType })
        .from(users)
        .where(eq(users.id, request.userId))
        .for('update');
      if (!user) throw invalid();
      if (await emailHeldByOther(tx, user.userType, request.newEmail, request.userId)) {
        throw conflict(messages.emailTaken);
      }
      await tx
        .update(users)
        .set({
          email: request.newEmail,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, request.userId));
      await revokeEmailChanges(tx, request.userId);
      await revokeResetLinks(tx, request.userId);
      await queueMail(tx, emailChangedMail(user.email, user.firstName, request.newEmail, mail.supportEmail));
      return { email: request.newEmail, userType: user.userType };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken);
    throw error;
  }
}

/** A fresh token for the signed-in user, who must name their own current address. */
export async function regenerateToken(
  db: Database,
  tokens: TokenService,
  userId: number,
  email: string,
): Promise<string> {
  const [user] = await db
    .select({ email: users.email, userType: users.userType, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.email.toLowerCase() !== email.toLowerCase()) {
    throw badRequest(messages.invalidEmail, { email: messages.invalidEmail });
  }
  return tokens.sign({ userId, userType: user.userType, tokenVersion: user.tokenVersion });
}

export async function checkPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user ? verifyPassword(user.passwordHash, password) : false;
}

/**
 * Changes the password after checking the current one; every other session is revoked and
 * this device gets a fresh token.
 */
export async function changePassword(
  db: Database,
  tokens: TokenService,
  userId: number,
  currentPassword: string,
  newPassword: string,
): Promise<string> {
  if (!(await checkPassword(db, userId, currentPassword))) {
    throw badRequest(messages.currentPasswordIncorrect, {
      currentPassword: messages.currentPasswordIncorrect,
    });
  }
  assertStrongPassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const updated = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({
        userType: users.userType,
        tokenVersion: users.tokenVersion,
        email: users.email,
        firstName: users.firstName,
      });
    if (!user) throw notFound();
    await revokeResetLinks(tx, userId);
    await revokeEmailChanges(tx, userId);
    await queueMail(tx, passwordChangedMail(user.email, user.firstName));
    return user;
  });
  return tokens.sign({ userId, userType: updated.userType, tokenVersion: updated.tokenVersion });
}
