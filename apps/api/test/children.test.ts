import { type Child, latestToday, SHIRT_SIZES, utcToday } from '@campwise/contract/children';
import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { children, registrations } from '../src/db/schema.ts';
import { approvedOrg, type Call, createCamp, firstSession, send } from './camp-fixtures.ts';
import { createAdmin, registerCamper, type TestUser, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, type OrgHost, subscribedOrgHost } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let parent: TestUser;
let otherParent: TestUser;
let host: OrgHost;
let admin: TestUser;
let campId: number;

/** A child as the New Camper dialog sends it. */
const MAYA = {
  firstName: 'Maya',
  lastName: 'Meadows',
  gender: 'female',
  shirtSize: 'youth_m',
  medical: 'Peanut allergy; carries an EpiPen.',
  birthday: '2016-04-09',
};

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  [parent, otherParent, host, admin] = await Promise.all([
    registerCamper(app),
    registerCamper(app),
    subscribedOrgHost(app),
    createAdmin(app, db),
  ]);
  const orgId = await approvedOrg(app, admin.token, host.token);
  campId = await createCamp(app, host.token, orgId);
});

function postChild(token: string, payload: object) {
  return send(app, { method: 'POST', url: '/camper/campers', payload }, token);
}

async function addChild(token: string, payload: object = MAYA): Promise<Child> {
  const res = await postChild(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Child }>().data;
}

async function childrenOf(token: string): Promise<Child[]> {
  const res = await send(app, { method: 'GET', url: '/camper/campers' }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Child[] }>().data;
}

/** The same day of the year, `years` before today (a birthday `years` old today). */
function yearsAgo(years: number, days = 0): string {
  const date = new Date(`${utcToday()}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('adding a child', () => {
  it('keeps every field and answers the child with its age today', async () => {
    const birthday = yearsAgo(9, 1);
    const child = await addChild(parent.token, { ...MAYA, birthday });
    expect(child).toEqual({
      id: expect.any(Number),
      firstName: 'Maya',
      lastName: 'Meadows',
      gender: 'female',
      shirtSize: 'youth_m',
      medical: 'Peanut allergy; carries an EpiPen.',
      birthday,
      // The ninth birthday is tomorrow.
      age: 8,
    });
    const [row] = await db.select().from(children).where(eq(children.id, child.id));
    expect(row).toMatchObject({ parentId: parent.id, birthday, medical: MAYA.medical });
  });

  it('trims names, keeps line breaks in medical notes and stores blank notes as none', async () => {
    const child = await addChild(parent.token, {
      ...MAYA,
      firstName: '  Theo ',
      lastName: ' Meadows  ',
      medical: '  Asthma\r\nInhaler in the backpack  ',
    });
    expect(child).toMatchObject({
      firstName: 'Theo',
      lastName: 'Meadows',
      medical: 'Asthma\nInhaler in the backpack',
    });
    for (const medical of ['   ', '', null, undefined]) {
      expect((await addChild(parent.token, { ...MAYA, medical })).medical).toBeNull();
    }
  });

  it('keeps a gender unsaid when the parent leaves it out or clears it, and every youth and adult size', async () => {
    expect((await addChild(parent.token, { ...MAYA, gender: undefined })).gender).toBeNull();
    expect((await addChild(parent.token, { ...MAYA, gender: null })).gender).toBeNull();
    expect((await addChild(parent.token, { ...MAYA, gender: 'nonbinary' })).gender).toBe('nonbinary');
    for (const shirtSize of SHIRT_SIZES) {
      expect((await addChild(parent.token, { ...MAYA, shirtSize })).shirtSize).toBe(shirtSize);
    }
  });

  it('takes a birthday of today (where the day has begun), and a child who turns one today is 1', async () => {
    expect((await addChild(parent.token, { ...MAYA, birthday: yearsAgo(1) })).age).toBe(1);
    expect((await addChild(parent.token, { ...MAYA, birthday: latestToday() })).age).toBe(0);
  });

  it.each([
    ['firstName', { firstName: '' }],
    ['firstName', { firstName: '   ' }],
    ['lastName', { lastName: undefined }],
    ['shirtSize', { shirtSize: undefined }],
    ['birthday', { birthday: '' }],
    ['birthday', { birthday: undefined }],
  ])('refuses a missing %s with the spec message', async (field, overrides) => {
    const res = await postChild(parent.token, { ...MAYA, ...overrides });
    expectError(res, 400, 'VALIDATION_ERROR', messages.requiredFields, {
      [field]: messages.requiredFields,
    });
  });

  it('names every missing field at once', async () => {
    const res = await postChild(parent.token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: messages.requiredFields,
      fields: {
        firstName: messages.requiredFields,
        lastName: messages.requiredFields,
        shirtSize: messages.requiredFields,
        birthday: messages.requiredFields,
      },
    });
  });

  it.each([
    ['gender', { gender: 'other' }, messages.invalidInput],
    ['gender', { gender: '' }, messages.invalidInput],
    ['shirtSize', { shirtSize: 'small' }, messages.requiredFields],
    ['shirtSize', { shirtSize: 'xl' }, messages.requiredFields],
    ['firstName', { firstName: 'M'.repeat(101) }, messages.nameTooLong],
    ['lastName', { lastName: 'Mead\u0000ows' }, messages.invalidInput],
    ['medical', { medical: 'x'.repeat(2001) }, messages.medicalTooLong],
    ['medical', { medical: 'Bee sting \u0007 allergy' }, messages.invalidInput],
    ['medical', { medical: 42 }, messages.invalidInput],
    ['birthday', { birthday: '2016-02-30' }, messages.invalidDate],
    ['birthday', { birthday: '04/09/2016' }, messages.invalidDate],
    ['birthday', { birthday: yearsAgo(0, 2) }, messages.birthdayInFuture],
    ['birthday', { birthday: '1900-01-01' }, messages.birthdayTooOld],
    ['birthday', { birthday: yearsAgo(100) }, messages.birthdayTooOld],
  ])('refuses a bad %s: %j', async (field, overrides, message) => {
    const res = await postChild(parent.token, { ...MAYA, ...overrides });
    expectError(res, 400, 'VALIDATION_ERROR', message, { [field]: message });
  });

  it('takes a birthday just under 100 years ago', async () => {
    expect((await addChild(parent.token, { ...MAYA, birthday: yearsAgo(100, 1) })).age).toBe(99);
  });

  it('refuses a body that is not an object', async () => {
    const res = await postChild(parent.token, [MAYA]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });
});

describe('listing, reading and editing children', () => {
  it("lists only the parent's own children, by first name", async () => {
    const newParent = await registerCamper(app);
    expect(await childrenOf(newParent.token)).toEqual([]);
    for (const firstName of ['zoe', 'Ava', 'Liam']) await addChild(newParent.token, { ...MAYA, firstName });
    await addChild(otherParent.token, { ...MAYA, firstName: 'Aaron' });
    expect((await childrenOf(newParent.token)).map((child) => child.firstName)).toEqual([
      'Ava',
      'Liam',
      'zoe',
    ]);
  });

  it('reads one child and replaces its details', async () => {
    const child = await addChild(parent.token);
    const read = await send(app, { method: 'GET', url: `/camper/campers/${child.id}` }, parent.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data: child });

    const update = {
      firstName: 'Maya Rose',
      lastName: 'Meadows',
      gender: 'female',
      shirtSize: 'youth_l',
      medical: '',
      birthday: '2015-12-31',
    };
    const res = await send(
      app,
      { method: 'PUT', url: `/camper/campers/${child.id}`, payload: update },
      parent.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: Child }>().data;
    expect(updated).toMatchObject({ ...update, id: child.id, medical: null });
    expect(updated.age).toBeGreaterThanOrEqual(9);

    const bad = await send(
      app,
      { method: 'PUT', url: `/camper/campers/${child.id}`, payload: { ...update, firstName: '' } },
      parent.token,
    );
    expectError(bad, 400, 'VALIDATION_ERROR', messages.requiredFields, {
      firstName: messages.requiredFields,
    });
  });

  it('keeps no copy of the medical notes in a browser or a proxy: every answer is no-store', async () => {
    const child = await addChild(parent.token);
    const answers = {
      list: await send(app, { method: 'GET', url: '/camper/campers' }, parent.token),
      read: await send(app, { method: 'GET', url: `/camper/campers/${child.id}` }, parent.token),
      add: await postChild(parent.token, MAYA),
      edit: await send(
        app,
        { method: 'PUT', url: `/camper/campers/${child.id}`, payload: MAYA },
        parent.token,
      ),
    };
    for (const [call, res] of Object.entries(answers)) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.headers['cache-control'], call).toBe('no-store');
    }
  });

  it('answers 404 for a child that does not exist, and 400 for an id that is not one', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await send(
        app,
        { method, url: '/camper/campers/999999', ...(method === 'PUT' ? { payload: MAYA } : {}) },
        parent.token,
      );
      expectError(res, 404, 'NOT_FOUND', messages.childNotFound);
    }
    const res = await send(app, { method: 'GET', url: '/camper/campers/abc' }, parent.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('deleting a child', () => {
  async function registration(childId: number, status: (typeof registrations.$inferInsert)['status']) {
    const session = await firstSession(db, campId);
    await db
      .insert(registrations)
      .values({ campId, sessionId: session.id, childId, parentId: parent.id, status });
  }

  it('deletes a child with no registration', async () => {
    const child = await addChild(parent.token);
    const res = await send(app, { method: 'DELETE', url: `/camper/campers/${child.id}` }, parent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });
    expect(await db.select().from(children).where(eq(children.id, child.id))).toEqual([]);
  });

  it.each(['pending_payment', 'confirmed', 'waitlisted', 'offered'] as const)(
    'refuses while a registration is %s (409), keeping the child',
    async (status) => {
      const child = await addChild(parent.token);
      await registration(child.id, status);
      const res = await send(app, { method: 'DELETE', url: `/camper/campers/${child.id}` }, parent.token);
      expectError(res, 409, 'CONFLICT', messages.childHasActiveRegistrations);
      expect(await db.select().from(children).where(eq(children.id, child.id))).toHaveLength(1);
    },
  );

  it('deletes a child whose registrations are all over, with them', async () => {
    const child = await addChild(parent.token);
    for (const status of ['cancelled', 'offer_expired', 'payment_failed'] as const) {
      await registration(child.id, status);
    }
    const res = await send(app, { method: 'DELETE', url: `/camper/campers/${child.id}` }, parent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await db.select().from(registrations).where(eq(registrations.childId, child.id))).toEqual([]);
  });
});

describe('who may use the children calls', () => {
  let child: Child;

  beforeAll(async () => {
    child = await addChild(parent.token);
  });

  function calls(id: number): Call[] {
    return [
      { method: 'GET', url: '/camper/campers' },
      { method: 'POST', url: '/camper/campers', payload: MAYA },
      { method: 'GET', url: `/camper/campers/${id}` },
      { method: 'PUT', url: `/camper/campers/${id}`, payload: MAYA },
      { method: 'DELETE', url: `/camper/campers/${id}` },
    ];
  }

  it('refuses a guest (401) and a bad token', async () => {
    for (const call of calls(child.id)) {
      const res = await send(app, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual(unauthenticatedReply);
      expect((await send(app, call, 'not-a-token')).statusCode).toBe(401);
    }
  });

  it('refuses a host and an administrator (403)', async () => {
    for (const token of [host.token, admin.token]) {
      for (const call of calls(child.id)) {
        expectError(await send(app, call, token), 403, 'FORBIDDEN', messages.forbidden);
      }
    }
  });

  it("answers another parent 404 for this parent's child and changes nothing", async () => {
    for (const call of calls(child.id).slice(2)) {
      const res = await send(app, call, otherParent.token);
      expectError(res, 404, 'NOT_FOUND', messages.childNotFound);
    }
    const [row] = await db.select().from(children).where(eq(children.id, child.id));
    expect(row).toMatchObject({ parentId: parent.id, firstName: 'Maya', medical: MAYA.medical });
    expect((await childrenOf(otherParent.token)).map((other) => other.id)).not.toContain(child.id);
  });
});
