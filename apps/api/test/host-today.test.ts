import type { HostToday } from '@campwise/contract/host-today';
import { shiftDate } from '@campwise/contract/sessions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, instalments, paymentPlans, payments } from '../src/db/schema.ts';
import { campToday, firstSession, send } from './camp-fixtures.ts';
import { bookPlace, runToday, tap, tapBody } from './check-in-fixtures.ts';
import { createAdmin, type TestUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, type CampHost, campHost, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let host: CampHost;
let otherHost: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  otherHost = await campHost(app, admin.token);
});

async function today(token: string): Promise<HostToday> {
  const res = await send(app, { method: 'GET', url: '/host/today' }, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<{ data: HostToday }>().data;
}

/** Moves a camp's first session to run from `from` to `to` days from today, every day. */
async function runBetween(campId: number, from: number, to: number): Promise<number> {
  const session = await firstSession(db, campId);
  await db
    .update(campSessions)
    .set({ startDate: shiftDate(campToday(), from), endDate: shiftDate(campToday(), to), weekdays: null })
    .where(eq(campSessions.id, session.id));
  return session.id;
}

describe("a host's home", () => {
  it("lists today's sessions first with their places and check-ins, then this week's, and no later or other host's", async () => {
    const running = await addCamp(app, host, { name: 'Running Today' });
    const parent = await family(app, [9, 7]);
    const [maya, leo] = parent.childIds as [number, number];
    await bookPlace(app, parent, running, maya);
    await bookPlace(app, parent, running, leo);
    const runningSession = await runToday(db, running);
    expect((await tap(app, host.token, runningSession, 'check-ins', tapBody(maya))).statusCode).toBe(201);

    const soon = await addCamp(app, host, { name: 'Starts In Three Days' });
    const soonSession = await runBetween(soon, 3, 7);
    const later = await addCamp(app, host, { name: 'Starts In A Fortnight' });
    await runBetween(later, 14, 18);
    const over = await addCamp(app, host, { name: 'Ended Last Week' });
    await runBetween(over, -10, -5);
    const others = await addCamp(app, otherHost, { name: 'Another Host Today' });
    await runToday(db, others);

    const home = await today(host.token);
    const listed = home.sessions.map((session) => session.sessionId);
    expect(listed).toEqual([runningSession, soonSession]);
    expect(home.sessions[0]).toMatchObject({
      campName: 'Running Today',
      today: campToday(),
      meetsOn: campToday(),
      places: 2,
      checkedIn: 1,
    });
    expect(home.sessions[1]).toMatchObject({ meetsOn: shiftDate(campToday(), 3), places: 0, checkedIn: 0 });
    expect((await today(otherHost.token)).sessions.map((session) => session.campName)).toEqual([
      'Another Host Today',
    ]);
  });

  it("counts the week's new places and names the latest, only in the host's own organisations", async () => {
    const before = (await today(host.token)).newPlaces.count;
    const camp = await addCamp(app, host, { name: 'Fresh Bookings' });
    const parent = await family(app, [8]);
    await bookPlace(app, parent, camp, parent.childIds[0] as number);
    const home = await today(host.token);
    expect(home.newPlaces.count).toBe(before + 1);
    expect(home.newPlaces.latest[0]).toMatchObject({ campId: camp, campName: 'Fresh Bookings' });
    expect(home.newPlaces.latest.length).toBeLessThanOrEqual(5);
    const theirs = await today(otherHost.token);
    expect(theirs.newPlaces.latest.some((place) => place.campId === camp)).toBe(false);
  });

  it("counts each session's children whose family still owes its forms, and the money families still owe", async () => {
    const camp = await addCamp(app, host, { name: 'Waiver Added Later' });
    const parent = await family(app, [9, 7]);
    const [maya, leo] = parent.childIds as [number, number];
    await bookPlace(app, parent, camp, maya);
    await bookPlace(app, parent, camp, leo);
    const sessionId = await runToday(db, camp);
    const row = async () =>
      (await today(host.token)).sessions.find((session) => session.sessionId === sessionId);
    expect(await row()).toMatchObject({ places: 2, formsMissing: 0 });
    // A required waiver added after the booking: the family has not signed it yet.
    const waiver = await send(
      app,
      {
        method: 'POST',
        url: `/host/camp/${camp}/waivers`,
        payload: {
          title: 'Swimming consent',
          text: 'My camper may swim in the lake with a lifeguard.',
          required: true,
        },
      },
      host.token,
    );
    expect(waiver.statusCode, waiver.body).toBe(201);
    expect(await row()).toMatchObject({ places: 2, formsMissing: 2 });

    const before = (await today(host.token)).moneyDue;
    const [deposit] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.parentId, parent.id))
      .limit(1);
    const [plan] = await db
      .insert(paymentPlans)
      .values({
        parentId: parent.id,
        campId: camp,
        depositPaymentId: deposit?.id ?? 0,
        paymentMethodId: 'pm_test',
        customerId: 'cus_test',
        onFinalFailure: 'keep',
      })
      .returning({ id: paymentPlans.id });
    await db.insert(instalments).values([
      { planId: plan?.id ?? 0, seq: 1, dueDate: shiftDate(campToday(), 10), amountCents: 10_000 },
      {
        planId: plan?.id ?? 0,
        seq: 2,
        dueDate: shiftDate(campToday(), -3),
        amountCents: 5_000,
        status: 'failed',
      },
      { planId: plan?.id ?? 0, seq: 3, dueDate: shiftDate(campToday(), 60), amountCents: 7_000 },
    ]);
    const after = (await today(host.token)).moneyDue;
    expect(after).toEqual({
      dueSoonCents: (before?.dueSoonCents ?? 0) + 10_000,
      dueSoonCount: (before?.dueSoonCount ?? 0) + 1,
      failedCents: (before?.failedCents ?? 0) + 5_000,
      failedCount: (before?.failedCount ?? 0) + 1,
    });
    // Another host's home counts none of it.
    expect((await today(otherHost.token)).moneyDue).toEqual({
      dueSoonCents: 0,
      dueSoonCount: 0,
      failedCents: 0,
      failedCount: 0,
    });
  });

  it('is for hosts only', async () => {
    const parent = await family(app, [8]);
    expect((await send(app, { method: 'GET', url: '/host/today' }, parent.token)).statusCode).toBe(403);
    expect((await send(app, { method: 'GET', url: '/host/today' })).statusCode).toBe(401);
  });
});
