import { randomBytes } from 'node:crypto';
import type { UserType } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import {
  AUTHENTICATOR_CODE_PATTERN,
  type AuthenticatorSetup,
  type LoginAnswer,
  RECOVERY_CODE_COUNT,
  type TwoFactorStatus,
} from '@campwise/contract/two-factor';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets, users } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { LoginTicket, LoginTicketService } from '../../platform/login-tickets.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { base32Encode, generateTotpSecret, matchingTotpStep, otpauthUri } from '../../platform/totp.ts';
import { holdsRightAnywhere } from '../access/index.ts';

/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = 'Campwise';

/** What the two-factor calls need besides the database. */
export interface TwoFactorDeps {
  db: Database;
  secretBox: SecretBox;
}

/** Ten codes like `k7p2q-x4m9t`: 50 random bits each, far beyond guessing within the limits. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/**
 * Replaces all of a user's recovery codes with ten new ones, stored as keyed digests (50 bits
 * are too few to survive offline guessing against a plain hash); answers them, to show once.
 * Call it in a transaction.
 */
async function replaceRecoveryCodes(tx: Database, secretBox: SecretBox, userId: number): Promise<string[]> {
  const recoveryCodes = generateRecoveryCodes();
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(recoveryCodes.map((recovery) => ({ userId, codeHash: secretBox.digest(recovery) })));
  return recoveryCodes;
}

/** The secret in groups of four, easier to type into an app than to read as one word. */
const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

async function secretRow(db: Database, userId: number) {
  const [row] = await db
    .select({
      secretSealed: twoFactorSecrets.secretSealed,
      confirmedAt: twoFactorSecrets.confirmedAt,
    })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId));
  return row ?? null;
}

export async function isTwoFactorEnabled(db: Database, userId: number): Promise<boolean> {
  const row = await secretRow(db, userId);
  return Boolean(row?.confirmedAt);
}

/**
 * What a correct password leads to: null (sign in now), a ticket for the code step when an
 * authenticator is set up, or, for an administrator without one, a ticket to set one up.
 */
export async function secondFactorStep(
  db: Database,
  tickets: LoginTicketService,
  user: { id: number; userType: UserType; tokenVersion: number },
): Promise<LoginAnswer | null> {
  const enabled = await isTwoFactorEnabled(db, user.id);
  if (!enabled && user.userType !== 'admin') return null;
  const purpose = enabled ? 'code' : 'enrol';
  const ticket = await tickets.sign({
    userId: user.id,
    userType: user.userType,
    tokenVersion: user.tokenVersion,
    purpose,
  });
  return { secondFactor: purpose, ticket };
}

export const signInExpired = () => new AppError(401, 'SIGN_IN_EXPIRED', messages.twoFactorSignInExpired);

/**
 * A ticket that is ours, unexpired, for this step, and still matches the account: a password
 * change since (a new token version) or a finished enrolment makes it worthless.
 */
export async function readTicket(
  db: Database,
  tickets: LoginTicketService,
  ticket: string,
  purpose: LoginTicket['purpose'],
): Promise<LoginTicket> {
  const claims = await tickets.verify(ticket, purpose);
  if (!claims) throw signInExpired();
  const [user] = await db
    .select({ userType: users.userType, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!user || user.userType !== claims.userType || user.tokenVersion !== claims.tokenVersion) {
    throw signInExpired();
  }
  const enabled = await isTwoFactorEnabled(db, claims.userId);
  if (enabled !== (purpose === 'code')) throw signInExpired();
  return claims;
}

/**
 * Starts setting up an authenticator: a new secret, pending until a code confirms it (a
 * setup started earlier and never finished is replaced).
 */
export async function beginSetup(
  { db, secretBox }: TwoFactorDeps,
  userId: number,
): Promise<AuthenticatorSetup> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (await isTwoFactorEnabled(db, userId)) throw conflict(messages.twoFactorAlreadyOn);
  const secret = generateTotpSecret();
  const secretSealed = secretBox.seal(secret);
  await db
    .insert(twoFactorSecrets)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretSealed, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    });
  const uri = otpauthUri(secret, TOTP_ISSUER, user.email);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: groupedSecret(secret), otpauthUri: uri, qrSvg };
}

/**
 * Starts a setup from account settings. The password comes first: a stolen session alone must
 * not put its own authenticator on the account and lock the owner out.
 */
export async function beginSetupWithPassword(
  deps: TwoFactorDeps,
  userId: number,
  password: string,
): Promise<AuthenticatorSetup> {
  await assertPassword(deps.db, userId, password);
  return beginSetup(deps, userId);
}

const codeRefused = () => badRequest(messages.twoFactorCodeInvalid, { code: messages.twoFactorCodeInvalid });

/**
 * Confirms a pending setup with a first code: two-factor sign-in is on from now, and the
 * recovery codes, answered this once, replace any earlier ones.
 */
export async function confirmSetup(
  { db, secretBox }: TwoFactorDeps,
  userId: number,
  code: string,
  now: Date = new Date(),
): Promise<string[]> {
  const row = await secretRow(db, userId);
  if (row?.confirmedAt) throw conflict(messages.twoFactorAlreadyOn);
  const secret = row ? secretBox.open(row.secretSealed) : null;
  if (!row || !secret) throw conflict(messages.twoFactorSetupMissing);
  const step = matchingTotpStep(secret, code, now);
  if (step === null) throw codeRefused();
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(twoFactorSecrets)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          eq(twoFactorSecrets.secretSealed, row.secretSealed),
          isNull(twoFactorSecrets.confirmedAt),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    // Another tab finished first, or started over with a new secret.
    if (!confirmed) throw conflict(messages.twoFactorSetupMissing);
    return replaceRecoveryCodes(tx, secretBox, userId);
  });
}

/**
 * Checks a second factor and uses it up: an authenticator code only for a step after the last
 * one accepted (so a code seen once cannot be replayed), a recovery code only once. Each use
 * is one conditional update, so two requests racing with one code cannot both succeed.
 */
export async function useSecondFactor(
  { db, secretBox }: TwoFactorDeps,
  userId: number,
  code: string,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await secretRow(db, userId);
  if (!row?.confirmedAt) return false;
  if (AUTHENTICATOR_CODE_PATTERN.test(code)) {
    const secret = secretBox.open(row.secretSealed);
    const step = secret ? matchingTotpStep(secret, code, now) : null;
    if (step === null) return false;
    const used = await db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          isNotNull(twoFactorSecrets.confirmedAt),
          or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return used.length === 1;
  }
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, secretBox.digest(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length === 1;
}

/** The code step of a login: a good code exchanges the ticket for a session token. */
export async function completeSignIn(
  deps: TwoFactorDeps,
  tokens: TokenService,
  ticket: LoginTicket,
  code: string,
): Promise<string> {
  if (!(await useSecondFactor(deps, ticket.userId, code))) {
    throw new AppError(401, 'INVALID_CODE', messages.twoFactorCodeInvalid);
  }
  return tokens.sign({ userId: ticket.userId, userType: ticket.userType, tokenVersion: ticket.tokenVersion });
}

/** An administrator's first sign-in: confirming the new authenticator also signs them in. */
export async function completeEnrolment(
  deps: TwoFactorDeps,
  tokens: TokenService,
  ticket: LoginTicket,
  code: string,
): Promise<{ token: string; recoveryCodes: string[] }> {
  const recoveryCodes = await confirmSetup(deps, ticket.userId, code);
  const token = await tokens.sign({
    userId: ticket.userId,
    userType: ticket.userType,
    tokenVersion: ticket.tokenVersion,
  });
  return { token, recoveryCodes };
}

export async function twoFactorStatus(
  db: Database,
  user: { id: number; userType: UserType },
): Promise<TwoFactorStatus> {
  const [left] = await db
    .select({ count: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
  const enabled = await isTwoFactorEnabled(db, user.id);
  // Health details are the right only owners and managers hold besides money (decision 057).
  const asked = !enabled && user.userType === 'host' && (await holdsRightAnywhere(db, user.id, 'health'));
  return {
    enabled,
    required: user.userType === 'admin',
    asked,
    recoveryCodesLeft: enabled ? (left?.count ?? 0) : 0,
  };
}

/** The password of a signed-in user, or a 400 naming the field. */
export async function assertPassword(db: Database, userId: number, password: string): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(messages.passwordIncorrect, { password: messages.passwordIncorrect });
  }
}

/** When two-factor sign-in is on, a serious change needs a code too (authenticator or recovery). */
export async function assertSecondFactor(
  deps: TwoFactorDeps,
  userId: number,
  code: string | undefined,
): Promise<void> {
  if (!(await isTwoFactorEnabled(deps.db, userId))) return;
  if (!code) throw badRequest(messages.twoFactorCodeRequired, { code: messages.twoFactorCodeRequired });
  if (!(await useSecondFactor(deps, userId, code))) throw codeRefused();
}

/** Turns two-factor sign-in off with the password and a code; administrators must keep it. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  user: { id: number; userType: UserType },
  password: string,
  code: string,
): Promise<void> {
  if (user.userType === 'admin') throw forbidden(messages.twoFactorRequiredForAdmins);
  if (!(await isTwoFactorEnabled(deps.db, user.id))) throw conflict(messages.twoFactorNotOn);
  await assertPassword(deps.db, user.id, password);
  await assertSecondFactor(deps, user.id, code);
  await deps.db.transaction(async (tx) => {
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
  });
}

/**
 * New recovery codes for old (lost, seen, or nearly used up), with the password and a code:
 * every earlier one stops working, and the new ten are answered this once.
 */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  userId: number,
  password: string,
  code: string,
): Promise<string[]> {
  if (!(await isTwoFactorEnabled(deps.db, userId))) throw conflict(messages.twoFactorNotOn);
  await assertPassword(deps.db, userId, password);
  await assertSecondFactor(deps, userId, code);
  return deps.db.transaction(async (tx) => {
    // Holding the authenticator's row makes a second renewal (or turning it off) wait for this
    // one, so exactly one set of codes is left.
    const [secret] = await tx
      .select({ userId: twoFactorSecrets.userId })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.confirmedAt)))
      .for('update');
    if (!secret) throw conflict(messages.twoFactorNotOn);
    return replaceRecoveryCodes(tx, deps.secretBox, userId);
  });
}

/**
 * Sets an administrator's authenticator secret directly (the admin CLI), already confirmed:
 * for operators who provision the secret themselves. Recovery codes are answered once.
 */
export async function provisionSecret(
  { db, secretBox }: TwoFactorDeps,
  userId: number,
  secret: string,
  now: Date = new Date(),
): Promise<string[]> {
  const secretSealed = secretBox.seal(secret);
  return db.transaction(async (tx) => {
    await tx
      .insert(twoFactorSecrets)
      .values({ userId, secretSealed, confirmedAt: now })
      .onConflictDoUpdate({
        target: twoFactorSecrets.userId,
        set: { secretSealed, confirmedAt: now, lastUsedStep: null },
      });
    return replaceRecoveryCodes(tx, secretBox, userId);
  });
}

/** Removes a user's authenticator and recovery codes (the admin CLI's reset; account deletion). */
export async function removeTwoFactor(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  });
}
