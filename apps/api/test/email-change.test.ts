import type { UserData } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeRequests } from '../src/db/schema.ts';
import {
  bearer,
  type ErrorReply,
  getMe,
  JWT_SECRET,
  logIn,
  logInToken,
  mailTo,
  registerCamper,
  registerHost,
  resetLinkIn,
  STRONG_PASSWORD,
  type TestUser,
  unauthenticatedReply,
  uniqueEmail,
  uniqueRemoteAddress,
} from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const SUPPORT_EMAIL = 'help@campwise.example';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ JWT_SECRET, PUBLIC_URL, SUPPORT_EMAIL });
});
afterAll(async () => {
  await t.close();
});

const CONFIRM_SUBJECT = 'Confirm your new Campwise sign-in email';
const REQUESTED_SUBJECT = 'Your Campwise sign-in email is about to change';
const CHANGED_SUBJECT = 'Your Campwise sign-in email was changed';

const details = (user: TestUser, changes: Record<string, unknown> = {}) => ({
  firstName: 'Robin',
  lastName: 'Meadows',
  email: user.email,
  phone: '312-555-0142',
  ...changes,
});

const updateAccount = (user: TestUser, changes: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/${user.userType}`,
    headers: bearer(user.token),
    payload: details(user, changes),
  });

const confirm = (token: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/email/confirm',
    remoteAddress: uniqueRemoteAddress(),
    payload: { token },
  });

async function userDataOf(token: string): Promise<UserData> {
  const res = await getMe(t.app, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { userData: UserData } }>().data.userData;
}

/** Asks for a new address with the right password; answers the token of the link mailed to it. */
async function askForNewEmail(user: TestUser, newEmail: string): Promise<string> {
  const res = await updateAccount(user, { email: newEmail, currentPassword: user.password });
  expect(res.statusCode, res.body).toBe(200);
  return linkTokenFor(newEmail);
}

/** The token of the newest confirmation link mailed to an address. */
async function linkTokenFor(address: string): Promise<string> {
  const mail = await mailTo(t.db, address, CONFIRM_SUBJECT);
  const text = mail.at(-1)?.textBody ?? '';
  const link = /(\S+\/confirm-email\?token=\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no confirmation link in:\n${text}`);
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/confirm-email`);
  return url.searchParams.get('token') ?? '';
}

describe('asking for a new sign-in e-mail', () => {
  it('needs the current password, and a wrong one changes nothing', async () => {
    const host = await registerHost(t.app);
    const newEmail = uniqueEmail('wanted');
    const cases: [Record<string, unknown>, string][] = [
      [{}, messages.emailChangePasswordRequired],
      [{ currentPassword: '' }, messages.emailChangePasswordRequired],
      [{ currentPassword: 'Not-The-Password-9' }, messages.currentPasswordIncorrect],
    ];
    for (const [password, message] of cases) {
      const res = await updateAccount(host, { email: newEmail, firstName: 'Changed', ...password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json<ErrorReply>()).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message,
        fields: { currentPassword: message },
      });
    }
    expect(await userDataOf(host.token)).toMatchObject({
      firstName: 'Robin',
      email: host.email,
      pendingEmail: null,
    });
    expect(await mailTo(t.db, newEmail)).toEqual([]);
    expect(await mailTo(t.db, host.email, REQUESTED_SUBJECT)).toEqual([]);
  });

  it('keeps the old address until the link is opened, and tells the old address', async () => {
    const host = await registerHost(t.app);
    const newEmail = uniqueEmail('moving');
    const res = await updateAccount(host, {
      email: newEmail,
      firstName: 'Sky',
      currentPassword: host.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        userData: {
          id: host.id,
          firstName: 'Sky',
          lastName: 'Meadows',
          email: host.email,
          phone: '312-555-0142',
          userType: 'host',
          pendingEmail: newEmail,
        },
      },
    });

    // Nothing about signing in has changed yet.
    expect(await userDataOf(host.token)).toMatchObject({ email: host.email, pendingEmail: newEmail });
    await logInToken(t.app, 'host', host.email, host.password);
    expect((await logIn(t.app, 'host', newEmail, host.password)).statusCode).toBe(401);

    // The new address has the link; the old one is told, with where to get help.
    const [confirmation] = await mailTo(t.db, newEmail, CONFIRM_SUBJECT);
    expect(confirmation?.textBody).toContain('expires in 24 hours');
    const [notice] = await mailTo(t.db, host.email, REQUESTED_SUBJECT);
    expect(notice?.textBody).toContain(newEmail);
    expect(notice?.textBody).toContain(SUPPORT_EMAIL);
    expect(notice?.textBody).not.toContain('confirm-email');

    // Only a hash of the link's token is kept.
    const token = await linkTokenFor(newEmail);
    const rows = await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, host.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses an address another account of the same kind signs in with', async () => {
    const host = await registerHost(t.app);
    const other = await registerHost(t.app);
    const res = await updateAccount(host, {
      email: other.email.toUpperCase(),
      currentPassword: host.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: messages.emailTaken });
    expect((await userDataOf(host.token)).pendingEmail).toBeNull();
  });

  it('counts password tries against the per-account limit', async () => {
    const camper = await registerCamper(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const res = await updateAccount(camper, {
        email: uniqueEmail('guess'),
        currentPassword: `Wrong-Guess-${attempt}-x`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Details without a password are not limited.
    expect((await updateAccount(camper, { firstName: 'Still' })).statusCode).toBe(200);
  });
});

describe('opening the confirmation link', () => {
  it('switches the address, ends every session and reset link, and tells the old address', async () => {
    const host = await registerHost(t.app);
    const otherSession = await logInToken(t.app, 'host', host.email, host.password);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/host/requestpasswordreset',
      remoteAddress: uniqueRemoteAddress(),
      payload: { email: host.email },
    });
    expect(asked.statusCode).toBe(200);
    const [resetMail] = await mailTo(t.db, host.email, 'Reset your Campwise password');
    const resetToken = resetLinkIn(resetMail?.textBody ?? '').searchParams.get('token');

    const newEmail = uniqueEmail('moved');
    const token = await askForNewEmail(host, newEmail);
    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { email: newEmail, userType: 'host' } });

    // Every session ends, the one that asked too; only the new address signs in.
    for (const session of [host.token, otherSession]) {
      expect((await getMe(t.app, session)).json()).toEqual(unauthenticatedReply);
    }
    expect((await logIn(t.app, 'host', host.email, host.password)).statusCode).toBe(401);
    const fresh = await logInToken(t.app, 'host', newEmail, host.password);
    expect(await userDataOf(fresh)).toMatchObject({ id: host.id, email: newEmail, pendingEmail: null });

    // A reset link sent to the old address no longer works.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token: resetToken, password: 'Fresh-Otter-Path-31' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json<ErrorReply>().message).toBe(messages.resetTokenInvalid);

    const [changed] = await mailTo(t.db, host.email, CHANGED_SUBJECT);
    expect(changed?.textBody).toContain(newEmail);
    expect(changed?.textBody).toContain(SUPPORT_EMAIL);
    expect(changed?.textBody).toContain('every device was signed out');

    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: messages.emailChangeLinkInvalid,
      fields: { token: messages.emailChangeLinkInvalid },
    });
  });

  it('works for a parent too', async () => {
    const camper = await registerCamper(t.app);
    const newEmail = uniqueEmail('parent-moved');
    const res = await confirm(await askForNewEmail(camper, newEmail));
    expect(res.json()).toEqual({ data: { email: newEmail, userType: 'camper' } });
    await logInToken(t.app, 'camper', newEmail, camper.password);
  });

  it('refuses an expired link, and a link replaced by a newer request', async () => {
    const host = await registerHost(t.app);
    const first = await askForNewEmail(host, uniqueEmail('first'));
    const secondEmail = uniqueEmail('second');
    const second = await askForNewEmail(host, secondEmail);
    expect((await userDataOf(host.token)).pendingEmail).toBe(secondEmail);
    expect((await confirm(first)).statusCode).toBe(400);

    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, host.id));
    expect((await userDataOf(host.token)).pendingEmail).toBeNull();
    const expired = await confirm(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<ErrorReply>().message).toBe(messages.emailChangeLinkInvalid);
    expect((await userDataOf(host.token)).email).toBe(host.email);
  });

  it('is cancelled by a change of password', async () => {
    const host = await registerHost(t.app);
    const token = await askForNewEmail(host, uniqueEmail('cancelled'));
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(host.token),
      payload: { currentPassword: host.password, password: 'Another-Harbor-Lamp-12' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('lets only one of two hosts take the same new address', async () => {
    const [a, b] = await Promise.all([registerHost(t.app), registerHost(t.app)]);
    const email = uniqueEmail('contested');
    const tokenA = await askForNewEmail(a, email);
    const tokenB = await askForNewEmail(b, email);
    const results = await Promise.all([confirm(tokenA), confirm(tokenB)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((res) => res.statusCode === 409);
    expect(loser?.json<ErrorReply>().message).toBe(messages.emailTaken);
  });

  it('refuses malformed and unknown tokens with the link message', async () => {
    for (const token of ['', 'short', 'x'.repeat(200), 42, null, 'A'.repeat(43)]) {
      const res = await confirm(token);
      expect(res.statusCode, JSON.stringify(token)).toBe(400);
      expect(res.json<ErrorReply>().message).toBe(messages.emailChangeLinkInvalid);
    }
  });
});

describe('the account of a changed address', () => {
  it('no longer opens with the old address and the same password elsewhere', async () => {
    const host = await registerHost(t.app, { password: STRONG_PASSWORD });
    const newEmail = uniqueEmail('elsewhere');
    expect((await confirm(await askForNewEmail(host, newEmail))).statusCode).toBe(200);
    // The old address is free again for someone else to register.
    const other = await registerHost(t.app, { email: host.email });
    expect(other.id).not.toBe(host.id);
  });
});
