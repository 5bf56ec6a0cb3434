import { CAMP_DESCRIPTION_MAX, type CampDetail, VIRTUAL_ADDRESS } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  approvedOrg,
  CAMP_FIELDS,
  campRow,
  campTableCounts,
  campUpdate,
  createCamp,
  hostCamp,
  postCamp,
  putCamp,
} from './camp-fixtures.ts';
import { bearer, createAdmin, type ErrorReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, type OrgHost, subscribedOrgHost } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let otherHost: OrgHost;
let orgId: number;
let otherOrgId: number;
/** A camp the update tests edit; each test sets every field it relies on. */
let editedCampId: number;

let serial = 0;
/** Successful creates need distinct names, or they would be duplicates of each other. */
function freshName(label: string): string {
  serial += 1;
  return `${label} ${serial}`;
}

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const [owner, other, admin] = await Promise.all([
    subscribedOrgHost(app),
    subscribedOrgHost(app),
    createAdmin(app, db),
  ]);
  host = owner;
  otherHost = other;
  [orgId, otherOrgId] = await Promise.all([
    approvedOrg(app, admin.token, host.token),
    approvedOrg(app, admin.token, otherHost.token),
  ]);
  editedCampId = await createCamp(app, host.token, orgId, { name: freshName('Edited Camp') });
});

const REQUIRED_FIELDS = [
  'name',
  'description',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'startDate',
  'endDate',
  'minAge',
  'maxAge',
  'cost',
  'spotsAvailable',
] as const;

/** The JSON name of a camp field in the spec's update payload. */
const updateName = (field: (typeof REQUIRED_FIELDS)[number]) =>
  field === 'spotsAvailable' ? 'spots' : field;

async function created(fields: Record<string, string>): Promise<CampDetail> {
  const res = await postCamp(app, host.token, orgId, {
    ...CAMP_FIELDS,
    name: freshName('Rule Camp'),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return hostCamp(app, host.token, res.json<{ data: { id: number } }>().data.id);
}

function create(fields: Record<string, string>) {
  return postCamp(app, host.token, orgId, { ...CAMP_FIELDS, name: freshName('Refused Camp'), ...fields });
}

function update(overrides: Record<string, unknown>) {
  return putCamp(app, host.token, editedCampId, campUpdate(overrides));
}

/** A 400 validation answer with exactly these field problems; the message is the first one's. */
function expectInvalid(res: LightMyRequestResponse, fields: Record<string, string>): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ErrorReply>();
  expect(body).toEqual({
    statusCode: 400,
    code: 'VALIDATION_ERROR',
    message: expect.any(String),
    fields,
  });
  expect(Object.values(fields)).toContain(body.message);
}

describe('virtual (26) only', () => {
  it('takes empty address fields and stores the address as "Virtual" without city, state or ZIP', async () => {
    const camp = await created({ categories: '[26]', address: '', city: '', state: '', zip: '' });
    expect(camp).toMatchObject({
      address: VIRTUAL_ADDRESS,
      city: null,
      state: null,
      zip: null,
      isVirtual: true,
      isYearRound: false,
      startDate: CAMP_FIELDS.startDate,
      endDate: CAMP_FIELDS.endDate,
    });
    expect(await campRow(db, camp.id)).toMatchObject({
      address: VIRTUAL_ADDRESS,
      city: null,
      state: null,
      zip: null,
      isVirtual: true,
    });
  });

  it('drops an address the form still sent, as the form clears it', async () => {
    const camp = await created({ categories: '26' });
    expect(camp).toMatchObject({ address: VIRTUAL_ADDRESS, city: null, state: null, zip: null });
  });

  it('still needs the dates', async () => {
    expectInvalid(await create({ categories: '26', address: '', startDate: '', endDate: '' }), {
      startDate: messages.campRequiredFields,
      endDate: messages.campRequiredFields,
    });
  });
});

describe('year round (22) only', () => {
  it('takes empty dates and stores them as null', async () => {
    const camp = await created({ categories: '[22,9]', startDate: '', endDate: '' });
    expect(camp).toMatchObject({
      startDate: null,
      endDate: null,
      isYearRound: true,
      isVirtual: false,
      address: CAMP_FIELDS.address,
      city: CAMP_FIELDS.city,
    });
    expect(await campRow(db, camp.id)).toMatchObject({ startDate: null, endDate: null, isYearRound: true });
  });

  it('drops dates the form still sent', async () => {
    expect(await created({ categories: '22' })).toMatchObject({ startDate: null, endDate: null });
  });

  it('needs the address fields', async () => {
    expectInvalid(
      await create({
        categories: '22',
        startDate: '',
        endDate: '',
        address: '',
        city: '',
        state: '',
        zip: '',
      }),
      {
        address: messages.campRequiredFields,
        city: messages.campRequiredFields,
        state: messages.campRequiredFields,
        zip: messages.campRequiredFields,
      },
    );
  });
});

describe('virtual and year round together', () => {
  it('needs the address and not the dates', async () => {
    const camp = await created({ categories: '[26,22]', startDate: '', endDate: '' });
    expect(camp).toMatchObject({
      address: CAMP_FIELDS.address,
      city: CAMP_FIELDS.city,
      state: CAMP_FIELDS.state,
      zip: CAMP_FIELDS.zip,
      startDate: null,
      endDate: null,
      isVirtual: true,
      isYearRound: true,
    });
    expectInvalid(
      await create({
        categories: '26,22',
        startDate: '',
        endDate: '',
        address: '',
        city: '',
        state: '',
        zip: '',
      }),
      {
        address: messages.campRequiredFields,
        city: messages.campRequiredFields,
        state: messages.campRequiredFields,
        zip: messages.campRequiredFields,
      },
    );
  });

  it('applies the same rules when a camp is edited', async () => {
    const virtual = await update({ categories: [26], address: '', city: '', state: '', zip: '' });
    expect(virtual.statusCode, virtual.body).toBe(200);
    expect(virtual.json<{ data: CampDetail }>().data).toMatchObject({
      address: VIRTUAL_ADDRESS,
      city: null,
      state: null,
      zip: null,
      isVirtual: true,
      isYearRound: false,
      startDate: CAMP_FIELDS.startDate,
    });

    const yearRound = await update({ categories: [22], startDate: '', endDate: '' });
    expect(yearRound.statusCode, yearRound.body).toBe(200);
    expect(yearRound.json<{ data: CampDetail }>().data).toMatchObject({
      address: CAMP_FIELDS.address,
      startDate: null,
      endDate: null,
      isVirtual: false,
      isYearRound: true,
    });

    expectInvalid(await update({ categories: [26, 22], startDate: '', endDate: '', address: '' }), {
      address: messages.requiredFields,
    });
    expectInvalid(await update({ categories: [26], startDate: '' }), { startDate: messages.requiredFields });
  });
});

describe('categories', () => {
  it.each([
    ['empty', ''],
    ['an empty list', '[]'],
  ])('are required on a new camp (%s)', async (_label, categories) => {
    expectError(await create({ categories }), 400, 'VALIDATION_ERROR', messages.campRequiredFields, {
      categories: messages.campRequiredFields,
    });
  });

  it('are required on a new camp when the field is left out', async () => {
    const { categories: _categories, ...fields } = CAMP_FIELDS;
    expectError(
      await postCamp(app, host.token, orgId, { ...fields, name: freshName('No Categories') }),
      400,
      'VALIDATION_ERROR',
      messages.campRequiredFields,
      { categories: messages.campRequiredFields },
    );
  });

  it('are required when a camp is edited', async () => {
    const { categories: _categories, ...withoutCategories } = campUpdate();
    for (const payload of [campUpdate({ categories: [] }), withoutCategories]) {
      expectError(
        await putCamp(app, host.token, editedCampId, payload),
        400,
        'VALIDATION_ERROR',
        messages.campCategoryRequired,
        { categories: messages.campCategoryRequired },
      );
    }
  });

  it.each(['0', '31', '[0]', '[31]', '[21,31]', 'x', '21,x'])(
    'refuses the unknown ids %j',
    async (categories) => {
      const res = await create({ categories });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<ErrorReply>();
      expect(body.message).toBe(messages.unknownCategory);
      // Text that is not a number is reported at its place in the list (categories.0).
      expect(Object.keys(body.fields ?? {}).map((path) => path.split('.')[0])).toEqual(['categories']);
    },
  );

  it('refuses unknown ids when a camp is edited', async () => {
    for (const categories of [[0], [31], ['x'], [9, 99]]) {
      const res = await update({ categories });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ErrorReply>().message).toBe(messages.unknownCategory);
    }
  });
});

describe('required fields', () => {
  it.each(REQUIRED_FIELDS)('a new camp with an empty %s is refused, naming it', async (field) => {
    expectError(await create({ [field]: '' }), 400, 'VALIDATION_ERROR', messages.campRequiredFields, {
      [field]: messages.campRequiredFields,
    });
  });

  it.each(REQUIRED_FIELDS)('an edit with an empty %s is refused, naming it', async (field) => {
    expectError(await update({ [updateName(field)]: '' }), 400, 'VALIDATION_ERROR', messages.requiredFields, {
      [field]: messages.requiredFields,
    });
  });

  it('takes a camp without an e-mail address', async () => {
    expect((await created({ email: '' })).email).toBeNull();
  });

  it('stores nothing for any refused camp', async () => {
    const before = await campTableCounts(db);
    for (const field of REQUIRED_FIELDS) expect((await create({ [field]: '' })).statusCode).toBe(400);
    expect(await campTableCounts(db)).toEqual(before);
  });
});

describe('values', () => {
  it('refuses a minimum age over the maximum, on create and edit', async () => {
    expectError(
      await create({ minAge: '13', maxAge: '12' }),
      400,
      'VALIDATION_ERROR',
      messages.minAgeOverMax,
      {
        minAge: messages.minAgeOverMax,
      },
    );
    expectError(await update({ minAge: 13, maxAge: 12 }), 400, 'VALIDATION_ERROR', messages.minAgeOverMax, {
      minAge: messages.minAgeOverMax,
    });
    expect(await created({ minAge: '12', maxAge: '12' })).toMatchObject({ minAge: 12, maxAge: 12 });
  });

  it('refuses an end date before the start date, on create and edit', async () => {
    const dates = { startDate: '2030-07-10', endDate: '2030-07-09' };
    expectError(await create(dates), 400, 'VALIDATION_ERROR', messages.endBeforeStart, {
      endDate: messages.endBeforeStart,
    });
    expectError(await update(dates), 400, 'VALIDATION_ERROR', messages.endBeforeStart, {
      endDate: messages.endBeforeStart,
    });
    expect(await created({ startDate: '2030-07-10', endDate: '2030-07-10' })).toMatchObject({
      startDate: '2030-07-10',
      endDate: '2030-07-10',
    });
  });

  it.each(['2027-02-30', '2027-02-29', '2027-13-01', '2027-6-1', '06/01/2027', '2027/06/01', 'next week'])(
    'refuses the date %j',
    async (value) => {
      for (const field of ['startDate', 'endDate'] as const) {
        expectError(await create({ [field]: value }), 400, 'VALIDATION_ERROR', messages.invalidDate, {
          [field]: messages.invalidDate,
        });
        expectError(await update({ [field]: value }), 400, 'VALIDATION_ERROR', messages.invalidDate, {
          [field]: messages.invalidDate,
        });
      }
    },
  );

  it('takes a leap day', async () => {
    expect(await created({ startDate: '2028-02-29', endDate: '2028-03-01' })).toMatchObject({
      startDate: '2028-02-29',
      endDate: '2028-03-01',
    });
  });

  it.each(['cost', 'spotsAvailable', 'minAge', 'maxAge'] as const)(
    'asks for a whole number of at least 1 in %s',
    async (field) => {
      for (const value of ['0', '-1', '1.5', 'ten', '12abc']) {
        // A high maximum age keeps the age-order rule out of the way.
        expectError(
          await create({ maxAge: '99', [field]: value }),
          400,
          'VALIDATION_ERROR',
          messages.wholeNumberRequired,
          { [field]: messages.wholeNumberRequired },
        );
      }
      for (const value of [0, -1, 1.5, 'ten']) {
        expectError(
          await update({ maxAge: 99, [updateName(field)]: value }),
          400,
          'VALIDATION_ERROR',
          messages.wholeNumberRequired,
          { [field]: messages.wholeNumberRequired },
        );
      }
    },
  );

  it('refuses a state outside the 50 states, DC and Puerto Rico', async () => {
    for (const state of ['XX', 'GU', 'Texas']) {
      expectError(await create({ state }), 400, 'VALIDATION_ERROR', messages.invalidState, {
        state: messages.invalidState,
      });
    }
    expectError(await update({ state: 'ZZ' }), 400, 'VALIDATION_ERROR', messages.invalidState, {
      state: messages.invalidState,
    });
    expect((await created({ state: 'PR' })).state).toBe('PR');
  });

  it('refuses a ZIP that is not five digits', async () => {
    for (const zip of ['7870', '787011', 'ABCDE']) {
      expectError(await create({ zip }), 400, 'VALIDATION_ERROR', messages.invalidZip, {
        zip: messages.invalidZip,
      });
    }
    expectError(await update({ zip: '7870' }), 400, 'VALIDATION_ERROR', messages.invalidZip, {
      zip: messages.invalidZip,
    });
  });

  it('refuses a phone number that is not a US one', async () => {
    for (const phone of ['+44 20 7946 0958', '020 7946 0958', '112-555-0142', '512-555-014']) {
      expectError(await create({ phone }), 400, 'VALIDATION_ERROR', messages.invalidPhone, {
        phone: messages.invalidPhone,
      });
    }
    expectError(await update({ phone: '+44 20 7946 0958' }), 400, 'VALIDATION_ERROR', messages.invalidPhone, {
      phone: messages.invalidPhone,
    });
  });

  it('refuses an e-mail address that is not one', async () => {
    for (const email of ['camp', 'camp@', '@sunnypines.example', 'camp at sunnypines.example']) {
      expectError(await create({ email }), 400, 'VALIDATION_ERROR', messages.invalidEmail, {
        email: messages.invalidEmail,
      });
    }
    expectError(await update({ email: 'camp@' }), 400, 'VALIDATION_ERROR', messages.invalidEmail, {
      email: messages.invalidEmail,
    });
  });

  it.each(['name', 'description', 'address', 'city'] as const)(
    'refuses a NUL character in %s with 400, not a database failure',
    async (field) => {
      const before = await campTableCounts(db);
      expectError(
        await create({ [field]: 'Lake\u0000side' }),
        400,
        'VALIDATION_ERROR',
        messages.invalidInput,
        {
          [field]: messages.invalidInput,
        },
      );
      expectError(
        await update({ [field]: 'Lake\u0000side' }),
        400,
        'VALIDATION_ERROR',
        messages.invalidInput,
        {
          [field]: messages.invalidInput,
        },
      );
      expect(await campTableCounts(db)).toEqual(before);
    },
  );

  it('keeps the line breaks of a description, stored as LF whatever the form sent', async () => {
    const description = 'Week one: canoeing.\r\nWeek two:\tarchery.\nBring a hat.';
    expect((await created({ description })).description).toBe(
      'Week one: canoeing.\nWeek two:\tarchery.\nBring a hat.',
    );
  });

  it('takes a description of 5,000 characters and refuses one of 5,001', async () => {
    const longest = 'Lake days and campfire songs. '.repeat(200).slice(0, CAMP_DESCRIPTION_MAX);
    expect((await created({ description: longest })).description).toBe(longest);
    expectError(await create({ description: `${longest}!` }), 400, 'VALIDATION_ERROR', messages.textTooLong, {
      description: messages.textTooLong,
    });
    expectError(await update({ description: `${longest}!` }), 400, 'VALIDATION_ERROR', messages.textTooLong, {
      description: messages.textTooLong,
    });
  });
});

describe('editing', () => {
  it("takes the spec's payload, with spots for the capacity, and stores cents", async () => {
    const res = await update({
      name: freshName('Renamed Camp'),
      cost: 275,
      spots: 40,
      minAge: 6,
      maxAge: 9,
      allowsWaitlist: false,
      categories: [3, 5],
      startDate: '2031-07-01',
      endDate: '2031-07-31',
      orgId,
      campId: editedCampId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const camp = res.json<{ data: CampDetail }>().data;
    expect(camp).toMatchObject({
      id: editedCampId,
      costCents: 27_500,
      spotsAvailable: 40,
      minAge: 6,
      maxAge: 9,
      allowsWaitlist: false,
      startDate: '2031-07-01',
      endDate: '2031-07-31',
      isVirtual: false,
      isYearRound: false,
      categories: [
        { id: 3, text: 'Music' },
        { id: 5, text: 'Theater' },
      ],
    });
    expect(await hostCamp(app, host.token, editedCampId)).toEqual(camp);
    expect(await campRow(db, editedCampId)).toMatchObject({ costCents: 27_500, capacity: 40 });
  });
});

describe('duplicates', () => {
  function duplicateCheck(token: string, payload: object) {
    return app.inject({ method: 'POST', url: '/api/camps/duplicate', headers: bearer(token), payload });
  }

  async function duplicatesOf(token: string, name: string, phone: string): Promise<number[]> {
    const res = await duplicateCheck(token, { name, phone });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { id: number }[] }>().data.map((row) => row.id);
  }

  it('finds a camp of the host with the same name in any case and the same phone', async () => {
    const name = freshName('Pine Ridge Explorers');
    const id = await createCamp(app, host.token, orgId, { name, phone: '512-555-0177' });
    expect(await duplicatesOf(host.token, name, '512-555-0177')).toEqual([id]);
    expect(await duplicatesOf(host.token, name.toLowerCase(), '512-555-0177')).toEqual([id]);
    expect(await duplicatesOf(host.token, name.toUpperCase(), ' 512-555-0177 ')).toEqual([id]);
    expect(await duplicatesOf(host.token, name, '512-555-0178')).toEqual([]);
    expect(await duplicatesOf(host.token, `${name} Two`, '512-555-0177')).toEqual([]);
  });

  it('is not a duplicate when only another host has a camp with that name and phone', async () => {
    const name = freshName('Shared Name Camp');
    const mine = await createCamp(app, host.token, orgId, { name, phone: '512-555-0166' });
    expect(await duplicatesOf(otherHost.token, name, '512-555-0166')).toEqual([]);
    // So the other host may add one of its own, and each host sees only its own.
    const theirs = await createCamp(app, otherHost.token, otherOrgId, { name, phone: '512-555-0166' });
    expect(await duplicatesOf(otherHost.token, name, '512-555-0166')).toEqual([theirs]);
    expect(await duplicatesOf(host.token, name, '512-555-0166')).toEqual([mine]);
  });

  it('refuses to add a duplicate, in another case, and stores nothing', async () => {
    const name = freshName('Canoe Club');
    await createCamp(app, host.token, orgId, { name, phone: '512-555-0155' });
    const before = await campTableCounts(db);
    expectError(
      await postCamp(app, host.token, orgId, {
        ...CAMP_FIELDS,
        name: name.toUpperCase(),
        phone: '512-555-0155',
      }),
      409,
      'CONFLICT',
      messages.duplicateCamp,
    );
    expect(await campTableCounts(db)).toEqual(before);
    // The same name with another phone is another camp.
    await createCamp(app, host.token, orgId, { name, phone: '512-555-0156' });
  });

  it("refuses to rename a camp to another camp's name and phone, and keeps its own", async () => {
    const taken = freshName('Taken Name');
    await createCamp(app, host.token, orgId, { name: taken, phone: '512-555-0144' });
    const ownName = freshName('Own Name');
    const id = await createCamp(app, host.token, orgId, { name: ownName, phone: '512-555-0145' });
    const before = await hostCamp(app, host.token, id);

    expectError(
      await putCamp(app, host.token, id, campUpdate({ name: taken.toLowerCase(), phone: '512-555-0144' })),
      409,
      'CONFLICT',
      messages.duplicateCamp,
    );
    expect(await hostCamp(app, host.token, id)).toEqual(before);

    // Saving a camp under its own name and phone is no conflict with itself.
    const res = await putCamp(
      app,
      host.token,
      id,
      campUpdate({ name: ownName, phone: '512-555-0145', cost: 99 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: CampDetail }>().data).toMatchObject({ name: ownName, costCents: 9_900 });
  });

  it('needs a name and a phone to check', async () => {
    for (const payload of [
      { phone: '512-555-0142' },
      { name: 'Camp' },
      { name: '', phone: '512-555-0142' },
      { name: 'Lake\u0000side', phone: '512-555-0142' },
    ]) {
      const res = await duplicateCheck(host.token, payload);
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
