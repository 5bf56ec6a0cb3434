import { createHash, createHmac } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import { RECOVERY_CODE_PATTERN } from '@campwise/contract/two-factor';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorRecoveryCodes, twoFactorSecrets, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { deriveKey, SecretBox } from '../src/platform/secret-box.ts';
import {
  base32Decode,
  base32Encode,
  matchingTotpStep,
  otpauthUri,
  secretOfOtpauthUri,
  totpCode,
  totpStep,
} from '../src/platform/totp.ts';
import {
  bearer,
  createAdmin,
  type ErrorReply,
  getMe,
  JWT_SECRET,
  logIn,
  logInToken,
  registerCamper,
  registerHost,
  STRONG_PASSWORD,
  type TestUser,
  unauthenticatedReply,
  uniqueEmail,
  uniqueRemoteAddress,
} from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD } from './payments-fixtures.ts';
import { campHost } from './registration-fixtures.ts';
import { joinedMember } from './team-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ ...ORG_ENV, JWT_SECRET });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: uniqueRemoteAddress(),
    ...(token ? { headers: bearer(token) } : {}),
  });

interface Authenticator {
  secret: string;
  /** The last step a code was sent for here: the server takes each step once. */
  lastStep: number;
}

/** A code the server has not accepted before: this step's, or the next one's. */
function freshCode(authenticator: Authenticator): string {
  const step = Math.max(totpStep(), authenticator.lastStep + 1);
  if (step > totpStep() + 1) throw new Error('no unused step in the window');
  authenticator.lastStep = step;
  return totpCode(authenticator.secret, step);
}

function authenticatorOf(setup: LightMyRequestResponse): Authenticator {
  expect(setup.statusCode, setup.body).toBe(200);
  const { data } = setup.json<{ data: { secret: string; otpauthUri: string; qrSvg: string } }>();
  const secret = secretOfOtpauthUri(data.otpauthUri);
  if (!secret) throw new Error(`no secret in ${data.otpauthUri}`);
  // The secret shown for typing is the same one, in groups of four.
  expect(data.secret.replaceAll(' ', '')).toBe(secret);
  return { secret, lastStep: 0 };
}

const secondStepOf = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { secondFactor: 'code' | 'enrol'; ticket: string } }>().data;
};

async function newAdmin(): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('admin');
  const [row] = await t.db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
      email,
      passwordHash: await hashPassword(STRONG_PASSWORD),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no admin row');
  return { id: row.id, email };
}

/** Turns two-factor sign-in on for a signed-in user; answers the authenticator and recovery codes. */
async function turnOn(user: TestUser) {
  const authenticator = authenticatorOf(
    await post('/api/account/two-factor/setup', { password: user.password }, user.token),
  );
  const confirm = await post(
    '/api/account/two-factor/confirm',
    { code: freshCode(authenticator) },
    user.token,
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = confirm.json<{ data: { recoveryCodes: string[] } }>().data;
  return { authenticator, recoveryCodes };
}

/** An administrator past the first sign-in: session, authenticator and recovery codes. */
async function enrolledAdmin() {
  const admin = await newAdmin();
  const { ticket } = secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD));
  const authenticator = authenticatorOf(await post('/api/auth/two-factor/enrolment', { ticket }));
  const confirm = await post('/api/auth/two-factor/enrolment/confirm', {
    ticket,
    code: freshCode(authenticator),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { token, recoveryCodes } = confirm.json<{ data: { token: string; recoveryCodes: string[] } }>().data;
  return { ...admin, token, authenticator, recoveryCodes };
}

const statusOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: bearer(token) })).json();

/** The stored digests of a user's recovery codes not used yet. */
async function unusedDigests(userId: number): Promise<string[]> {
  const rows = await t.db
    .select({ codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return rows.map((row) => row.codeHash).sort();
}

/** Whether a recovery code still signs a host in (using it up when it does). */
async function recoverySignsIn(user: TestUser, code: string): Promise<boolean> {
  const { ticket } = secondStepOf(await logIn(t.app, user.userType, user.email, user.password));
  const res = await post('/api/auth/two-factor', { ticket, code });
  return res.statusCode === 200;
}

describe('RFC 6238 codes', () => {
  // The RFC's SHA-1 test key, "12345678901234567890", and its published values (last 6 digits).
  const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));
  const vectors: [number, string][] = [
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ];

  it.each(vectors)('at %i seconds the code is %s', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(rfcSecret, totpStep(at))).toBe(code);
    expect(matchingTotpStep(rfcSecret, code, at)).toBe(totpStep(at));
  });

  it('accepts one step either side for a clock that is off, and nothing further', () => {
    const at = new Date(1234567890 * 1000);
    const step = totpStep(at);
    expect(matchingTotpStep(rfcSecret, totpCode(rfcSecret, step - 1), at)).toBe(step - 1);
    expect(matchingTotpStep(rfcSecret, totpCode(rfcSecret, step + 1), at)).toBe(step + 1);
    expect(matchingTotpStep(rfcSecret, totpCode(rfcSecret, step - 2), at)).toBeNull();
    expect(matchingTotpStep(rfcSecret, totpCode(rfcSecret, step + 2), at)).toBeNull();
    expect(matchingTotpStep(rfcSecret, 'abcdef', at)).toBeNull();
    // One digit off, or the right digits padded out, are no match.
    const code = totpCode(rfcSecret, step);
    const offByOne = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    expect(matchingTotpStep(rfcSecret, offByOne, at)).toBeNull();
    expect(matchingTotpStep(rfcSecret, `${code}0`, at)).toBeNull();
    expect(matchingTotpStep(rfcSecret, code.slice(0, 5), at)).toBeNull();
  });

  it('writes base32 and otpauth addresses the way authenticator apps read them', () => {
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')?.toString()).toBe('12345678901234567890');
    expect(base32Decode('not base32!')).toBeNull();
    const uri = otpauthUri(rfcSecret, 'Campwise', 'ada@example.com');
    expect(uri).toBe(
      'otpauth://totp/Campwise:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Campwise&algorithm=SHA1&digits=6&period=30',
    );
    expect(secretOfOtpauthUri(uri)).toBe(rfcSecret);
  });

  it('seals secrets so that only the same application secret opens them, unaltered', () => {
    const box = new SecretBox(JWT_SECRET);
    const sealed = box.seal('GEZDGNBVGY3TQOJQ');
    expect(sealed).not.toContain('GEZDGNBVGY3TQOJQ');
    expect(box.seal('GEZDGNBVGY3TQOJQ')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('GEZDGNBVGY3TQOJQ');
    expect(new SecretBox('another-application-secret-0123456789abcdef').open(sealed)).toBeNull();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const altered = [version, iv, tag, `${ciphertext?.startsWith('A') ? 'B' : 'A'}${ciphertext?.slice(1)}`];
    expect(box.open(altered.join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });

  it('digests recovery codes with a key of their own from the application secret', () => {
    const box = new SecretBox(JWT_SECRET);
    const key = deriveKey(JWT_SECRET, 'campwise/recovery-codes/v1');
    expect(box.digest('k7p2q-x4m9t')).toBe(createHmac('sha256', key).update('k7p2q-x4m9t').digest('hex'));
    expect(box.digest('k7p2q-x4m9t')).not.toBe(createHash('sha256').update('k7p2q-x4m9t').digest('hex'));
    // Not the key that seals authenticator secrets, and not another application's.
    const sealingKey = deriveKey(JWT_SECRET, 'campwise/totp-secrets/v1');
    expect(box.digest('k7p2q-x4m9t')).not.toBe(
      createHmac('sha256', sealingKey).update('k7p2q-x4m9t').digest('hex'),
    );
    expect(new SecretBox('another-application-secret-0123456789abcdef').digest('k7p2q-x4m9t')).not.toBe(
      box.digest('k7p2q-x4m9t'),
    );
  });
});

describe("an administrator's first sign-in", () => {
  it('leads through setting up an authenticator, then signs in with the recovery codes shown once', async () => {
    const admin = await newAdmin();
    const first = secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD));
    expect(first.secondFactor).toBe('enrol');
    // The ticket is no session.
    expect((await getMe(t.app, first.ticket)).json()).toEqual(unauthenticatedReply);
    // ... and only for enrolment.
    expect((await post('/api/auth/two-factor', { ticket: first.ticket, code: '123456' })).statusCode).toBe(
      401,
    );

    const setup = await post('/api/auth/two-factor/enrolment', { ticket: first.ticket });
    const authenticator = authenticatorOf(setup);
    const { data } = setup.json<{ data: { qrSvg: string; otpauthUri: string } }>();
    expect(data.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(data.otpauthUri).toContain(`Campwise:${encodeURIComponent(admin.email)}`);

    const [stored] = await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, admin.id));
    expect(stored?.confirmedAt).toBeNull();
    expect(stored?.secretSealed).not.toContain(authenticator.secret);

    const wrong = await post('/api/auth/two-factor/enrolment/confirm', {
      ticket: first.ticket,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorReply>().fields).toEqual({ code: messages.twoFactorCodeInvalid });

    const confirm = await post('/api/auth/two-factor/enrolment/confirm', {
      ticket: first.ticket,
      code: freshCode(authenticator),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { token, recoveryCodes } = confirm.json<{ data: { token: string; recoveryCodes: string[] } }>()
      .data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect((await getMe(t.app, token)).statusCode).toBe(200);

    // Stored as keyed digests (HMAC-SHA256, a key derived from the application secret): never
    // as issued, nor as a plain SHA-256 a stolen database could be searched against offline.
    const recoveryKey = deriveKey(JWT_SECRET, 'campwise/recovery-codes/v1');
    const keyed = (code: string) => createHmac('sha256', recoveryKey).update(code).digest('hex');
    expect(await unusedDigests(admin.id)).toEqual(recoveryCodes.map(keyed).sort());
    const plain = (code: string) => createHash('sha256').update(code).digest('hex');
    expect(await unusedDigests(admin.id)).not.toContain(plain(recoveryCodes[0] ?? ''));

    // The enrolment ticket is spent: the authenticator is set up now.
    expect((await post('/api/auth/two-factor/enrolment', { ticket: first.ticket })).statusCode).toBe(401);

    // From now on the password leads to the code step.
    const next = secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD));
    expect(next.secondFactor).toBe('code');
    const signedIn = await post('/api/auth/two-factor', {
      ticket: next.ticket,
      code: freshCode(authenticator),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json<{ data: { token: string } }>().data.token;
    expect((await getMe(t.app, session)).json()).toMatchObject({ data: { userData: { id: admin.id } } });

    // A recovery code works once, typed in any case and without its dash.
    const recovery = recoveryCodes[3] ?? '';
    const again = secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD));
    const withRecovery = await post('/api/auth/two-factor', {
      ticket: again.ticket,
      code: recovery.replace('-', '').toUpperCase(),
    });
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    const reused = await post('/api/auth/two-factor', { ticket: again.ticket, code: recovery });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_CODE',
      message: messages.twoFactorCodeInvalid,
    });

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(session),
    });
    expect(status.json()).toEqual({
      data: { enabled: true, required: true, asked: false, recoveryCodesLeft: 9 },
    });
  });

  it('refuses a code that was already used, even within its 30 seconds', async () => {
    const admin = await newAdmin();
    const enrol = secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD));
    const authenticator = authenticatorOf(
      await post('/api/auth/two-factor/enrolment', { ticket: enrol.ticket }),
    );
    const step = totpStep();
    authenticator.lastStep = step - 1;
    const code = freshCode(authenticator);
    expect(
      (await post('/api/auth/two-factor/enrolment/confirm', { ticket: enrol.ticket, code })).statusCode,
    ).toBe(200);
    const { ticket } = secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD));
    const replay = await post('/api/auth/two-factor', { ticket, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<ErrorReply>().code).toBe('INVALID_CODE');
    // An older step's code is refused too once a newer one was accepted.
    const older = await post('/api/auth/two-factor', {
      ticket,
      code: totpCode(authenticator.secret, step - 1),
    });
    expect(older.statusCode).toBe(401);
    expect((await post('/api/auth/two-factor', { ticket, code: freshCode(authenticator) })).statusCode).toBe(
      200,
    );
  });

  it('lets only one of two requests racing with the same code through', async () => {
    const admin = await newAdmin();
    await logInToken(t.app, 'admin', admin.email, STRONG_PASSWORD);
    const [row] = await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, admin.id));
    const secret = row ? new SecretBox(JWT_SECRET).open(row.secretSealed) : null;
    if (!secret) throw new Error('no stored secret');
    const code = totpCode(secret, totpStep() + 1);
    const tickets = await Promise.all(
      [1, 2].map(async () => secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD)).ticket),
    );
    const answers = await Promise.all(
      tickets.map((ticket) => post('/api/auth/two-factor', { ticket, code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses forged, expired and outdated tickets with one message', async () => {
    const admin = await newAdmin();
    const { ticket } = secondStepOf(await logIn(t.app, 'admin', admin.email, STRONG_PASSWORD));
    const expired = {
      statusCode: 401,
      code: 'SIGN_IN_EXPIRED',
      message: messages.twoFactorSignInExpired,
    };
    // A session-style token signed with the session key is not a ticket.
    const forged = await new SignJWT({ typ: 'admin', ver: 0, pur: 'enrol' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setAudience('campwise-second-factor')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await post('/api/auth/two-factor/enrolment', { ticket: forged })).json()).toEqual(expired);
    // A password change since the password step makes the ticket worthless.
    await t.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, admin.id));
    expect((await post('/api/auth/two-factor/enrolment', { ticket })).json()).toEqual(expired);
    const malformed = await post('/api/auth/two-factor/enrolment', { ticket: 'not a ticket' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorReply>().code).toBe('VALIDATION_ERROR');
  });
});

describe('two-factor sign-in for hosts and parents', () => {
  it('is off until turned on; then the login asks for a code', async () => {
    const host = await registerHost(t.app);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(host.token),
    });
    expect(status.json()).toEqual({
      data: { enabled: false, required: false, asked: false, recoveryCodesLeft: 0 },
    });
    expect((await logIn(t.app, 'host', host.email, host.password)).json()).toEqual({
      data: { token: expect.any(String) },
    });

    const { authenticator } = await turnOn(host);
    expect(
      (await post('/api/account/two-factor/setup', { password: host.password }, host.token)).json(),
    ).toMatchObject({
      statusCode: 409,
      message: messages.twoFactorAlreadyOn,
    });
    const step = secondStepOf(await logIn(t.app, 'host', host.email, host.password));
    expect(step.secondFactor).toBe('code');
    const wrong = await post('/api/auth/two-factor', { ticket: step.ticket, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/api/auth/two-factor', { ticket: step.ticket, code: freshCode(authenticator) });
    expect(right.statusCode, right.body).toBe(200);
    // The existing session stayed signed in.
    expect((await getMe(t.app, host.token)).statusCode).toBe(200);
  });

  it("is asked of an organisation's owner and manager until they turn it on, not of staff or parents", async () => {
    const admin = await createAdmin(t.app, t.db);
    const owner = await campHost(t.app, admin.token);
    const manager = await joinedMember(t.app, t.db, owner, 'manager');
    const staff = await joinedMember(t.app, t.db, owner, 'staff');
    const parent = await registerCamper(t.app);
    const asked = async (token: string) => (await statusOf(token)).data.asked;
    expect(await asked(owner.token)).toBe(true);
    expect(await asked(manager.token)).toBe(true);
    expect(await asked(staff.token)).toBe(false);
    expect(await asked(parent.token)).toBe(false);
    await turnOn({ ...owner, password: ACCOUNT_PASSWORD, userType: 'host' });
    expect(await asked(owner.token)).toBe(false);
  });

  it('turns off only with the password and a code, and never for administrators', async () => {
    const parent = await registerCamper(t.app);
    const { authenticator, recoveryCodes } = await turnOn(parent);

    const wrongPassword = await post(
      '/api/account/two-factor/disable',
      { password: 'Not-The-Password-9', code: recoveryCodes[0] },
      parent.token,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json<ErrorReply>().fields).toEqual({ password: messages.passwordIncorrect });
    const wrongCode = await post(
      '/api/account/two-factor/disable',
      { password: parent.password, code: '000000' },
      parent.token,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json<ErrorReply>().fields).toEqual({ code: messages.twoFactorCodeInvalid });
    const missing = await post(
      '/api/account/two-factor/disable',
      { password: parent.password },
      parent.token,
    );
    expect(missing.statusCode).toBe(400);

    const off = await post(
      '/api/account/two-factor/disable',
      { password: parent.password, code: freshCode(authenticator) },
      parent.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      data: { enabled: false, required: false, asked: false, recoveryCodesLeft: 0 },
    });
    expect((await logIn(t.app, 'camper', parent.email, parent.password)).json()).toEqual({
      data: { token: expect.any(String) },
    });
    expect(
      (await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, parent.id)))
        .length,
    ).toBe(0);

    const admin = await newAdmin();
    const adminToken = await logInToken(t.app, 'admin', admin.email, STRONG_PASSWORD);
    const refused = await post(
      '/api/account/two-factor/disable',
      { password: STRONG_PASSWORD, code: '123456' },
      adminToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorReply>().message).toBe(messages.twoFactorRequiredForAdmins);
  });

  it('confirms a setup only with a code of the new secret', async () => {
    const host = await registerHost(t.app);
    const missingSetup = await post('/api/account/two-factor/confirm', { code: '123456' }, host.token);
    expect(missingSetup.statusCode).toBe(409);
    expect(missingSetup.json<ErrorReply>().message).toBe(messages.twoFactorSetupMissing);
    const password = { password: host.password };
    const first = authenticatorOf(await post('/api/account/two-factor/setup', password, host.token));
    // Starting again replaces the pending secret: codes of the first no longer count.
    const second = authenticatorOf(await post('/api/account/two-factor/setup', password, host.token));
    expect(second.secret).not.toBe(first.secret);
    const stale = await post('/api/account/two-factor/confirm', { code: freshCode(first) }, host.token);
    expect(stale.statusCode).toBe(400);
    const notDigits = await post('/api/account/two-factor/confirm', { code: 'abcdef' }, host.token);
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json<ErrorReply>().code).toBe('VALIDATION_ERROR');
    const ok = await post('/api/account/two-factor/confirm', { code: freshCode(second) }, host.token);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses guests on every settings call', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/two-factor'],
      ['POST', '/api/account/two-factor/setup'],
      ['POST', '/api/account/two-factor/confirm'],
      ['POST', '/api/account/two-factor/disable'],
      ['POST', '/api/account/two-factor/recovery-codes'],
    ] as const) {
      const payload = { code: '123456', password: STRONG_PASSWORD };
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? payload : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(unauthenticatedReply);
    }
  });

  it('limits code guesses like passwords: 10 per account in 15 minutes, whichever the ticket', async () => {
    const host = await registerHost(t.app);
    const { authenticator } = await turnOn(host);
    // Starting and confirming the setup were the first two of the ten.
    for (const tries of [3, 5]) {
      const { ticket } = secondStepOf(await logIn(t.app, 'host', host.email, host.password));
      for (let attempt = 0; attempt < tries; attempt += 1) {
        expect((await post('/api/auth/two-factor', { ticket, code: '000000' })).statusCode).toBe(401);
      }
    }
    const { ticket } = secondStepOf(await logIn(t.app, 'host', host.email, host.password));
    const limited = await post('/api/auth/two-factor', { ticket, code: freshCode(authenticator) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: messages.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('starting a setup from account settings', () => {
  it('needs the current password, so a stolen session cannot put its own authenticator on', async () => {
    const parent = await registerCamper(t.app);
    const pending = () => t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, parent.id));

    const missing = await post('/api/account/two-factor/setup', {}, parent.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorReply>().code).toBe('VALIDATION_ERROR');
    const wrong = await post(
      '/api/account/two-factor/setup',
      { password: 'Not-The-Password-9' },
      parent.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: messages.passwordIncorrect,
      fields: { password: messages.passwordIncorrect },
    });
    expect(await pending()).toEqual([]);

    const right = authenticatorOf(
      await post('/api/account/two-factor/setup', { password: parent.password }, parent.token),
    );
    expect((await pending())[0]?.confirmedAt).toBeNull();
    const confirm = await post('/api/account/two-factor/confirm', { code: freshCode(right) }, parent.token);
    expect(confirm.statusCode, confirm.body).toBe(200);
  });

  it('is refused to an administrator, who set an authenticator up at first sign-in', async () => {
    const admin = await enrolledAdmin();
    const res = await post('/api/account/two-factor/setup', { password: STRONG_PASSWORD }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorReply>().message).toBe(messages.twoFactorAlreadyOn);
  });

  it('limits password guesses with the code tries: 10 per account in 15 minutes', async () => {
    const host = await registerHost(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const res = await post(
        '/api/account/two-factor/setup',
        { password: `Wrong-Guess-${attempt}` },
        host.token,
      );
      expect(res.statusCode).toBe(400);
    }
    const limited = await post('/api/account/two-factor/setup', { password: host.password }, host.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorReply>().code).toBe('RATE_LIMITED');
    expect(await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, host.id))).toEqual(
      [],
    );
  });
});

describe('new recovery codes', () => {
  it('replace every old code, used or not, and are answered once', async () => {
    const host = await registerHost(t.app);
    const { authenticator, recoveryCodes: old } = await turnOn(host);
    expect(await recoverySignsIn(host, old[0] ?? '')).toBe(true);
    const oldDigests = await unusedDigests(host.id);

    const renewed = await post(
      '/api/account/two-factor/recovery-codes',
      { password: host.password, code: freshCode(authenticator) },
      host.token,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { recoveryCodes } = renewed.json<{ data: { recoveryCodes: string[] } }>().data;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(recoveryCodes.filter((code) => old.includes(code))).toEqual([]);
    expect(await statusOf(host.token)).toEqual({
      data: { enabled: true, required: false, asked: false, recoveryCodesLeft: 10 },
    });
    const digests = await unusedDigests(host.id);
    expect(digests.filter((digest) => oldDigests.includes(digest))).toEqual([]);
    // Only the new ten are stored: no row of the old ones is left.
    expect(
      await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, host.id)),
    ).toHaveLength(10);

    expect(await recoverySignsIn(host, old[1] ?? '')).toBe(false);
    expect(await recoverySignsIn(host, recoveryCodes[0] ?? '')).toBe(true);
  });

  it('take a recovery code as the second factor, as a person who lost the phone would', async () => {
    const parent = await registerCamper(t.app);
    const { recoveryCodes: old } = await turnOn(parent);
    const renewed = await post(
      '/api/account/two-factor/recovery-codes',
      { password: parent.password, code: (old[9] ?? '').toUpperCase() },
      parent.token,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await recoverySignsIn(parent, old[8] ?? '')).toBe(false);
    const { recoveryCodes } = renewed.json<{ data: { recoveryCodes: string[] } }>().data;
    expect(await recoverySignsIn(parent, recoveryCodes[9] ?? '')).toBe(true);
  });

  it('need the password and a good code, and change nothing without them', async () => {
    const host = await registerHost(t.app);
    const { authenticator } = await turnOn(host);
    const before = await unusedDigests(host.id);
    const renew = (payload: Record<string, string>) =>
      post('/api/account/two-factor/recovery-codes', payload, host.token);

    const wrongPassword = await renew({ password: 'Not-The-Password-9', code: freshCode(authenticator) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json<ErrorReply>().fields).toEqual({ password: messages.passwordIncorrect });
    const wrongCode = await renew({ password: host.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json<ErrorReply>().fields).toEqual({ code: messages.twoFactorCodeInvalid });
    const unknownRecovery = await renew({ password: host.password, code: 'aaaaa-bbbbb' });
    expect(unknownRecovery.statusCode).toBe(400);
    const missingCode = await renew({ password: host.password });
    expect(missingCode.statusCode).toBe(400);
    expect(missingCode.json<ErrorReply>().code).toBe('VALIDATION_ERROR');
    const missingPassword = await renew({ code: '123456' });
    expect(missingPassword.statusCode).toBe(400);
    expect(missingPassword.json<ErrorReply>().code).toBe('VALIDATION_ERROR');

    expect(await unusedDigests(host.id)).toEqual(before);
  });

  it('are refused when two-factor sign-in is off', async () => {
    const parent = await registerCamper(t.app);
    const res = await post(
      '/api/account/two-factor/recovery-codes',
      { password: parent.password, code: '123456' },
      parent.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorReply>().message).toBe(messages.twoFactorNotOn);
  });

  it('are open to administrators, who cannot turn two-factor sign-in off', async () => {
    const admin = await enrolledAdmin();
    const renewed = await post(
      '/api/account/two-factor/recovery-codes',
      { password: STRONG_PASSWORD, code: freshCode(admin.authenticator) },
      admin.token,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await statusOf(admin.token)).toEqual({
      data: { enabled: true, required: true, asked: false, recoveryCodesLeft: 10 },
    });
    const adminUser: TestUser = { ...admin, password: STRONG_PASSWORD, userType: 'admin' };
    expect(await recoverySignsIn(adminUser, admin.recoveryCodes[0] ?? '')).toBe(false);
  });

  it('count their tries with every other code try of the account', async () => {
    const host = await registerHost(t.app);
    const { authenticator } = await turnOn(host);
    // Starting and confirming the setup were two of the ten.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const res = await post(
        '/api/account/two-factor/recovery-codes',
        { password: host.password, code: '000000' },
        host.token,
      );
      expect(res.statusCode).toBe(400);
    }
    // Even a good code is turned away now, here and at the login's code step.
    const code = freshCode(authenticator);
    const limited = await post(
      '/api/account/two-factor/recovery-codes',
      { password: host.password, code },
      host.token,
    );
    expect(limited.statusCode).toBe(429);
    const { ticket } = secondStepOf(await logIn(t.app, 'host', host.email, host.password));
    expect((await post('/api/auth/two-factor', { ticket, code })).statusCode).toBe(429);
  });
});
