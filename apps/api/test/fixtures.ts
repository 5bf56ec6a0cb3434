import { randomBytes, randomInt } from 'node:crypto';
import type { UserType } from '@campwise/contract/accounts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { mailOutbox, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { secretOfOtpauthUri, totpCode, totpStep } from '../src/platform/totp.ts';

/** A fixed signing secret, so tests can forge and inspect tokens. */
export const JWT_SECRET = 'campwise-test-secret-0123456789abcdef0123456789';

/** Long and not on the common-password list. */
export const STRONG_PASSWORD = 'Granite-Canoe-Lantern-42';

export interface ErrorReply {
  statusCode: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  userType: UserType;
}

/**
 * An address no other test or earlier run uses, so counts kept in Redis never collide.
 * The label stays readable in failures; only lower case, so tests can vary the case themselves.
 */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(6).toString('hex')}@example.com`;
}

/**
 * A random loopback client address for `inject`, so a test's requests count against a fresh
 * per-IP limit, also when the counts live in Redis and outlast the run.
 */
export function uniqueRemoteAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface RegisterOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

/** The token of a `{ data: { token } }` answer, failing the test for any other shape. */
export function tokenOf(res: LightMyRequestResponse): string {
  const body = res.json<{ data?: { token?: unknown } }>();
  expect(body).toEqual({ data: { token: expect.any(String) } });
  const token = body.data?.token;
  if (typeof token !== 'string') throw new Error(`no token in ${res.body}`);
  return token;
}

async function register(
  app: FastifyInstance,
  userType: 'host' | 'camper',
  options: RegisterOptions,
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(userType);
  const password = options.password ?? STRONG_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: userType === 'host' ? '/auth/register' : '/camper/auth/register',
    remoteAddress: uniqueRemoteAddress(),
    payload: {
      firstName: options.firstName ?? 'Robin',
      lastName: options.lastName ?? 'Meadows',
      email,
      phone: options.phone === undefined ? '312-555-0142' : options.phone,
      password,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = tokenOf(res);
  const me = await app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
  expect(me.statusCode, me.body).toBe(200);
  const { id } = me.json<{ data: { userData: { id: number } } }>().data.userData;
  return { id, email: email.trim(), password, token, userType };
}

/** Registers a host through the API; phone defaults to a valid number. */
export function registerHost(app: FastifyInstance, options: RegisterOptions = {}): Promise<TestUser> {
  return register(app, 'host', options);
}

/** Registers a camper (parent) through the API. */
export function registerCamper(app: FastifyInstance, options: RegisterOptions = {}): Promise<TestUser> {
  return register(app, 'camper', options);
}

/** Logs in through the API; answers the raw response so tests can check failures too. */
export function logIn(app: FastifyInstance, userType: UserType, email: string, password: string) {
  const url = { host: '/auth/login', camper: '/camper/auth/login', admin: '/admin/auth/login' }[userType];
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: uniqueRemoteAddress(),
    payload: { email, password },
  });
}

/** An authenticator app the tests hold for an account: its secret and unused recovery codes. */
interface TestAuthenticator {
  secret: string;
  recoveryCodes: string[];
  /** The last step a code was sent for: the server refuses a step twice. */
  lastStep: number;
}

/** The authenticators of the accounts these tests enrolled, by lower-case e-mail address. */
const authenticators = new Map<string, TestAuthenticator>();

/**
 * A second factor the server has not seen for this authenticator: the code of this step or of
 * the next (both accepted), or else one of the recovery codes.
 */
export function nextSecondFactor(authenticator: TestAuthenticator): string {
  const step = Math.max(totpStep(), authenticator.lastStep + 1);
  if (step <= totpStep() + 1) {
    authenticator.lastStep = step;
    return totpCode(authenticator.secret, step);
  }
  const recovery = authenticator.recoveryCodes.shift();
  if (!recovery) throw new Error('the test authenticator has no codes left');
  return recovery;
}

const postJson = (app: FastifyInstance, url: string, payload: Record<string, string>) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: uniqueRemoteAddress() });

/**
 * Sets up an authenticator with an enrolment ticket (an administrator's first sign-in), as a
 * person would with the QR code; answers the session token.
 */
export async function enrolWithTicket(app: FastifyInstance, email: string, ticket: string): Promise<string> {
  const setup = await postJson(app, '/api/auth/two-factor/enrolment', { ticket });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = secretOfOtpauthUri(setup.json<{ data: { otpauthUri: string } }>().data.otpauthUri);
  if (!secret) throw new Error(`no secret in ${setup.body}`);
  const authenticator: TestAuthenticator = { secret, recoveryCodes: [], lastStep: 0 };
  const confirm = await postJson(app, '/api/auth/two-factor/enrolment/confirm', {
    ticket,
    code: nextSecondFactor(authenticator),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { token, recoveryCodes } = confirm.json<{ data: { token: string; recoveryCodes: string[] } }>().data;
  authenticators.set(email.trim().toLowerCase(), { ...authenticator, recoveryCodes });
  return token;
}

/**
 * Logs in and answers the token, failing the test when the login does not succeed. Accounts
 * with two-factor sign-in get their second step from the authenticator these tests hold, and
 * an administrator's first login sets one up.
 */
export async function logInToken(
  app: FastifyInstance,
  userType: UserType,
  email: string,
  password: string,
): Promise<string> {
  const res = await logIn(app, userType, email, password);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ data: { token?: string; secondFactor?: 'code' | 'enrol'; ticket?: string } }>();
  const { secondFactor, ticket } = answer.data;
  if (!secondFactor || !ticket) return tokenOf(res);
  if (secondFactor === 'enrol') return enrolWithTicket(app, email, ticket);
  const authenticator = authenticators.get(email.trim().toLowerCase());
  if (!authenticator) throw new Error(`the tests hold no authenticator for ${email}`);
  const second = await postJson(app, '/api/auth/two-factor', {
    ticket,
    code: nextSecondFactor(authenticator),
  });
  expect(second.statusCode, second.body).toBe(200);
  return tokenOf(second);
}

/**
 * Administrators cannot sign up through the API, so one is written straight into the database;
 * the first login sets up its authenticator.
 */
export async function createAdmin(app: FastifyInstance, db: Database): Promise<TestUser> {
  const email = uniqueEmail('admin');
  const password = STRONG_PASSWORD;
  const [row] = await db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
      email,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('admin insert returned no row');
  const token = await logInToken(app, 'admin', email, password);
  return { id: row.id, email, password, token, userType: 'admin' };
}

/** GET /me with a token; handy to prove a token works or is refused. */
export function getMe(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
}

/** The exact answer for a missing, invalid, expired or revoked token. */
export const unauthenticatedReply = {
  statusCode: 401,
  code: 'UNAUTHENTICATED',
  message: 'Failed to authenticate token.',
};

/** Every message queued to an address (case-insensitive), oldest first. */
export function mailTo(db: Database, address: string, subject?: string) {
  const toAddress = sql`lower(${mailOutbox.toAddress}) = lower(${address})`;
  return db
    .select()
    .from(mailOutbox)
    .where(subject === undefined ? toAddress : and(toAddress, eq(mailOutbox.subject, subject)))
    .orderBy(asc(mailOutbox.id));
}

/** The reset link of a password-reset mail's text. */
export function resetLinkIn(text: string): URL {
  const match = /(\S+\/resetpassword\?token=\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in the mail text:\n${text}`);
  return new URL(match[1]);
}
