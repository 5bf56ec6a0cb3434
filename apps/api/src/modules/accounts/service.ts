import type { UserData } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { assertStrongPassword, isUniqueViolation } from '../auth/service.ts';
import { queueMail } from '../mail/service.ts';
import { passwordChangedMail } from '../mail/templates.ts';

const userDataColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  userType: users.userType,
};

export async function getUserData(db: Database, userId: number): Promise<UserData> {
  const [user] = await db.select(userDataColumns).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

export interface AccountDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/**
 * Updates a user's details. A changed e-mail bumps the token version (older tokens stop
 * working) and answers a fresh token for this device.
 */
export async function updateAccount(
  db: Database,
  tokens: TokenService,
  userId: number,
  details: AccountDetails,
): Promise<{ userData: UserData; token: string | null }> {
  const current = await getUserData(db, userId);
  const emailChanged = current.email.toLowerCase() !== details.email.toLowerCase();
  try {
    const [updated] = await db
      .update(users)
      .set({
        ...details,
        updatedAt: new Date(),
        ...(emailChanged ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, userId))
      .returning({ ...userDataColumns, tokenVersion: users.tokenVersion });
    if (!updated) throw notFound();
    if (emailChanged) await revokeResetLinks(db, userId);
    const { tokenVersion, ...userData } = updated;
    const token = emailChanged
      ? await tokens.sign({ userId, userType: userData.userType, tokenVersion })
      : null;
    return { userData, token };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken);
    throw error;
  }
}

/** Reset links sent before a password or e-mail change must not work afterwards. */
async function revokeResetLinks(db: Database, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
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
    await queueMail(tx, passwordChangedMail(user.email, user.firstName));
    return user;
  });
  return tokens.sign({ userId, userType: updated.userType, tokenVersion: updated.tokenVersion });
}
