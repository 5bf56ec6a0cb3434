import type { UserData } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import {
  bearer,
  createAdmin,
  type ErrorReply,
  getMe,
  JWT_SECRET,
  logIn,
  logInToken,
  mailTo,
  registerCamper,
  registerHost,
  type TestUser,
  unauthenticatedReply,
  uniqueEmail,
} from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ JWT_SECRET });
});
afterAll(async () => {
  await t.close();
});

const forbiddenReply = { statusCode: 403, code: 'FORBIDDEN', message: messages.forbidden };

async function userDataOf(token: string): Promise<UserData> {
  const res = await getMe(t.app, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { userData: UserData } }>().data.userData;
}

async function expectRefused(token: string): Promise<void> {
  const res = await getMe(t.app, token);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual(unauthenticatedReply);
}

const request = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: token === null ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

interface UpdateReply {
  data: { userData: UserData };
}

describe('GET /me', () => {
  it('answers the signed-in admin too', async () => {
    const admin = await createAdmin(t.app, t.db);
    expect(await userDataOf(admin.token)).toEqual({
      id: admin.id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: admin.email,
      phone: null,
      userType: 'admin',
      pendingEmail: null,
    });
  });

  it('refuses a guest', async () => {
    const res = await request('GET', '/me', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticatedReply);
  });
});

describe('GET /host/:id', () => {
  let host: TestUser;
  let otherHost: TestUser;
  let camper: TestUser;

  beforeAll(async () => {
    host = await registerHost(t.app, { firstName: 'Harper', lastName: 'Lake' });
    otherHost = await registerHost(t.app);
    camper = await registerCamper(t.app);
  });

  it('lets a host read its own details', async () => {
    const res = await request('GET', `/host/${host.id}`, host.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: host.id,
        firstName: 'Harper',
        lastName: 'Lake',
        email: host.email,
        phone: '312-555-0142',
        userType: 'host',
        pendingEmail: null,
      },
    });
  });

  it("answers 404 for another host's id exactly as for an id that does not exist", async () => {
    const other = await request('GET', `/host/${otherHost.id}`, host.token);
    const missing = await request('GET', '/host/2147483647', host.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: messages.notFound });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(other.body);
  });

  it('answers 403 to a camper, even for its own id', async () => {
    for (const id of [camper.id, host.id]) {
      const res = await request('GET', `/host/${id}`, camper.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbiddenReply);
    }
  });

  it('answers 401 to a guest', async () => {
    const res = await request('GET', `/host/${host.id}`, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticatedReply);
  });

  it('answers 400 for an id that is not a positive whole number', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '1e3x', '99999999999999999999']) {
      const res = await request('GET', `/host/${id}`, host.token);
      expect(res.statusCode, id).toBe(400);
      expect(res.json<ErrorReply>()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('PUT /host', () => {
  const details = (user: TestUser, changes: Record<string, unknown> = {}) => ({
    firstName: 'Robin',
    lastName: 'Meadows',
    email: user.email,
    phone: '312-555-0142',
    ...changes,
  });

  it('updates the details, and the token keeps working', async () => {
    const host = await registerHost(t.app);
    const res = await request(
      'PUT',
      '/host',
      host.token,
      details(host, { firstName: ' Sky ', lastName: 'Harbor', phone: '646-555-0199' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: host.id,
      firstName: 'Sky',
      lastName: 'Harbor',
      email: host.email,
      phone: '646-555-0199',
      userType: 'host',
      pendingEmail: null,
    };
    expect(res.json()).toEqual({ data: { userData: expected } });
    expect(await userDataOf(host.token)).toEqual(expected);
  });

  it('stores a blank or missing phone as none', async () => {
    const host = await registerHost(t.app);
    for (const phone of ['', '  ', null, undefined]) {
      const res = await request('PUT', '/host', host.token, details(host, { phone }));
      expect(res.statusCode, `phone ${JSON.stringify(phone)}`).toBe(200);
      expect(res.json<UpdateReply>().data.userData.phone).toBeNull();
      const [row] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, host.id));
      expect(row?.phone).toBeNull();
      await request('PUT', '/host', host.token, details(host));
    }
  });

  it('refuses invalid details with 400 and changes nothing', async () => {
    const host = await registerHost(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '555-0142' }, 'phone', messages.invalidPhone],
      [{ phone: 3125550142 }, 'phone', messages.invalidPhone],
      [{ email: 'not-an-address' }, 'email', messages.invalidEmail],
      [{ firstName: '' }, 'firstName', messages.requiredFields],
      [{ lastName: 'L'.repeat(101) }, 'lastName', messages.nameTooLong],
      [{ firstName: 'Rob\u0000in' }, 'firstName', messages.invalidInput],
    ];
    for (const [changes, field, message] of cases) {
      const res = await request('PUT', '/host', host.token, details(host, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json<ErrorReply>()).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.json<ErrorReply>().fields?.[field]).toBe(message);
    }
    const missing = await request('PUT', '/host', host.token, { firstName: 'Only' });
    expect(missing.statusCode).toBe(400);
    expect(await userDataOf(host.token)).toMatchObject({ firstName: 'Robin', phone: '312-555-0142' });
  });

  it('treats a change of letter case only as the same address: no password, no link', async () => {
    const host = await registerHost(t.app);
    const res = await request('PUT', '/host', host.token, details(host, { email: host.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json<UpdateReply>().data).toMatchObject({
      userData: { email: host.email.toUpperCase(), pendingEmail: null },
    });
    expect((await userDataOf(host.token)).email).toBe(host.email.toUpperCase());
  });

  it('refuses an address held by another host, but not one held by a camper', async () => {
    const host = await registerHost(t.app);
    const otherHost = await registerHost(t.app);
    const camper = await registerCamper(t.app);

    const taken = await request(
      'PUT',
      '/host',
      host.token,
      details(host, { email: ` ${otherHost.email.toUpperCase()} `, currentPassword: host.password }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: messages.emailTaken });
    // Nothing changed, so the token was not revoked either.
    expect((await userDataOf(host.token)).email).toBe(host.email);

    const shared = await request(
      'PUT',
      '/host',
      host.token,
      details(host, { email: camper.email, currentPassword: host.password }),
    );
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<UpdateReply>().data.userData.pendingEmail).toBe(camper.email);
  });

  it('is for hosts only', async () => {
    const camper = await registerCamper(t.app);
    const asCamper = await request('PUT', '/host', camper.token, details(camper));
    expect(asCamper.statusCode).toBe(403);
    expect(asCamper.json()).toEqual(forbiddenReply);
    const asGuest = await request('PUT', '/host', null, details(camper));
    expect(asGuest.statusCode).toBe(401);
  });
});

describe('PUT /camper', () => {
  let camper: TestUser;

  beforeAll(async () => {
    camper = await registerCamper(t.app);
  });

  const details = (changes: Record<string, unknown> = {}) => ({
    firstName: 'Jamie',
    lastName: 'Rivers',
    email: camper.email,
    phone: '312-555-0142',
    ...changes,
  });

  it('updates the details', async () => {
    const res = await request('PUT', '/camper', camper.token, details({ phone: ' 773-555-0100 ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        userData: {
          id: camper.id,
          firstName: 'Jamie',
          lastName: 'Rivers',
          email: camper.email,
          phone: '773-555-0100',
          userType: 'camper',
          pendingEmail: null,
        },
      },
    });
    expect((await userDataOf(camper.token)).phone).toBe('773-555-0100');
  });

  it('takes a phone as the sign-up form does, digits alone or with brackets, and keeps it one way', async () => {
    for (const phone of ['7735550100', '(773) 555-0100', '+1 773 555 0100']) {
      const res = await request('PUT', '/camper', camper.token, details({ phone }));
      expect(res.statusCode, res.body).toBe(200);
      expect((await userDataOf(camper.token)).phone).toBe('773-555-0100');
    }
  });

  it('requires a valid phone', async () => {
    for (const phone of ['', null, '773 555 010', '073-555-0100']) {
      const res = await request('PUT', '/camper', camper.token, details({ phone }));
      expect(res.statusCode, `phone ${JSON.stringify(phone)}`).toBe(400);
      expect(res.json<ErrorReply>()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: messages.invalidPhone,
        fields: { phone: messages.invalidPhone },
      });
    }
  });

  it('refuses an address held by another camper', async () => {
    const other = await registerCamper(t.app);
    const res = await request(
      'PUT',
      '/camper',
      camper.token,
      details({ email: other.email, currentPassword: camper.password }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorReply>().message).toBe(messages.emailTaken);
  });

  it('is for campers only', async () => {
    const host = await registerHost(t.app);
    const res = await request('PUT', '/camper', host.token, {
      firstName: 'Robin',
      lastName: 'Meadows',
      email: host.email,
      phone: '312-555-0142',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbiddenReply);
  });
});

describe('POST /auth/host/regen', () => {
  let host: TestUser;

  beforeAll(async () => {
    host = await registerHost(t.app);
  });

  it('answers a working token for the host naming its own address', async () => {
    const res = await request('POST', '/auth/host/regen', host.token, {
      email: ` ${host.email.toUpperCase()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ data: { token: string } }>().data;
    expect((await userDataOf(token)).id).toBe(host.id);
    // A fresh token does not revoke the one it was asked with.
    expect((await userDataOf(host.token)).id).toBe(host.id);
  });

  it('refuses another address', async () => {
    const other = await registerHost(t.app);
    for (const email of [other.email, uniqueEmail('nobody')]) {
      const res = await request('POST', '/auth/host/regen', host.token, { email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: messages.invalidEmail,
        fields: { email: messages.invalidEmail },
      });
    }
    const malformed = await request('POST', '/auth/host/regen', host.token, { email: 'nope' });
    expect(malformed.statusCode).toBe(400);
  });

  it('is for signed-in hosts only', async () => {
    const camper = await registerCamper(t.app);
    expect(
      (await request('POST', '/auth/host/regen', camper.token, { email: camper.email })).statusCode,
    ).toBe(403);
    expect((await request('POST', '/auth/host/regen', null, { email: host.email })).statusCode).toBe(401);
  });
});

describe('POST /api/user/passcheck', () => {
  let camper: TestUser;

  beforeAll(async () => {
    camper = await registerCamper(t.app);
  });

  const passcheck = (token: string | null, password: unknown) =>
    request('POST', '/api/user/passcheck', token, { password });

  it('tells whether the password is the current one', async () => {
    const right = await passcheck(camper.token, camper.password);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ data: { isValid: true } });
    const wrong = await passcheck(camper.token, 'Something-Else-Entirely-9');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ data: { isValid: false } });
  });

  it('refuses a guest and a missing password', async () => {
    const guest = await passcheck(null, camper.password);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual(unauthenticatedReply);
    const missing = await request('POST', '/api/user/passcheck', camper.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorReply>().fields?.password).toBe(messages.requiredFields);
  });

  it('limits guessing to 10 checks per account in 15 minutes', async () => {
    const guesser = await registerHost(t.app);
    for (let i = 1; i <= 10; i += 1) {
      expect((await passcheck(guesser.token, `Guess-number-${i}`)).statusCode).toBe(200);
    }
    const limited = await passcheck(guesser.token, guesser.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: messages.rateLimited });
    // The same counter guards the password change, which also takes the current password.
    const change = await request('PUT', '/api/user/password', guesser.token, {
      currentPassword: guesser.password,
      password: 'Brand-New-Pass-2024',
    });
    expect(change.statusCode).toBe(429);
    // Another account is not affected.
    expect((await passcheck(camper.token, camper.password)).statusCode).toBe(200);
  });
});

describe('PUT /api/user/password', () => {
  const changePassword = (token: string | null, currentPassword: unknown, password: unknown) =>
    request('PUT', '/api/user/password', token, { currentPassword, password });

  it('refuses a wrong current password', async () => {
    const host = await registerHost(t.app);
    const res = await changePassword(host.token, 'Not-My-Password-1', 'Brand-New-Pass-2024');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: messages.currentPasswordIncorrect,
      fields: { currentPassword: messages.currentPasswordIncorrect },
    });
    expect((await userDataOf(host.token)).id).toBe(host.id);
  });

  it('refuses a weak new password and keeps the old one', async () => {
    const host = await registerHost(t.app);
    const common = await changePassword(host.token, host.password, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: messages.passwordTooCommon,
      fields: { password: messages.passwordTooCommon },
    });
    const short = await changePassword(host.token, host.password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorReply>()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: messages.passwordTooShort,
      fields: { password: messages.passwordTooShort },
    });
    const missing = await changePassword(host.token, '', 'Brand-New-Pass-2024');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorReply>().fields?.currentPassword).toBe(messages.requiredFields);

    // Nothing changed: the token still works and no mail went out.
    expect((await userDataOf(host.token)).id).toBe(host.id);
    expect(await mailTo(t.db, host.email, 'Your Campwise password was changed')).toEqual([]);
  });

  it('changes the password, answers a fresh token and signs every other session out', async () => {
    const camper = await registerCamper(t.app);
    const otherSession = await logInToken(t.app, 'camper', camper.email, camper.password);
    const newPassword = 'Brand-New-Pass-2024';

    const res = await changePassword(camper.token, camper.password, newPassword);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { token: string } }>();
    expect(Object.keys(data)).toEqual(['token']);

    expect((await userDataOf(data.token)).id).toBe(camper.id);
    await expectRefused(camper.token);
    await expectRefused(otherSession);

    await logInToken(t.app, 'camper', camper.email, newPassword);
    const old = await logIn(t.app, 'camper', camper.email, camper.password);
    expect(old.statusCode).toBe(401);
    expect(old.json<ErrorReply>().code).toBe('INVALID_CREDENTIALS');

    const mail = await mailTo(t.db, camper.email, 'Your Campwise password was changed');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toAddress: camper.email, sentAt: null });
    expect(mail[0]?.textBody).toContain('Hi Robin,');
  });

  it('works for administrators too', async () => {
    const admin = await createAdmin(t.app, t.db);
    const res = await changePassword(admin.token, admin.password, 'Admin-Fresh-Secret-55');
    expect(res.statusCode, res.body).toBe(200);
    await logInToken(t.app, 'admin', admin.email, 'Admin-Fresh-Secret-55');
  });

  it('refuses a guest', async () => {
    const res = await changePassword(null, 'whatever-it-was', 'Brand-New-Pass-2024');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticatedReply);
  });
});
