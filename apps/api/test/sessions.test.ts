import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import type { ParentRegistration, RegistrationOptions, Roster } from '@campwise/contract/registrations';
import type { CampSession, HostCampSession } from '@campwise/contract/sessions';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, camps, mailOutbox, registrations } from '../src/db/schema.ts';
import { finishCancelledSessions } from '../src/modules/sessions/cancel-session.ts';
import { sendSessionNotices } from '../src/modules/sessions/session-notices.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectBooksBalance, expectError } from './payments-fixtures.ts';
import {
  addCamp,
  type CampHost,
  campHost,
  type Family,
  family,
  outcome,
  register,
} from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let adminToken: string;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  ({ token: adminToken } = await createAdmin(app, db));
  host = await campHost(app, adminToken);
});

/** A session body as the form sends it; the camp from addCamp runs June 15–20, 2030. */
function week(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Week 2',
    startDate: '2030-06-22',
    endDate: '2030-06-27',
    startTime: '09:00',
    endTime: '15:00',
    price: '175.50',
    capacity: '2',
    allowsWaitlist: false,
    ...overrides,
  };
}

async function addSession(campId: number, body: object = week(), token = host.token) {
  const res = await send(app, { method: 'POST', url: `/host/camp/${campId}/sessions`, payload: body }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: HostCampSession }>().data;
}

async function publicCamp(campId: number): Promise<CampDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CampDetail }>().data;
}

async function optionsFor(token: string, campId: number, sessionId?: number): Promise<RegistrationOptions> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/camps/${campId}/registration-options${sessionId ? `?session=${sessionId}` : ''}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RegistrationOptions }>().data;
}

describe('a camp and its sessions', () => {
  it('creates a camp from the form with one session carrying its dates, price, places and waitlist', async () => {
    const campId = await addCamp(app, host, { allowsWaitlist: 'true' });
    const session = await firstSession(db, campId);
    expect(session).toMatchObject({
      name: 'Session 1',
      startDate: '2030-06-15',
      endDate: '2030-06-20',
      priceCents: 15000,
      capacity: 10,
      spotsTaken: 0,
      allowsWaitlist: true,
      status: 'scheduled',
    });
    const camp = await publicCamp(campId);
    expect(camp.sessions).toHaveLength(1);
    expect(camp).toMatchObject({ startDate: '2030-06-15', endDate: '2030-06-20', costCents: 15000 });
  });

  it('summarises its sessions: the span, the lowest price, all places; the form edits a sole session', async () => {
    const campId = await addCamp(app, host);
    const added = await addSession(campId);
    expect(added).toMatchObject({ priceCents: 17550, capacity: 2, spotsLeft: 2, startTime: '09:00' });
    const camp = await publicCamp(campId);
    expect(camp).toMatchObject({
      startDate: '2030-06-15',
      endDate: '2030-06-27',
      costCents: 15000,
      spotsAvailable: 12,
      spotsLeft: 12,
    });
    expect(camp.sessions.map((session) => session.name)).toEqual(['Session 1', 'Week 2']);
    const [row] = await db.select({ max: camps.maxPriceCents }).from(camps).where(eq(camps.id, campId));
    expect(row?.max).toBe(17550);
  });

  it('copies a session to the next week, seven days on, and counts the week in its name', async () => {
    const campId = await addCamp(app, host);
    const added = await addSession(campId);
    const res = await send(app, { method: 'POST', url: `/host/sessions/${added.id}/copy` }, host.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: HostCampSession }>().data).toMatchObject({
      name: 'Week 3',
      startDate: '2030-06-29',
      endDate: '2030-07-04',
      priceCents: 17550,
    });
  });

  it('refuses bad sessions with a message on the field, and changes nothing', async () => {
    const campId = await addCamp(app, host);
    const before = await db.select().from(campSessions).where(eq(campSessions.campId, campId));
    const cases: [object, string, string][] = [
      [week({ endDate: '2030-06-20' }), 'endDate', messages.endBeforeStart],
      [week({ startTime: '15:00', endTime: '09:00' }), 'endTime', messages.sessionEndTimeBeforeStart],
      [week({ startTime: '9am' }), 'startTime', messages.sessionTimeInvalid],
      [week({ price: '12.345' }), 'price', messages.sessionPriceInvalid],
      [week({ capacity: '0' }), 'capacity', messages.wholeNumberRequired],
      [week({ name: '' }), 'name', 'Session name is required'],
      [week({ startDate: '', endDate: '' }), 'startDate', messages.sessionDatesRequired],
      [
        week({ registrationOpensAt: '2030-05-01', registrationClosesAt: '2030-04-01' }),
        'registrationClosesAt',
        messages.sessionWindowInverted,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(
        app,
        { method: 'POST', url: `/host/camp/${campId}/sessions`, payload: body },
        host.token,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fields?: Record<string, string> }>().fields?.[field]).toBe(message);
    }
    const overlap = await send(
      app,
      { method: 'POST', url: `/host/camp/${campId}/sessions`, payload: week({ startDate: '2030-06-18' }) },
      host.token,
    );
    expectError(overlap, 409, 'CONFLICT', messages.sessionOverlaps.replace('{name}', 'Session 1'));
    expect(await db.select().from(campSessions).where(eq(campSessions.campId, campId))).toEqual(before);
  });

  it('lets two sessions share days when their hours do not overlap', async () => {
    const campId = await addCamp(app, host, { startDate: '2030-08-01', endDate: '2030-08-05' });
    const first = await firstSession(db, campId);
    const morning = { startDate: '2030-08-01', endDate: '2030-08-05', startTime: '08:00', endTime: '12:00' };
    const edited = await send(
      app,
      {
        method: 'PUT',
        url: `/host/sessions/${first.id}`,
        payload: week({ name: 'Mornings', ...morning, price: '150', capacity: '10' }),
      },
      host.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await addSession(campId, week({ name: 'Afternoons', ...morning, startTime: '12:00', endTime: '16:00' }));
  });

  it('lets two sessions share dates and hours when they meet on different days of the week', async () => {
    const campId = await addCamp(app, host, { startDate: '2030-08-05', endDate: '2030-08-30' });
    const first = await firstSession(db, campId);
    const month = { startDate: '2030-08-05', endDate: '2030-08-30', startTime: '09:00', endTime: '12:00' };
    const edited = await send(
      app,
      {
        method: 'PUT',
        url: `/host/sessions/${first.id}`,
        payload: week({
          name: 'Mondays and Wednesdays',
          ...month,
          weekdays: [3, 1],
          price: '150',
          capacity: '10',
        }),
      },
      host.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: HostCampSession }>().data.weekdays).toEqual([1, 3]);
    const other = await addSession(
      campId,
      week({ name: 'Tuesdays and Thursdays', ...month, weekdays: [2, 4] }),
    );
    expect(other.weekdays).toEqual([2, 4]);
    const clash = await send(
      app,
      {
        method: 'POST',
        url: `/host/camp/${campId}/sessions`,
        payload: week({ name: 'Wednesdays', ...month, weekdays: [3] }),
      },
      host.token,
    );
    expectError(clash, 409, 'CONFLICT', messages.sessionOverlaps.replace('{name}', 'Mondays and Wednesdays'));
    // The camp page lists the days with each session.
    const profile = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
    expect(
      profile.json<{ data: { sessions: CampSession[] } }>().data.sessions.map((session) => session.weekdays),
    ).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });
});

describe('places per session', () => {
  it('asks which session when a camp has several, books the chosen one, and keeps places apart', async () => {
    const campId = await addCamp(app, host);
    const second = await addSession(campId);
    const parent = await family(app, [9, 10, 11], { day: '2030-06-15' });
    const [a, b, c] = parent.childIds as [number, number, number];

    const unchosen = await register(app, parent, campId, { childIds: [a], paymentMethodId: parent.cardId });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json()).toMatchObject({
      message: messages.chooseSession,
      fields: { sessionId: messages.chooseSession },
    });
    const paid = outcome(
      await register(app, parent, campId, {
        childIds: [a, b],
        sessionId: second.id,
        paymentMethodId: parent.cardId,
      }),
    );
    expect(paid).toMatchObject({ status: 'confirmed', amountCents: 2 * 17550 });
    // Week 2 holds two: the third child gets neither a place nor a waitlist place there.
    expectError(
      await register(app, parent, campId, {
        childIds: [c],
        sessionId: second.id,
        paymentMethodId: parent.cardId,
      }),
      409,
      'CONFLICT',
      messages.campFull,
    );
    const options = await optionsFor(parent.token, campId, second.id);
    expect(options).toMatchObject({ sessionId: second.id, spotsLeft: 0, costCents: 17550 });
    expect(options.children.find((child) => child.id === a)?.reason).toBe(messages.childAlreadyRegistered);
    // The same child may still book the other week.
    const first = await firstSession(db, campId);
    expect(
      (await optionsFor(parent.token, campId, first.id)).children.find((child) => child.id === a)?.eligible,
    ).toBe(true);
    const list = await app.inject({
      method: 'GET',
      url: '/camper/registrations',
      headers: bearer(parent.token),
    });
    const mine = list.json<{ data: ParentRegistration[] }>().data;
    expect(mine.map((row) => [row.sessionName, row.startDate, row.startTime])).toEqual([
      ['Week 2', '2030-06-22', '09:00'],
      ['Week 2', '2030-06-22', '09:00'],
    ]);

    const roster = await send(
      app,
      { method: 'GET', url: `/host/camp/${campId}/roster?session=${first.id}` },
      host.token,
    );
    expect(roster.json<{ data: Roster }>().data).toMatchObject({
      sessionId: first.id,
      capacity: 10,
      registered: [],
    });
    const whole = await send(app, { method: 'GET', url: `/host/camp/${campId}/roster` }, host.token);
    expect(whole.json<{ data: Roster }>().data).toMatchObject({
      sessionId: null,
      capacity: 12,
      spotsLeft: 10,
    });
    const csv = await send(
      app,
      { method: 'GET', url: `/host/camp/${campId}/roster.csv?session=${second.id}` },
      host.token,
    );
    expect(csv.body).toContain('"Week 2","Confirmed"');
  });

  it('refuses a capacity below the places taken, and accepts a new price for new places only', async () => {
    const campId = await addCamp(app, host);
    const second = await addSession(campId);
    const parent = await family(app, [9, 10], { day: '2030-06-15' });
    outcome(
      await register(app, parent, campId, {
        childIds: parent.childIds,
        sessionId: second.id,
        paymentMethodId: parent.cardId,
      }),
    );
    const put = (body: object) =>
      send(app, { method: 'PUT', url: `/host/sessions/${second.id}`, payload: body }, host.token);
    expectError(
      await put(week({ capacity: '1' })),
      409,
      'CONFLICT',
      messages.sessionCapacityBelowTaken.replace('{count}', '2'),
    );
    const repriced = await put(week({ price: '200', capacity: '3' }));
    expect(repriced.statusCode, repriced.body).toBe(200);
    const paid = await db
      .select({ amountCents: registrations.amountCents })
      .from(registrations)
      .where(eq(registrations.sessionId, second.id));
    expect(paid.map((row) => row.amountCents)).toEqual([17550, 17550]);
  });

  it('keeps new places out before registration opens and after it closes', async () => {
    const campId = await addCamp(app, host);
    const later = await addSession(campId, week({ registrationOpensAt: '2029-12-01T09:00' }));
    const closed = await addSession(
      campId,
      week({
        name: 'Week 3',
        startDate: '2030-06-29',
        endDate: '2030-07-04',
        registrationClosesAt: '2021-01-01',
      }),
    );
    const parent = await family(app, [9], { day: '2030-06-15' });
    const body = { childIds: parent.childIds, paymentMethodId: parent.cardId };
    const early = await register(app, parent, campId, { ...body, sessionId: later.id });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/^Registration opens .*2029/);
    expectError(
      await register(app, parent, campId, { ...body, sessionId: closed.id }),
      409,
      'CONFLICT',
      messages.registrationClosed,
    );
  });
});

describe('a child in two places at once', () => {
  it('refuses a place that runs at the same time as one the child has at any camp, but not a waitlist place', async () => {
    const campId = await addCamp(app, host, { startDate: '2030-09-02', endDate: '2030-09-06' });
    const sameDays = await addCamp(app, host, { startDate: '2030-09-04', endDate: '2030-09-04' });
    const full = await addCamp(app, host, {
      startDate: '2030-09-03',
      endDate: '2030-09-03',
      spotsAvailable: '1',
      allowsWaitlist: 'true',
    });
    const parent = await family(app, [9, 10], { day: '2030-06-15' });
    const [ada, ben] = parent.childIds as [number, number];
    outcome(await register(app, parent, campId, { childIds: [ada], paymentMethodId: parent.cardId }));
    const clash = await register(app, parent, sameDays, { childIds: [ada], paymentMethodId: parent.cardId });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ message: string }>().message).toMatch(
      /^Ada already has a place in Registration Camp .+, which runs at the same time\.$/,
    );
    // The registration page says so before anything is sent; Ben is free that week.
    const choices = await app.inject({
      method: 'GET',
      url: `/api/camps/${sameDays}/registration-options`,
      headers: bearer(parent.token),
    });
    expect(choices.statusCode, choices.body).toBe(200);
    const kids = choices.json<{ data: RegistrationOptions }>().data.children;
    expect(kids.find((kid) => kid.id === ada)).toMatchObject({
      eligible: false,
      reason: clash.json<{ message: string }>().message,
    });
    expect(kids.find((kid) => kid.id === ben)).toMatchObject({ eligible: true, reason: null });
    // The basket checkout refuses it too, before anything is charged.
    const sessionId = (await firstSession(db, sameDays)).id;
    const basket = await app.inject({
      method: 'POST',
      url: `/api/camps/${sameDays}/quote`,
      headers: bearer(parent.token),
      payload: { lines: [{ childId: ada, sessionId }] },
    });
    expect(basket.statusCode).toBe(409);
    // Ben takes the one place at the full camp; Ada may still wait for one there.
    outcome(await register(app, parent, full, { childIds: [ben], paymentMethodId: parent.cardId }));
    expect(outcome(await register(app, parent, full, { childIds: [ada] })).status).toBe('waitlisted');
  });
});

describe('cancelling and deleting sessions', () => {
  it('cancels a session: every paid place refunded in full, each family told, the session off the profile', async () => {
    const campId = await addCamp(app, host);
    const second = await addSession(campId, week({ allowsWaitlist: true, capacity: '1' }));
    const paying = await family(app, [9], { day: '2030-06-15' });
    const waiting = await family(app, [10], { day: '2030-06-15' });
    outcome(
      await register(app, paying, campId, {
        childIds: paying.childIds,
        sessionId: second.id,
        paymentMethodId: paying.cardId,
      }),
    );
    expect(
      outcome(
        await register(app, waiting, campId, {
          childIds: waiting.childIds,
          sessionId: second.id,
          paymentMethodId: waiting.cardId,
        }),
      ).status,
    ).toBe('waitlisted');

    const listed = await send(app, { method: 'GET', url: `/host/camp/${campId}/sessions` }, host.token);
    expect(listed.json<{ data: HostCampSession[] }>().data.find((row) => row.id === second.id)).toMatchObject(
      {
        spotsTaken: 1,
        paidPlaces: 1,
        waitlisted: 1,
      },
    );
    const deleted = await send(app, { method: 'DELETE', url: `/host/sessions/${second.id}` }, host.token);
    expectError(deleted, 409, 'CONFLICT', messages.sessionHasRegistrations);

    const res = await send(app, { method: 'POST', url: `/host/sessions/${second.id}/cancel` }, host.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: HostCampSession }>().data).toMatchObject({ status: 'cancelled', spotsTaken: 0 });
    const rows = await db
      .select({
        status: registrations.status,
        amount: registrations.amountCents,
        refunded: registrations.refundedCents,
      })
      .from(registrations)
      .where(eq(registrations.sessionId, second.id))
      .orderBy(registrations.id);
    expect(rows).toEqual([
      { status: 'cancelled', amount: 17550, refunded: 17550 },
      { status: 'cancelled', amount: 0, refunded: 0 },
    ]);
    const told = await db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Registration cancelled: %'));
    expect(told.map((mail) => mail.to)).toEqual(expect.arrayContaining([paying.email, waiting.email]));
    expect((await publicCamp(campId)).sessions.map((session) => session.id)).not.toContain(second.id);
    const again = await send(app, { method: 'POST', url: `/host/sessions/${second.id}/cancel` }, host.token);
    expectError(again, 409, 'CONFLICT', messages.sessionAlreadyCancelled);
  });

  it('finishes a cancellation a crash cut short: reconciliation cancels and refunds the places left', async () => {
    const campId = await addCamp(app, host);
    const second = await addSession(campId);
    const parents = [
      await family(app, [9], { day: '2030-06-15' }),
      await family(app, [10], { day: '2030-06-15' }),
    ];
    for (const parent of parents) {
      outcome(
        await register(app, parent, campId, {
          childIds: parent.childIds,
          sessionId: second.id,
          paymentMethodId: parent.cardId,
        }),
      );
    }
    // The session's own transaction committed a minute ago; the server died before its places.
    await db
      .update(campSessions)
      .set({ status: 'cancelled', cancelledAt: new Date(Date.now() - 60_000) })
      .where(eq(campSessions.id, second.id));
    const deps = {
      db,
      payments: app.payments,
      publicUrl: app.config.publicUrl,
      platformFee: app.config.platformFee,
    };
    // A cancellation may still be under way for as long as reconciliation waits for payments.
    expect(await finishCancelledSessions(deps, new Date(), 120_000)).toBe(0);
    expect(await finishCancelledSessions(deps, new Date(), 30_000)).toBe(2);
    const rows = await db
      .select({
        status: registrations.status,
        refunded: registrations.refundedCents,
        by: registrations.cancelledBy,
      })
      .from(registrations)
      .where(eq(registrations.sessionId, second.id));
    expect(rows).toEqual([
      { status: 'cancelled', refunded: 17550, by: 'host' },
      { status: 'cancelled', refunded: 17550, by: 'host' },
    ]);
    expect(await finishCancelledSessions(deps, new Date(), 30_000)).toBe(0);
    await expectBooksBalance(db);
  });

  it('deletes a session nobody booked, but never a camp’s last one', async () => {
    const campId = await addCamp(app, host);
    const second = await addSession(campId);
    const first = await firstSession(db, campId);
    const res = await send(app, { method: 'DELETE', url: `/host/sessions/${second.id}` }, host.token);
    expect(res.statusCode, res.body).toBe(200);
    const last = await send(app, { method: 'DELETE', url: `/host/sessions/${first.id}` }, host.token);
    expectError(last, 409, 'CONFLICT', messages.sessionLastOne);
  });

  it('answers 404 for another host’s session and camp', async () => {
    const other = await campHost(app, adminToken);
    const campId = await addCamp(app, host);
    const session = await firstSession(db, campId);
    expect(
      (await send(app, { method: 'GET', url: `/host/camp/${campId}/sessions` }, other.token)).statusCode,
    ).toBe(404);
    const put = await send(
      app,
      { method: 'PUT', url: `/host/sessions/${session.id}`, payload: week() },
      other.token,
    );
    expectError(put, 404, 'NOT_FOUND', messages.sessionNotFound);
  });
});

describe('"Notify me" when registration opens', () => {
  it('e-mails each parent who asked, once, when the session opens; refuses an open session', async () => {
    const campId = await addCamp(app, host);
    const later = await addSession(campId, week({ registrationOpensAt: '2029-12-01T09:00' }));
    const first = await firstSession(db, campId);
    const parent = await family(app, [9], { day: '2030-06-15' });
    const ask = (sessionId: number) =>
      app.inject({
        method: 'POST',
        url: `/camper/sessions/${sessionId}/opening-notice`,
        headers: bearer(parent.token),
      });
    expect((await ask(later.id)).statusCode).toBe(201);
    expect((await ask(later.id)).statusCode).toBe(201);
    expectError(await ask(first.id), 409, 'CONFLICT', messages.registrationAlreadyOpen);
    const mine = await app.inject({
      method: 'GET',
      url: '/camper/opening-notices',
      headers: bearer(parent.token),
    });
    expect(mine.json()).toEqual({ data: [later.id] });

    const mailTo = async () =>
      (
        await db
          .select({ to: mailOutbox.toAddress })
          .from(mailOutbox)
          .where(like(mailOutbox.subject, 'Registration is open: %'))
      ).map((row) => row.to);
    expect(await sendSessionNotices(db, app.unsubscribeLinks, new Date('2029-11-30T00:00:00Z'))).toEqual({
      sent: 0,
    });
    // 9 AM in UTC is 3 AM at the camp, in Austin: the window opens at 9 AM there (decision 047).
    expect(await sendSessionNotices(db, app.unsubscribeLinks, new Date('2029-12-01T09:00:00Z'))).toEqual({
      sent: 0,
    });
    expect(later.registrationOpensAt).toBe('2029-12-01T15:00:00.000Z');
    expect(await sendSessionNotices(db, app.unsubscribeLinks, new Date('2029-12-01T15:00:00Z'))).toEqual({
      sent: 1,
    });
    expect(await sendSessionNotices(db, app.unsubscribeLinks, new Date('2029-12-02T00:00:00Z'))).toEqual({
      sent: 0,
    });
    expect(await mailTo()).toEqual([parent.email]);
    const after = await app.inject({
      method: 'GET',
      url: '/camper/opening-notices',
      headers: bearer(parent.token),
    });
    expect(after.json()).toEqual({ data: [] });
  });
});

describe('"Tell me when a spot frees up" at a full session', () => {
  it('e-mails everyone who asked, once, when a spot frees up, and refuses a session with spots or a waitlist', async () => {
    const campId = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'false' });
    const full = await firstSession(db, campId);
    const withWaitlist = await addSession(campId, week({ allowsWaitlist: true }));
    const booked = await family(app, [9], { day: '2030-06-15' });
    const [place] = outcome(
      await register(app, booked, campId, {
        childIds: booked.childIds,
        sessionId: full.id,
        paymentMethodId: booked.cardId,
      }),
    ).registrationIds;
    const waiting = [
      await family(app, [9], { day: '2030-06-15' }),
      await family(app, [10], { day: '2030-06-15' }),
    ];
    const ask = (parent: Family, sessionId: number) =>
      app.inject({
        method: 'POST',
        url: `/camper/sessions/${sessionId}/place-alert`,
        headers: bearer(parent.token),
      });
    for (const parent of waiting) expect((await ask(parent, full.id)).statusCode).toBe(201);
    expect((await ask(waiting[0] as Family, full.id)).statusCode).toBe(201);
    expectError(await ask(booked, withWaitlist.id), 409, 'CONFLICT', messages.placeAlertUseWaitlist);
    const mine = await app.inject({
      method: 'GET',
      url: '/camper/place-alerts',
      headers: bearer(waiting[1]?.token ?? ''),
    });
    expect(mine.json()).toEqual({ data: [full.id] });

    const freed = async () =>
      (
        await db
          .select({ to: mailOutbox.toAddress })
          .from(mailOutbox)
          .where(like(mailOutbox.subject, 'A spot opened: %'))
      ).map((row) => row.to);
    expect(await sendSessionNotices(db, app.unsubscribeLinks)).toEqual({ sent: 0 });
    const cancel = await app.inject({
      method: 'POST',
      url: `/camper/registrations/${place}/cancel`,
      headers: bearer(booked.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await sendSessionNotices(db, app.unsubscribeLinks)).toEqual({ sent: 2 });
    expect(await sendSessionNotices(db, app.unsubscribeLinks)).toEqual({ sent: 0 });
    expect((await freed()).sort()).toEqual(waiting.map((parent) => parent.email).sort());
    // Now the session has a spot: asking again is refused with the way to take it.
    expectError(await ask(booked, full.id), 409, 'CONFLICT', messages.placeAlertHasSpots);
  });
});
