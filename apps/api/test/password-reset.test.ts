import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../src/db/schema.ts';
import {
  type ErrorReply,
  getMe,
  JWT_SECRET,
  logIn,
  logInToken,
  mailTo,
  registerCamper,
  registerHost,
  resetLinkIn,
  type TestUser,
  unauthenticatedReply,
  uniqueEmail,
  uniqueRemoteAddress,
} from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const PUBLIC_URL = 'https://camps.example.test';
const RESET_SUBJECT = 'Reset your Campwise password';
const CHANGED_SUBJECT = 'Your Campwise password was changed';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ JWT_SECRET, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
});

const requestReset = (userType: 'host' | 'camper', email: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${userType}/requestpasswordreset`,
    remoteAddress: uniqueRemoteAddress(),
    payload: { email },
  });

const resetPassword = (token: unknown, password: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/resetpassword',
    remoteAddress: uniqueRemoteAddress(),
    payload: { token, password },
  });

/** Asks for a link and answers the token from the newest reset mail to that user. */
async function resetTokenFor(user: TestUser): Promise<string> {
  const res = await requestReset(user.userType === 'camper' ? 'camper' : 'host', user.email);
  expect(res.statusCode).toBe(200);
  const mail = await mailTo(t.db, user.email, RESET_SUBJECT);
  const latest = mail.at(-1);
  if (!latest) throw new Error(`no reset mail to ${user.email}`);
  const token = resetLinkIn(latest.textBody).searchParams.get('token');
  if (!token) throw new Error('the reset link has no token');
  return token;
}

const invalidLinkReply = {
  statusCode: 400,
  code: 'BAD_REQUEST',
  message: messages.resetTokenInvalid,
  fields: { token: messages.resetTokenInvalid },
};

describe('asking for a reset link', () => {
  let host: TestUser;
  let camper: TestUser;

  beforeAll(async () => {
    host = await registerHost(t.app, { firstName: 'Harper' });
    camper = await registerCamper(t.app);
  });

  it('answers the same whether or not the address is on file', async () => {
    const known = await requestReset('host', host.email);
    const unknown = await requestReset('host', uniqueEmail('nobody'));
    const wrongType = await requestReset('host', camper.email);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: { requested: true } });
    for (const other of [unknown, wrongType]) {
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(known.body);
    }
  });

  it('mails a link on the public address to a known user, and nothing otherwise', async () => {
    const nobody = uniqueEmail('nobody');
    const before = await mailTo(t.db, host.email, RESET_SUBJECT);
    await requestReset('host', `  ${host.email.toUpperCase()} `);
    await requestReset('host', nobody);

    const after = await mailTo(t.db, host.email, RESET_SUBJECT);
    expect(after).toHaveLength(before.length + 1);
    const mail = after.at(-1);
    expect(mail?.toAddress).toBe(host.email);
    expect(mail?.textBody).toContain('Hi Harper,');
    const link = resetLinkIn(mail?.textBody ?? '');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/resetpassword');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{32,128}$/);
    expect(mail?.htmlBody).toContain(`${PUBLIC_URL}/resetpassword?token=`);

    expect(await mailTo(t.db, nobody)).toEqual([]);
  });

  it('mails only accounts of the type asked for', async () => {
    const camperOnly = await registerCamper(t.app);
    await requestReset('host', camperOnly.email);
    expect(await mailTo(t.db, camperOnly.email, RESET_SUBJECT)).toEqual([]);
    await requestReset('camper', camperOnly.email);
    expect(await mailTo(t.db, camperOnly.email, RESET_SUBJECT)).toHaveLength(1);
  });

  it('stores only a hash of the token', async () => {
    const token = await resetTokenFor(camper);
    const rows = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, camper.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenHash).not.toContain(token);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await requestReset('camper', 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorReply>()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: messages.invalidEmail,
    });
  });
});

describe('using a reset link', () => {
  it('sets the new password once, revokes older tokens and answers the user type', async () => {
    const host = await registerHost(t.app);
    const otherSession = await logInToken(t.app, 'host', host.email, host.password);
    const token = await resetTokenFor(host);
    const newPassword = 'Reset-Trail-Mix-2031';

    const res = await resetPassword(token, newPassword);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { reset: true, userType: 'host' } });

    for (const old of [host.token, otherSession]) {
      const me = await getMe(t.app, old);
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual(unauthenticatedReply);
    }
    const fresh = await logInToken(t.app, 'host', host.email, newPassword);
    expect((await getMe(t.app, fresh)).statusCode).toBe(200);
    expect((await logIn(t.app, 'host', host.email, host.password)).statusCode).toBe(401);
    expect(await mailTo(t.db, host.email, CHANGED_SUBJECT)).toHaveLength(1);

    const again = await resetPassword(token, 'Another-Fresh-Pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLinkReply);
    await logInToken(t.app, 'host', host.email, newPassword);
  });

  it('answers camper for a camper account', async () => {
    const camper = await registerCamper(t.app);
    const res = await resetPassword(await resetTokenFor(camper), 'Camper-Reset-Pass-42');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { reset: true, userType: 'camper' } });
    await logInToken(t.app, 'camper', camper.email, 'Camper-Reset-Pass-42');
  });

  it('refuses an expired link', async () => {
    const host = await registerHost(t.app);
    const token = await resetTokenFor(host);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, host.id));
    const res = await resetPassword(token, 'Reset-Trail-Mix-2031');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidLinkReply);
    // The account was left alone.
    expect((await getMe(t.app, host.token)).statusCode).toBe(200);
  });

  it('refuses malformed and unknown tokens', async () => {
    for (const token of ['', 'short', 'has spaces in it and is long enough to pass!!', null, 42, ['x']]) {
      const res = await resetPassword(token, 'Reset-Trail-Mix-2031');
      expect(res.statusCode, JSON.stringify(token)).toBe(400);
      expect(res.json<ErrorReply>()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: messages.resetTokenInvalid,
        fields: { token: messages.resetTokenInvalid },
      });
    }
    const unknown = await resetPassword('A'.repeat(43), 'Reset-Trail-Mix-2031');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalidLinkReply);
  });

  it('refuses a weak new password without using up the link', async () => {
    const camper = await registerCamper(t.app);
    const token = await resetTokenFor(camper);
    const common = await resetPassword(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json<ErrorReply>()).toMatchObject({ message: messages.passwordTooCommon });
    const short = await resetPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorReply>()).toMatchObject({ message: messages.passwordTooShort });

    expect((await resetPassword(token, 'Camper-Reset-Pass-42')).statusCode).toBe(200);
  });

  it('makes every other link of the user invalid once one is used', async () => {
    const host = await registerHost(t.app);
    const first = await resetTokenFor(host);
    const second = await resetTokenFor(host);
    expect(second).not.toBe(first);

    expect((await resetPassword(second, 'Second-Link-Pass-11')).statusCode).toBe(200);
    const stale = await resetPassword(first, 'First-Link-Pass-22');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual(invalidLinkReply);
    await logInToken(t.app, 'host', host.email, 'Second-Link-Pass-11');
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const camper = await registerCamper(t.app);
    const token = await resetTokenFor(camper);
    const results = await Promise.all([
      resetPassword(token, 'Racing-Reset-Pass-01'),
      resetPassword(token, 'Racing-Reset-Pass-02'),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const winner = results.findIndex((res) => res.statusCode === 200);
    await logInToken(t.app, 'camper', camper.email, `Racing-Reset-Pass-0${winner + 1}`);
    expect(await mailTo(t.db, camper.email, CHANGED_SUBJECT)).toHaveLength(1);
  });

  it("does not touch another user's links", async () => {
    const a = await registerCamper(t.app);
    const b = await registerCamper(t.app);
    const tokenA = await resetTokenFor(a);
    const tokenB = await resetTokenFor(b);
    expect((await resetPassword(tokenA, 'Alpha-Reset-Pass-31')).statusCode).toBe(200);
    expect((await resetPassword(tokenB, 'Bravo-Reset-Pass-32')).statusCode).toBe(200);
  });
});
