import { randomBytes, randomInt } from 'node:crypto';
import type { UserType } from '@campwise/contract/accounts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { mailOutbox, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/passwords.ts';

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

/** Logs in and answers the token, failing the test when the login does not succeed. */
export async function logInToken(
  app: FastifyInstance,
  userType: UserType,
  email: string,
  password: string,
): Promise<string> {
  const res = await logIn(app, userType, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return tokenOf(res);
}

/** Administrators cannot sign up through the API, so one is written straight into the database. */
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
