import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  type UserData,
  type UserType,
} from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
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
  STRONG_PASSWORD,
  type TestUser,
  unauthenticatedReply,
  uniqueEmail,
  uniqueRemoteAddress,
} from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ JWT_SECRET });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
    remoteAddress: uniqueRemoteAddress(),
  });

const userDataOf = (token: string) =>
  getMe(t.app, token).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { userData: UserData } }>().data.userData;
  });

const validHost = () => ({
  firstName: 'Robin',
  lastName: 'Meadows',
  email: uniqueEmail('host'),
  phone: '312-555-0142',
  password: STRONG_PASSWORD,
});
const validCamper = () => ({ ...validHost(), email: uniqueEmail('camper') });

describe('registration', () => {
  it('creates a host and answers a token that identifies it', async () => {
    const body = validHost();
    const res = await post('/auth/register', body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: { token: string } }>();
    expect(Object.keys(res.json<object>())).toEqual(['data']);
    expect(Object.keys(data)).toEqual(['token']);

    const me = await getMe(t.app, data.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      data: {
        userData: {
          id: expect.any(Number),
          firstName: 'Robin',
          lastName: 'Meadows',
          email: body.email,
          phone: '312-555-0142',
          userType: 'host',
          pendingEmail: null,
        },
      },
    });
  });

  it('stores no phone for a host who leaves it out, blank or null', async () => {
    for (const phone of [undefined, '', '   ', null]) {
      const body = { ...validHost(), phone };
      const res = await post('/auth/register', body);
      expect(res.statusCode, `phone ${JSON.stringify(phone)}: ${res.body}`).toBe(201);
      const userData = await userDataOf(res.json<{ data: { token: string } }>().data.token);
      expect(userData.phone).toBeNull();
    }
  });

  it('creates a camper, trimming the e-mail, names and phone', async () => {
    const email = uniqueEmail('camper');
    const res = await post('/camper/auth/register', {
      firstName: '  Jamie ',
      lastName: ' Rivers  ',
      email: `  ${email}  `,
      phone: ' 312-555-0142 ',
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    const userData = await userDataOf(res.json<{ data: { token: string } }>().data.token);
    expect(userData).toEqual({
      id: expect.any(Number),
      firstName: 'Jamie',
      lastName: 'Rivers',
      email,
      phone: '312-555-0142',
      userType: 'camper',
      pendingEmail: null,
    });
  });

  it('queues a welcome mail for the new account', async () => {
    const user = await registerHost(t.app);
    const mail = await mailTo(t.db, user.email);
    expect(mail.map((row) => row.subject)).toEqual(['Welcome to Campwise']);
  });

  it('requires a phone number from a camper', async () => {
    for (const phone of [undefined, '', null]) {
      const res = await post('/camper/auth/register', { ...validCamper(), phone });
      expect(res.statusCode, `phone ${JSON.stringify(phone)}`).toBe(400);
      expect(res.json<ErrorReply>()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: messages.invalidPhone,
        fields: { phone: messages.invalidPhone },
      });
    }
  });

  it('refuses an address already used by an account of the same type, in any case', async () => {
    const email = uniqueEmail('dup');
    await registerHost(t.app, { email });

    const res = await post('/auth/register', { ...validHost(), email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: messages.emailTaken });
    // The refused sign-up left nothing behind: one account, one welcome mail.
    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
    expect(await mailTo(t.db, email)).toHaveLength(1);
  });

  it('accepts only one of two simultaneous sign-ups with the same address', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      post('/camper/auth/register', { ...validCamper(), email }),
      post('/camper/auth/register', { ...validCamper(), email: email.toUpperCase() }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((res) => res.statusCode === 409);
    expect(loser?.json<ErrorReply>().message).toBe(messages.emailTaken);
  });

  it('lets one address hold both a host and a camper account', async () => {
    const email = uniqueEmail('both');
    const host = await registerHost(t.app, { email });
    const camper = await registerCamper(t.app, { email });
    expect(camper.id).not.toBe(host.id);
    expect((await userDataOf(host.token)).userType).toBe('host');
    expect((await userDataOf(camper.token)).userType).toBe('camper');

    const again = await post('/camper/auth/register', { ...validCamper(), email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorReply>().message).toBe(messages.emailTaken);
  });

  describe('invalid input answers 400 in the error format', () => {
    const longName = 'N'.repeat(NAME_MAX_LENGTH + 1);
    const cases: [string, (body: Record<string, unknown>) => unknown, string, string][] = [
      ['no fields at all', () => ({}), 'firstName', messages.requiredFields],
      ['a missing first name', ({ firstName: _, ...rest }) => rest, 'firstName', messages.requiredFields],
      ['a blank last name', (b) => ({ ...b, lastName: '   ' }), 'lastName', messages.requiredFields],
      ['a missing e-mail', ({ email: _, ...rest }) => rest, 'email', messages.emailRequired],
      ['a malformed e-mail', (b) => ({ ...b, email: 'robin@' }), 'email', messages.invalidEmail],
      [
        'an e-mail with spaces',
        (b) => ({ ...b, email: 'ro bin@example.com' }),
        'email',
        messages.invalidEmail,
      ],
      ['a phone too short', (b) => ({ ...b, phone: '312555014' }), 'phone', messages.invalidPhone],
      [
        'a phone with a 1xx area code',
        (b) => ({ ...b, phone: '112-555-0142' }),
        'phone',
        messages.invalidPhone,
      ],
      ['a phone from abroad', (b) => ({ ...b, phone: '+44 20 7946 0958' }), 'phone', messages.invalidPhone],
      ['a short password', (b) => ({ ...b, password: 'Ab1!xyz' }), 'password', messages.passwordTooShort],
      [
        'an over-long password',
        (b) => ({ ...b, password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) }),
        'password',
        messages.passwordTooLong,
      ],
      ['an over-long first name', (b) => ({ ...b, firstName: longName }), 'firstName', messages.nameTooLong],
      ['an over-long last name', (b) => ({ ...b, lastName: longName }), 'lastName', messages.nameTooLong],
      [
        'a NUL character in a name',
        (b) => ({ ...b, firstName: 'Rob\u0000in' }),
        'firstName',
        messages.invalidInput,
      ],
      ['a line break in a name', (b) => ({ ...b, lastName: 'Mead\nows' }), 'lastName', messages.invalidInput],
      ['a number as first name', (b) => ({ ...b, firstName: 42 }), 'firstName', messages.requiredFields],
      ['an array as e-mail', (b) => ({ ...b, email: [b.email] }), 'email', messages.invalidEmail],
      ['null as e-mail', (b) => ({ ...b, email: null }), 'email', messages.invalidEmail],
      ['a number as phone', (b) => ({ ...b, phone: 3125550142 }), 'phone', messages.invalidPhone],
      ['null as password', (b) => ({ ...b, password: null }), 'password', messages.passwordTooShort],
      [
        'an object as password',
        (b) => ({ ...b, password: { value: 'x' } }),
        'password',
        messages.passwordTooShort,
      ],
    ];

    for (const [url, valid] of [
      ['/auth/register', validHost],
      ['/camper/auth/register', validCamper],
    ] as const) {
      it.each(cases)(`${url}: %s`, async (_name, mutate, field, message) => {
        const res = await post(url, mutate(valid()));
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json<ErrorReply>();
        expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message });
        expect(body.fields?.[field]).toBe(message);
      });
    }

    it('refuses a password from the common-password list, creating nothing', async () => {
      for (const password of ['password123', 'Password123', 'qwertyuiop']) {
        const body = { ...validHost(), password };
        const res = await post('/auth/register', body);
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({
          statusCode: 400,
          code: 'BAD_REQUEST',
          message: messages.passwordTooCommon,
          fields: { password: messages.passwordTooCommon },
        });
        const rows = await t.db.select().from(users).where(eq(users.email, body.email));
        expect(rows).toEqual([]);
      }
      const camper = await post('/camper/auth/register', { ...validCamper(), password: 'password123' });
      expect(camper.statusCode).toBe(400);
      expect(camper.json<ErrorReply>().message).toBe(messages.passwordTooCommon);
    });

    it('refuses bodies that are not a JSON object', async () => {
      for (const payload of [[], null, 'robin@example.com', 42]) {
        const res = await post('/auth/register', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const body = res.json<ErrorReply>();
        expect(body).toMatchObject({
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: expect.any(String),
        });
        expect(Object.keys(body.fields ?? {})).toEqual(['body']);
      }
    });

    it('refuses malformed JSON and non-JSON bodies', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ statusCode: 400, code: 'INVALID_JSON', message: messages.invalidJson });

      const text = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=robin@example.com',
      });
      expect(text.statusCode).toBe(415);
    });

    it('ignores unknown fields but never takes a user type other than its own', async () => {
      const extra = await post('/auth/register', { ...validHost(), isAdmin: true, tokenVersion: 7, id: 1 });
      expect(extra.statusCode, extra.body).toBe(201);
      const userData = await userDataOf(extra.json<{ data: { token: string } }>().data.token);
      expect(userData.userType).toBe('host');
      expect(userData.id).not.toBe(1);
      const [row] = await t.db.select().from(users).where(eq(users.id, userData.id));
      expect(row?.tokenVersion).toBe(0);

      const typed = await post('/auth/register', { ...validHost(), userType: 'host' });
      expect(typed.statusCode).toBe(201);

      for (const [url, userType] of [
        ['/auth/register', 'admin'],
        ['/auth/register', 'camper'],
        ['/camper/auth/register', 'host'],
        ['/camper/auth/register', 'admin'],
      ] as const) {
        const body = { ...validCamper(), userType };
        const res = await post(url, body);
        expect(res.statusCode, `${url} as ${userType}`).toBe(400);
        expect(res.json<ErrorReply>().code).toBe('VALIDATION_ERROR');
        expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
      }
    });
  });
});

describe('login', () => {
  // One address with a host and a camper account, each with its own password.
  const sharedEmail = uniqueEmail('login');
  const camperPassword = 'Willow-Creek-Paddle-77';
  let host: TestUser;
  let camper: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    host = await registerHost(t.app, { email: sharedEmail });
    camper = await registerCamper(t.app, { email: sharedEmail, password: camperPassword });
    admin = await createAdmin(t.app, t.db);
  });

  const loginCases: [UserType, () => TestUser][] = [
    ['host', () => host],
    ['camper', () => camper],
    ['admin', () => admin],
  ];

  it.each(loginCases)('a %s logs in and gets a working token', async (userType, user) => {
    const { email, password, id } = user();
    const token = await logInToken(t.app, userType, email, password);
    expect(await userDataOf(token)).toMatchObject({ id, userType, email });
  });

  it.each(loginCases)('a %s logs in with the e-mail in any case and with spaces', async (userType, user) => {
    const { email, password, id } = user();
    const token = await logInToken(t.app, userType, `  ${email.toUpperCase()} `, password);
    expect((await userDataOf(token)).id).toBe(id);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrongPassword = await logIn(t.app, 'host', host.email, 'Not-The-Password-1');
    const unknownEmail = await logIn(t.app, 'host', uniqueEmail('nobody'), host.password);
    const expected = { statusCode: 401, code: 'INVALID_CREDENTIALS', message: messages.loginFailed };
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(expected);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('keeps the accounts of one address apart', async () => {
    // The same address, each account with the other's password.
    expect((await logIn(t.app, 'camper', sharedEmail, host.password)).statusCode).toBe(401);
    expect((await logIn(t.app, 'host', sharedEmail, camperPassword)).statusCode).toBe(401);
  });

  it("refuses a host's credentials at the camper and admin logins", async () => {
    const hostOnly = await registerHost(t.app);
    const atCamper = await logIn(t.app, 'camper', hostOnly.email, hostOnly.password);
    expect(atCamper.statusCode).toBe(401);
    expect(atCamper.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: messages.loginFailed,
    });
    expect((await logIn(t.app, 'admin', hostOnly.email, hostOnly.password)).statusCode).toBe(401);
    expect((await logIn(t.app, 'host', admin.email, admin.password)).statusCode).toBe(401);
  });

  it('answers 400 for a login without an e-mail or password', async () => {
    const noPassword = await post('/auth/login', { email: host.email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<ErrorReply>()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password: messages.requiredFields },
    });
    const noEmail = await post('/camper/auth/login', { password: 'whatever-it-is' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json<ErrorReply>().fields?.email).toBe(messages.emailRequired);
    const numbers = await post('/admin/auth/login', { email: 1, password: 2 });
    expect(numbers.statusCode).toBe(400);
  });
});

describe('tokens', () => {
  let host: TestUser;
  let camper: TestUser;
  const key = new TextEncoder().encode(JWT_SECRET);

  beforeAll(async () => {
    host = await registerHost(t.app);
    camper = await registerCamper(t.app);
  });

  /** A token shaped like the server's, signed with the given key and expiry. */
  const forge = (
    claims: { sub: string; typ: unknown; ver: unknown },
    options: { key?: Uint8Array; exp?: number } = {},
  ) =>
    new SignJWT({ typ: claims.typ, ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(options.key ?? key);

  const expectUnauthenticated = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/me', headers });
    expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    expect(res.json()).toEqual(unauthenticatedReply);
  };

  it('accepts a token forged with the right secret and claims (the control for the cases below)', async () => {
    const token = await forge({ sub: String(host.id), typ: 'host', ver: 0 });
    expect((await getMe(t.app, token)).statusCode).toBe(200);
  });

  it('refuses a request without a usable Authorization header', async () => {
    await expectUnauthenticated({});
    await expectUnauthenticated({ authorization: '' });
    await expectUnauthenticated({ authorization: 'Bearer' });
    await expectUnauthenticated({ authorization: 'Bearer ' });
    await expectUnauthenticated({ authorization: host.token });
    await expectUnauthenticated({ authorization: `Basic ${host.token}` });
    await expectUnauthenticated({ authorization: 'Bearer garbage' });
    await expectUnauthenticated({ authorization: 'Bearer a.b.c' });
  });

  it('refuses a token whose payload or signature was changed', async () => {
    const parts = host.token.split('.');
    expect(parts).toHaveLength(3);
    const [header = '', payload = '', signature = ''] = parts;
    const claims: Record<string, unknown> = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: String(host.id), typ: 'host', ver: 0 });

    // Claims that would be valid for the camper, under the host's signature.
    const asCamper = Buffer.from(
      JSON.stringify({ ...claims, sub: String(camper.id), typ: 'camper' }),
    ).toString('base64url');
    await expectUnauthenticated(bearer(`${header}.${asCamper}.${signature}`));

    // Change a character in the middle: the last one may only carry padding bits.
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === 'A' ? 'B' : 'A';
    const badSignature = signature.slice(0, middle) + flipped + signature.slice(middle + 1);
    await expectUnauthenticated(bearer(`${header}.${payload}.${badSignature}`));
    await expectUnauthenticated(bearer(`${header}.${payload}.`));
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TextEncoder().encode('a-completely-different-secret-value-0987654321');
    await expectUnauthenticated(
      bearer(await forge({ sub: String(host.id), typ: 'host', ver: 0 }, { key: other })),
    );
  });

  it('refuses an unsigned token', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: String(host.id), typ: 'host', ver: 0, exp })}.`;
    await expectUnauthenticated(bearer(unsigned));
  });

  it('refuses an expired token', async () => {
    const exp = Math.floor(Date.now() / 1000) - 60;
    await expectUnauthenticated(bearer(await forge({ sub: String(host.id), typ: 'host', ver: 0 }, { exp })));
  });

  it('refuses well-signed tokens whose claims do not match a current user', async () => {
    const cases = [
      { sub: '999999', typ: 'host', ver: 0 },
      { sub: String(host.id), typ: 'camper', ver: 0 },
      { sub: String(host.id), typ: 'admin', ver: 0 },
      { sub: String(host.id), typ: 'host', ver: 1 },
      { sub: String(host.id), typ: 'host', ver: '0' },
      { sub: String(host.id), typ: 'superuser', ver: 0 },
      { sub: 'abc', typ: 'host', ver: 0 },
      { sub: '-1', typ: 'host', ver: 0 },
    ];
    for (const claims of cases) await expectUnauthenticated(bearer(await forge(claims)));
  });

  it('answers 403 to a camper on a host-only call, and to a host on a camper-only call', async () => {
    const forbidden = { statusCode: 403, code: 'FORBIDDEN', message: messages.forbidden };
    const hostOnly = await t.app.inject({
      method: 'GET',
      url: `/host/${camper.id}`,
      headers: bearer(camper.token),
    });
    expect(hostOnly.statusCode).toBe(403);
    expect(hostOnly.json()).toEqual(forbidden);
    const camperOnly = await t.app.inject({
      method: 'PUT',
      url: '/camper',
      headers: bearer(host.token),
      payload: { firstName: 'A', lastName: 'B', email: host.email, phone: '312-555-0142' },
    });
    expect(camperOnly.statusCode).toBe(403);
    expect(camperOnly.json()).toEqual(forbidden);
  });
});
