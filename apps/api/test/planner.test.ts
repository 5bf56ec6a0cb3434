import { randomUUID } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import {
  defaultSummer,
  type Maybe,
  mondayOf,
  type Planner,
  plannerWeeks,
  weeksSpanned,
} from '@campwise/contract/planner';
import type { HostCampSession } from '@campwise/contract/sessions';
import { shiftDate } from '@campwise/contract/sessions';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { plannerWarnings } from '../src/modules/planner/warnings.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, type Family, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
});

function planner(parent: Family, query = '') {
  return app.inject({ method: 'GET', url: `/camper/planner${query}`, headers: bearer(parent.token) });
}

async function book(parent: Family, campId: number, childId: number, sessionId?: number) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/registrations`,
    headers: bearer(parent.token),
    payload: {
      idempotencyKey: randomUUID(),
      paymentMethodId: parent.cardId,
      lines: [{ childId, sessionId: sessionId ?? (await firstSession(db, campId)).id }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the weeks of a summer', () => {
  it('runs from the second Monday of June to the week of August 31st, this summer or the next', () => {
    expect(defaultSummer('2031-03-01')).toEqual({ from: '2031-06-09', to: '2031-08-31' });
    expect(defaultSummer('2031-09-01')).toEqual({ from: '2032-06-14', to: '2032-09-05' });
    const weeks = plannerWeeks('2031-06-09', '2031-08-31');
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ start: '2031-06-09', end: '2031-06-15' });
    expect(weeks.at(-1)).toEqual({ start: '2031-08-25', end: '2031-08-31' });
  });
});

describe('what the planner warns about', () => {
  const place = (over: object) => ({
    registrationId: 1,
    childId: 1,
    childFirstName: 'Ada',
    name: 'Camp',
    startDate: '2031-07-07',
    endDate: '2031-07-11',
    startTime: '09:00',
    endTime: '15:00',
    weekdays: null,
    location: { latitude: 41.92, longitude: -87.65 },
    ...over,
  });

  it('a child in two places on one day at the same hours, but not at other hours or days', () => {
    const waiting = place({
      registrationId: 2,
      name: 'Art Camp',
      startDate: '2031-07-10',
      endDate: '2031-07-10',
    });
    expect(plannerWarnings([place({}), waiting])).toEqual([
      { kind: 'overlap', registrationIds: [1, 2], message: 'Ada has Camp and Art Camp at the same time.' },
    ]);
    expect(plannerWarnings([place({}), { ...waiting, startTime: '15:00', endTime: '17:00' }])).toEqual([]);
    expect(plannerWarnings([place({ weekdays: [1, 3] }), { ...waiting, weekdays: [4] }])).toEqual([]);
  });

  it('two children dropped off at the same time far apart, but not close by or at other times', () => {
    const ben = { childId: 2, childFirstName: 'Ben', registrationId: 3, name: 'Swim Camp' };
    // About 25 miles north of the first camp.
    const far = place({ ...ben, location: { latitude: 42.28, longitude: -87.65 }, startTime: '09:15' });
    const [warning] = plannerWarnings([place({}), far]);
    expect(warning?.kind).toBe('drop_off');
    expect(warning?.message).toMatch(
      /^Drop-off clash on Mon, July 7(, 2031)?: Ada at Camp and Ben at Swim Camp start within half an hour of each other, 25 miles apart\.$/,
    );
    expect(plannerWarnings([place({}), { ...far, startTime: '10:00' }])).toEqual([]);
    expect(
      plannerWarnings([place({}), { ...far, location: { latitude: 41.95, longitude: -87.65 } }]),
    ).toEqual([]);
    expect(plannerWarnings([place({}), { ...far, location: null }])).toEqual([]);
  });
});

describe('a family’s planner', () => {
  it('lays every place, waitlist place and offer of the range over the weeks, with totals', async () => {
    const parent = await family(app, [9, 11], { day: '2031-06-01' });
    const [ada, ben] = parent.childIds as [number, number];
    const july = await addCamp(app, host, { startDate: '2031-07-07', endDate: '2031-07-11' });
    const full = await addCamp(app, host, {
      startDate: '2031-07-14',
      endDate: '2031-07-18',
      spotsAvailable: '1',
      allowsWaitlist: 'true',
    });
    const later = await addCamp(app, host, { startDate: '2031-10-06', endDate: '2031-10-10' });
    await book(parent, july, ada);
    await book(parent, full, ben);
    await book(parent, full, ada);
    await book(parent, later, ada);

    const res = await planner(parent, '?from=2031-06-09&to=2031-08-31');
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<{ data: Planner }>().data;
    expect(plan.weeks).toHaveLength(12);
    // Ages on the planner's first day, which a search for a gap asks for.
    expect(plan.children.map((child) => child.age).sort((a, b) => a - b)).toEqual([9, 11]);
    expect(plan.entries.map((entry) => [entry.childId, entry.status, entry.startDate])).toEqual([
      [ada, 'confirmed', '2031-07-07'],
      [ben, 'confirmed', '2031-07-14'],
      [ada, 'waitlisted', '2031-07-14'],
    ]);
    expect(plan.totals).toEqual({ paidCents: 30000, maybesCents: 0, places: 2, waitlisted: 1, offered: 0 });
    expect(plan.warnings).toEqual([]);
    expect(plan).toMatchObject({ homeZip: null, radiusMiles: null });

    const calendar = await app.inject({
      method: 'GET',
      url: '/camper/planner.ics?from=2031-06-09&to=2031-08-31',
      headers: bearer(parent.token),
    });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toContain('text/calendar');
    expect(calendar.body.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(calendar.body).toContain('STATUS:TENTATIVE');
  });

  it('opens on the weeks of the family’s places when none of them is in the coming summer', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const summer = defaultSummer(today);
    const parent = await family(app, [9]);
    const opened = async () => (await planner(parent)).json<{ data: Planner }>().data;
    expect(await opened()).toMatchObject({ from: summer.from, to: summer.to });
    // An autumn week after the summer: the planner opens on it, for as long as a summer.
    const startDate = shiftDate(summer.to, 17);
    const autumn = await addCamp(app, host, { startDate, endDate: shiftDate(startDate, 4) });
    await book(parent, autumn, parent.childIds[0] as number);
    const plan = await opened();
    expect(plan.from).toBe(mondayOf(startDate));
    expect(plan.weeks).toHaveLength(weeksSpanned(summer.from, summer.to));
    expect(plan.entries.map((entry) => entry.startDate)).toEqual([startDate]);
    // Asked for the summer, it shows the summer.
    const asked = (await planner(parent, `?from=${summer.from}&to=${summer.to}`)).json<{ data: Planner }>()
      .data;
    expect(asked.entries).toEqual([]);
  });

  it('keeps the home ZIP and distance a gap is searched from, refusing a ZIP search does not know', async () => {
    const parent = await family(app, [9]);
    const save = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: '/camper/planner/preferences',
        headers: bearer(parent.token),
        payload,
      });
    expect((await save({ homeZip: '60614', radiusMiles: 15 })).json()).toEqual({
      data: { homeZip: '60614', radiusMiles: 15 },
    });
    expect((await planner(parent)).json<{ data: Planner }>().data).toMatchObject({
      homeZip: '60614',
      radiusMiles: 15,
    });
    expectError(await save({ homeZip: '00000', radiusMiles: 15 }), 400, 'BAD_REQUEST', messages.unknownZip, {
      homeZip: messages.unknownZip,
    });
    expect((await save({ homeZip: '606', radiusMiles: 15 })).statusCode).toBe(400);
    expect((await save({ homeZip: null, radiusMiles: 500 })).statusCode).toBe(400);
    expect((await planner(parent)).json<{ data: Planner }>().data.homeZip).toBe('60614');
  });

  it('refuses a range given by half, backwards or longer than 26 weeks', async () => {
    const parent = await family(app, [9]);
    expect((await planner(parent, '?from=2031-06-09')).statusCode).toBe(400);
    expect((await planner(parent, '?from=2031-08-01&to=2031-06-01')).statusCode).toBe(400);
    const tooLong = await planner(parent, '?from=2031-01-06&to=2031-12-31');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toBe(messages.plannerRangeTooLong);
  });

  it('warns when a session of the same camp and another child’s camp clash on the road', async () => {
    const parent = await family(app, [9, 10], { day: '2031-06-01' });
    const [ada, ben] = parent.childIds as [number, number];
    const campA = await addCamp(app, host, { startDate: '2031-08-04', endDate: '2031-08-08' });
    const session = await firstSession(db, campA);
    const timed = await send(
      app,
      {
        method: 'PUT',
        url: `/host/sessions/${session.id}`,
        payload: {
          name: 'Mornings',
          startDate: '2031-08-04',
          endDate: '2031-08-08',
          startTime: '09:00',
          endTime: '12:00',
          price: '150',
          capacity: '10',
        },
      },
      host.token,
    );
    expect(timed.json<{ data: HostCampSession }>().data.startTime).toBe('09:00');
    await book(parent, campA, ada);
    await book(parent, campA, ben);
    // Both children at one camp: the same place, no drop-off clash.
    expect(
      (await planner(parent, '?from=2031-06-09&to=2031-08-31')).json<{ data: Planner }>().data.warnings,
    ).toEqual([]);
  });
});

describe('maybes', () => {
  it('saves a session as a maybe for a child once, shows it in the planner with its price, and removes it', async () => {
    const parent = await family(app, [9], { day: '2031-06-01' });
    const [ada] = parent.childIds as [number];
    const campId = await addCamp(app, host, { startDate: '2031-07-21', endDate: '2031-07-25' });
    const sessionId = (await firstSession(db, campId)).id;
    const save = () =>
      app.inject({
        method: 'POST',
        url: '/camper/maybes',
        headers: bearer(parent.token),
        payload: { childId: ada, sessionId },
      });
    const first = await save();
    expect(first.statusCode, first.body).toBe(201);
    const again = await save();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json<{ data: Maybe }>().data).toMatchObject({
      childId: ada,
      campId,
      priceCents: 15000,
      spotsLeft: 10,
      bookable: true,
    });
    const plan = (await planner(parent, '?from=2031-06-09&to=2031-08-31')).json<{ data: Planner }>().data;
    expect(plan.maybes.map((maybe) => maybe.sessionId)).toEqual([sessionId]);
    expect(plan.totals.maybesCents).toBe(15000);

    const id = first.json<{ data: Maybe }>().data.id;
    const removed = await app.inject({
      method: 'DELETE',
      url: `/camper/maybes/${id}`,
      headers: bearer(parent.token),
    });
    expect(removed.json()).toEqual({ data: { deleted: true } });
    expectError(
      await app.inject({ method: 'DELETE', url: `/camper/maybes/${id}`, headers: bearer(parent.token) }),
      404,
      'NOT_FOUND',
      messages.maybeNotFound,
    );
    const list = await app.inject({ method: 'GET', url: '/camper/maybes', headers: bearer(parent.token) });
    expect(list.json()).toEqual({ data: [] });
  });

  it('refuses another family’s child and a session that cannot be booked', async () => {
    const parent = await family(app, [9], { day: '2031-06-01' });
    const stranger = await family(app, [9], { day: '2031-06-01' });
    const campId = await addCamp(app, host, { startDate: '2031-07-21', endDate: '2031-07-25' });
    const sessionId = (await firstSession(db, campId)).id;
    const save = (childId: number, session: number) =>
      app.inject({
        method: 'POST',
        url: '/camper/maybes',
        headers: bearer(parent.token),
        payload: { childId, sessionId: session },
      });
    expectError(await save(stranger.childIds[0] ?? 0, sessionId), 404, 'NOT_FOUND', messages.childNotFound);
    expectError(await save(parent.childIds[0] ?? 0, 999_999), 404, 'NOT_FOUND', messages.sessionNotFound);
  });
});
