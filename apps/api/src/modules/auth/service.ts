import { createHash, randomBytes } from 'node:crypto';
import type { UserType } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import type { LoginAnswer } from '@campwise/contract/two-factor';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailChangeRequests, passwordResetTokens, users } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import type { LoginTicketService } from '../../platform/login-tickets.ts';
import {
  hashPassword,
  isCommonPassword,
  verifyAgainstNothing,
  verifyPassword,
} from '../../platform/passwords.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { passwordChangedMail, passwordResetMail, queueMail, welcomeMail } from '../mail/index.ts';
import { secondFactorStep } from '../two-factor/index.ts';

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  password: string;
}

/** Refuses a password from the common-password list, naming the field. */
export function assertStrongPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password))
    throw badRequest(messages.passwordTooCommon, { [field]: messages.passwordTooCommon });
}

export function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some(
    (e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505',
  );
}

/** The user of a type with this address, compared case-insensitively. */
export function userByEmail(db: Database, userType: UserType, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.userType, userType), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
}

export async function registerUser(
  db: Database,
  tokens: TokenService,
  userType: UserType,
  input: NewUser,
  dashboardUrl: string,
): Promise<string> {
  assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          userType,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          passwordHash,
        })
        .returning({ id: users.id, tokenVersion: users.tokenVersion });
      if (!created) throw new Error('insert returned no row');
      await queueMail(tx, welcomeMail(input.email, input.firstName, dashboardUrl));
      return created;
    });
    return tokens.sign({ userId: user.id, userType, tokenVersion: user.tokenVersion });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken);
    throw error;
  }
}

/**
 * Checks the password. Answers a session token, or, when the account has two-factor sign-in
 * (administrators always), a ticket for the second step instead.
 */
export async function logIn(
  db: Database,
  tokens: TokenService,
  tickets: LoginTicketService,
  userType: UserType,
  email: string,
  password: string,
): Promise<LoginAnswer> {
  const [user] = await userByEmail(db, userType, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstNothing(password);
  if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', messages.loginFailed);
  const secondStep = await secondFactorStep(db, tickets, { ...user, userType });
  if (secondStep) return secondStep;
  return { token: await tokens.sign({ userId: user.id, userType, tokenVersion: user.tokenVersion }) };
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a reset link when the address is on file. Answers the same either way, so the call
 * cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  db: Database,
  userType: UserType,
  email: string,
  publicUrl: string,
): Promise<void> {
  const [user] = await userByEmail(db, userType, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
    });
    const link = `${publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
    await queueMail(tx, passwordResetMail(user.email, user.firstName, link));
  });
}

/**
 * Uses a reset token once: sets the password, revokes every session and every other link.
 * Answers whose password it was, so the page can point to the right login.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<UserType> {
  assertStrongPassword(password);
  const valid = and(
    eq(passwordResetTokens.tokenHash, hashResetToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );
  // Checked before the (deliberately slow) hash, so bad links cost nothing; checked again under lock.
  const [known] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(valid);
  if (!known) throw badRequest(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(valid)
      .for('update');
    if (!row) throw badRequest(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning({ email: users.email, firstName: users.firstName, userType: users.userType });
    if (!user) throw badRequest(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    // A change of sign-in e-mail asked for before the reset (perhaps by whoever had the password) ends.
    await tx
      .update(emailChangeRequests)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChangeRequests.userId, row.userId), isNull(emailChangeRequests.usedAt)));
    await queueMail(tx, passwordChangedMail(user.email, user.firstName));
    return user.userType;
  });
}
