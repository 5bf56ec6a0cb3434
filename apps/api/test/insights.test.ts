import { campDay, campMoment } from '@campwise/contract/camp-clock';
import { addDays, type Insights } from '@campwise/contract/insights';
import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  campDailyViews,
  organizations,
  orgDailyViews,
  paymentEntries,
  registrations,
} from '../src/db/schema.ts';
import { countCampView } from '../src/modules/insights/count-view.ts';
import { readInsights } from '../src/modules/insights/read-insights.ts';
import { recordChargeEntries } from '../src/modules/payouts/payment-entries.ts';
import { markOver } from './authorization-world.ts';
import { approvedOrg, firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { registerAccount } from './payments-fixtures.ts';
import { addCamp, book, type CampHost, campHost, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;
let otherHost: CampHost;
let adminToken: string;
/** A camp with one place and a waitlist: one family books it, a second waits. */
let busyCamp: number;
/** A second camp of the same organisation that nobody books. */
let quietCamp: number;
let bookedRegistration: number;
/** Today where the test organisations are: Austin, on Central Time. */
const today = campDay(new Date(), 'America/Chicago');

async function insights(token: string, query = ''): Promise<Insights> {
  const res = await send(app, { method: 'GET', url: `/host/insights${query}` }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Insights }>().data;
}

const view = (campId: number | string) => app.inject({ method: 'POST', url: `/api/camps/${campId}/views` });

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  adminToken = (await createAdmin(app, db)).token;
  host = await campHost(app, adminToken);
  otherHost = await campHost(app, adminToken);
  busyCamp = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
  quietCamp = await addCamp(app, host);
  const session = await firstSession(db, busyCamp);
  const first = await family(app, [9]);
  const second = await family(app, [9]);
  const booked = await book(app, first, busyCamp, [
    { childId: first.childIds[0] ?? 0, sessionId: session.id },
  ]);
  bookedRegistration = booked.registrationIds[0] ?? 0;
  const waiting = await book(app, second, busyCamp, [
    { childId: second.childIds[0] ?? 0, sessionId: session.id },
  ]);
  expect(waiting.status).toBe('waitlisted');
  for (let i = 0; i < 3; i += 1) expect((await view(busyCamp)).statusCode).toBe(204);
});

describe('counting profile views', () => {
  it('counts a listed camp without a cookie or anything about the visitor', async () => {
    const res = await view(quietCamp);
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is 404 for a camp families cannot see, and for one that does not exist', async () => {
    const hidden = await addCamp(app, host);
    await markOver(db, hidden);
    for (const id of [hidden, 2_000_000_000]) {
      const res = await view(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.campNotFound);
    }
  });
});

describe('GET /host/insights', () => {
  it("sums the organisation's views, places sold, waitlist and revenue over the last 90 days", async () => {
    const data = await insights(host.token, `?orgId=${host.orgId}`);
    expect(data.orgId).toBe(host.orgId);
    expect(data).toMatchObject({ timeZone: 'America/Chicago', today });
    expect(data.to).toBe(today);
    expect(data.from).toBe(addDays(today, -89));
    expect(data.unit).toBe('week');
    expect(data.camps.map((camp) => camp.id)).toEqual(expect.arrayContaining([busyCamp, quietCamp]));
    expect(data.totals).toMatchObject({ views: 4, placesSold: 1, waitlistJoins: 1, revenueCents: 15_000 });
    expect(data.totals.conversionPercent).toBe(25);
    const busy = data.sessions.find((session) => session.campId === busyCamp);
    expect(busy).toMatchObject({ capacity: 1, confirmed: 1, waitlisted: 1, offered: 0, fillPercent: 100 });
  });

  it('charts day by day for a short range, with today holding the events', async () => {
    const data = await insights(host.token, `?orgId=${host.orgId}&from=${addDays(today, -6)}&to=${today}`);
    expect(data.unit).toBe('day');
    expect(data.series).toHaveLength(7);
    expect(data.series.at(-1)).toMatchObject({ day: today, views: 4, placesSold: 1, waitlistJoins: 1 });
  });

  it('narrows to one camp', async () => {
    const data = await insights(host.token, `?orgId=${host.orgId}&campId=${quietCamp}`);
    expect(data.campId).toBe(quietCamp);
    expect(data.totals).toMatchObject({ views: 1, placesSold: 0, waitlistJoins: 0, revenueCents: 0 });
    expect(data.sessions.every((session) => session.campId === quietCamp)).toBe(true);
  });

  it('takes a refund off the revenue but keeps the place sold on its day', async () => {
    const res = await send(
      app,
      { method: 'POST', url: `/host/registrations/${bookedRegistration}/cancel` },
      host.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = await insights(host.token, `?campId=${busyCamp}&orgId=${host.orgId}`);
    expect(data.totals).toMatchObject({ placesSold: 1, revenueCents: 0 });
  });

  it('counts a place sold once: a later charge of the same place is money, not another place', async () => {
    const camp = await addCamp(app, host);
    const session = await firstSession(db, camp);
    const parent = await family(app, [9]);
    const booked = await book(app, parent, camp, [
      { childId: parent.childIds[0] ?? 0, sessionId: session.id },
    ]);
    const registrationId = booked.registrationIds[0] ?? 0;
    const [place] = await db
      .select({ paymentId: registrations.paymentId })
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    await recordChargeEntries(db, place?.paymentId ?? 0, [
      { registrationId, sessionId: session.id, weight: 1 },
    ]);
    const data = await insights(host.token, `?orgId=${host.orgId}&campId=${camp}`);
    expect(data.totals).toMatchObject({ placesSold: 1, revenueCents: 30_000 });
  });

  it('shows nothing before the range', async () => {
    const data = await insights(host.token, `?from=2020-01-01&to=2020-01-31`);
    expect(data.totals).toMatchObject({ views: 0, placesSold: 0, waitlistJoins: 0, revenueCents: 0 });
    expect(data.totals.conversionPercent).toBeNull();
  });

  it('answers a host without organisations with empty figures', async () => {
    const fresh = await campHost(app, adminToken);
    const res = await send(app, { method: 'DELETE', url: `/host/org/${fresh.orgId}` }, fresh.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = await insights(fresh.token);
    expect(data).toMatchObject({ camps: [], orgId: null, sessions: [] });
  });

  it("shows the host's first organisation by name unless another is asked for, each with its own camps", async () => {
    const twoOrgs = await campHost(app, adminToken);
    const firstByName = await approvedOrg(app, adminToken, twoOrgs.token, {
      name: 'Aardvark Adventures',
      phone: '512-555-0143',
    });
    const firstCamp = await addCamp(app, { ...twoOrgs, orgId: firstByName });
    const laterCamp = await addCamp(app, twoOrgs);

    const first = await insights(twoOrgs.token);
    expect(first.orgId).toBe(firstByName);
    expect(first.camps.map((camp) => camp.id)).toEqual([firstCamp]);
    // The page takes the host's organisations from GET /host/orgs; the figures do not carry them.
    expect(first).not.toHaveProperty('orgs');

    const asked = await insights(twoOrgs.token, `?orgId=${twoOrgs.orgId}`);
    expect(asked.orgId).toBe(twoOrgs.orgId);
    expect(asked.camps.map((camp) => camp.id)).toEqual([laterCamp]);
    expect(asked.sessions.every((session) => session.campId === laterCamp)).toBe(true);
  });

  it("is 404 for another host's organisation or camp, even named beside one's own", async () => {
    for (const [query, message] of [
      [`?orgId=${otherHost.orgId}`, messages.orgNotFound],
      [`?orgId=${host.orgId}&campId=${await addCamp(app, otherHost)}`, messages.campNotFound],
      [`?campId=${await addCamp(app, otherHost)}`, messages.campNotFound],
      [`?campId=${2_000_000_000}`, messages.campNotFound],
    ]) {
      const res = await send(app, { method: 'GET', url: `/host/insights${query}` }, host.token);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('needs a subscribed host', async () => {
    expect((await app.inject({ method: 'GET', url: '/host/insights' })).statusCode).toBe(401);
    const parent = await registerAccount(app, 'camper');
    expect((await send(app, { method: 'GET', url: '/host/insights' }, parent.token)).statusCode).toBe(403);
    const unsubscribed = await registerAccount(app, 'host');
    expect((await send(app, { method: 'GET', url: '/host/insights' }, unsubscribed.token)).statusCode).toBe(
      402,
    );
  });

  it.each([
    [`?from=${today}&to=${addDays(today, -1)}`, messages.insightsRangeInvalid],
    [`?from=2024-01-01&to=2025-01-02`, messages.insightsRangeInvalid],
    ['?from=2025-02-30', messages.invalidDate],
    ['?orgId=abc', undefined],
    ['?color=red', undefined],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await app.inject({
      method: 'GET',
      url: `/host/insights${query}`,
      headers: bearer(host.token),
    });
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it("counts a Seattle organisation's evening sale and views on its own day, not UTC's next one", async () => {
    const seattle = await campHost(app, adminToken);
    await db
      .update(organizations)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(organizations.id, seattle.orgId));
    const campId = await addCamp(app, seattle);
    const session = await firstSession(db, campId);
    const parent = await family(app, [9]);
    await book(app, parent, campId, [{ childId: parent.childIds[0] ?? 0, sessionId: session.id }]);
    const seattleToday = campDay(new Date(), 'America/Los_Angeles');
    // Sold at 5 PM in Seattle: the next day in UTC.
    const fivePm = campMoment(seattleToday, '17:00', 'America/Los_Angeles');
    await db.update(paymentEntries).set({ createdAt: fivePm }).where(eq(paymentEntries.campId, campId));
    await countCampView(db, campId, fivePm);
    const [viewed] = await db
      .select({ day: orgDailyViews.day })
      .from(orgDailyViews)
      .where(eq(orgDailyViews.orgId, seattle.orgId));
    expect(viewed?.day).toBe(seattleToday);
    const [campViewed] = await db
      .select({ day: campDailyViews.day })
      .from(campDailyViews)
      .where(eq(campDailyViews.campId, campId));
    expect(campViewed?.day).toBe(seattleToday);

    const data = await readInsights(db, seattle.id, { orgId: seattle.orgId }, fivePm);
    expect(data).toMatchObject({ timeZone: 'America/Los_Angeles', today: seattleToday, to: seattleToday });
    expect(data.totals).toMatchObject({ views: 1, placesSold: 1, revenueCents: 15_000 });
    const week = await readInsights(
      db,
      seattle.id,
      { orgId: seattle.orgId, from: addDays(seattleToday, -6), to: seattleToday },
      fivePm,
    );
    expect(week.series.at(-1)).toMatchObject({ day: seattleToday, views: 1, placesSold: 1 });
  });
});
