import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { newPasswordField } from '@campwise/contract/accounts';
import { campDay } from '@campwise/contract/camp-clock';
import type { MyCampReviews } from '@campwise/contract/camp-reviews';
import type { CampDetail } from '@campwise/contract/camps';
import { CATEGORIES } from '@campwise/contract/categories';
import type { CheckInSheet, PickupAdult } from '@campwise/contract/check-in';
import type { FriendGoing, FriendsOverview } from '@campwise/contract/friends';
import type { Maybe, Planner } from '@campwise/contract/planner';
import type { ParentRegistration, Roster } from '@campwise/contract/registrations';
import type { SavedSearch } from '@campwise/contract/saved-searches';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/raw.ts';
import {
  hostPayouts,
  hostSubscriptions,
  organizations,
  paymentCustomers,
  savedCards,
  users,
} from '../src/db/schema.ts';
import { isCommonPassword } from '../src/platform/passwords.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  SCALE_HOST_EMAIL,
  type SeedContext,
  seedContext,
} from '../src/seed/common.ts';
import { seedDemo, seedDemoOnFirstStart } from '../src/seed/demo.ts';
import { DEMO_FRIEND_EMAIL } from '../src/seed/demo-friends.ts';
import { DEMO_TEAM } from '../src/seed/demo-team.ts';
import { seedScale } from '../src/seed/scale.ts';
import { campFileKeys, scratchDataDir } from './camp-fixtures.ts';
import { bearer, logIn, logInToken } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { appSender, expectBooksBalance, PAYMENTS_ENV, processorOf } from './payments-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo and scale data', () => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof buildTestApp>>['db'];
  let context: SeedContext;
  let uploads: string;

  beforeAll(async () => {
    const scratch = scratchDataDir();
    uploads = scratch.uploads;
    const test = await buildTestApp({ ...PAYMENTS_ENV, DATA_DIR: scratch.dataDir });
    app = test.app;
    db = test.db;
    context = await seedContext(app.config, db, app.storage);
  });

  afterAll(async () => {
    await app.close();
  });

  /** The demo's camps that are not over (last July's reviewed camp is not listed). */
  const publicCampIds = async () =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`select c.id from camps c join organizations o on o.id = c.org_id
          join users u on u.id = o.host_id where u.email like '%@demo.campwise.test' and u.email <> ${SCALE_HOST_EMAIL}
          and (c.is_year_round or c.end_date >= (now() at time zone c.time_zone)::date)
          order by c.id`,
      )
    ).map((row) => row.id);

  it('is never loaded on start when switched off, on a DATABASE_URL database or with Stripe', async () => {
    const base = { NODE_ENV: 'test', DATA_DIR: app.config.dataDir, ...PAYMENTS_ENV };
    const refused = [
      loadConfig({ ...base, DEMO_DATA: 'off' }),
      loadConfig({ ...base, DATABASE_URL: 'postgresql://127.0.0.1:5432/campwise' }),
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PRICE_ID: 'price_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      }),
    ];
    for (const config of refused) {
      expect(await seedDemoOnFirstStart(config, db, app.storage)).toBeNull();
    }
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(0);
  });

  it('loads on the first start of an empty embedded database and says how to sign in', async () => {
    const logins = await seedDemoOnFirstStart(app.config, db, app.storage);
    expect(logins).toContain(DEMO_PASSWORD);
    for (const email of Object.values(DEMO_ACCOUNTS)) expect(logins).toContain(email);
  }, 60_000);

  it('holds eight subscribed hosts, forty approved organisations, one in review and about 280 camps, some of them weekly', async () => {
    const hosts = await db
      .select({
        email: users.email,
        status: hostSubscriptions.status,
        periodEnd: hostSubscriptions.currentPeriodEnd,
      })
      .from(users)
      .leftJoin(hostSubscriptions, eq(hostSubscriptions.hostId, users.id))
      .where(eq(users.userType, 'host'));
    // Eight subscribed hosts, and the five people on the demo host's team, who need no subscription.
    const team = new Set<string>(DEMO_TEAM.map((person) => person.email));
    expect(hosts.filter((host) => team.has(host.email)).map((host) => host.status)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    const subscribed = hosts.filter((host) => !team.has(host.email));
    expect(subscribed).toHaveLength(8);
    for (const host of subscribed) {
      expect(host.status, host.email).toBe('active');
      expect(host.periodEnd?.getTime()).toBeGreaterThan(Date.now() + 20 * DAY_MS);
    }
    const orgs = await db
      .select({ status: organizations.status, n: count() })
      .from(organizations)
      .groupBy(organizations.status);
    expect(Object.fromEntries(orgs.map((row) => [row.status, row.n]))).toEqual({ approved: 40, pending: 1 });
    // Each metro's organisations keep its clock: Seattle's and San Diego's run on Pacific Time.
    const zones = await queryRows<{ city: string; zones: string[] }>(
      db,
      sql`select u.email as city, array_agg(distinct o.time_zone order by o.time_zone) as zones
        from organizations o join users u on u.id = o.host_id group by u.email order by u.email`,
    );
    expect(Object.fromEntries(zones.map((row) => [row.city, row.zones]))).toEqual({
      'atlanta.host@demo.campwise.test': ['America/New_York'],
      'boston.host@demo.campwise.test': ['America/New_York'],
      'chicago.host@demo.campwise.test': ['America/Chicago'],
      'denver.host@demo.campwise.test': ['America/Denver'],
      'host@demo.campwise.test': ['America/Chicago'],
      'minneapolis.host@demo.campwise.test': ['America/Chicago'],
      'sandiego.host@demo.campwise.test': ['America/Los_Angeles'],
      'seattle.host@demo.campwise.test': ['America/Los_Angeles'],
    });

    const [stats] = await queryRows<{
      camps: number;
      virtual: number;
      yearRound: number;
      waitlist: number;
      small: number;
      withoutThumbnail: number;
      pastOrUndated: number;
      virtualWithPlace: number;
      inPersonWithoutPlace: number;
      spansNewYear: number;
    }>(
      db,
      sql`select count(*)::int as camps,
        count(*) filter (where is_virtual)::int as virtual,
        count(*) filter (where is_year_round)::int as "yearRound",
        count(*) filter (where allows_waitlist)::int as waitlist,
        count(*) filter (where capacity <= 6)::int as small,
        count(*) filter (where thumbnail_image_id is null)::int as "withoutThumbnail",
        count(*) filter (where not is_year_round and (start_date is null or start_date <= (now() at time zone time_zone)::date)
          and name <> 'Lakeside Summer Days')::int as "pastOrUndated",
        count(*) filter (where is_virtual and (latitude is not null or address <> 'Virtual'))::int as "virtualWithPlace",
        count(*) filter (where not is_virtual and latitude is null)::int as "inPersonWithoutPlace",
        count(*) filter (where months_mask & 2048 <> 0 and months_mask & 1 <> 0 and not is_year_round
          and months_mask <> 4095)::int as "spansNewYear"
      from camps`,
    );
    expect(stats?.camps).toBeGreaterThanOrEqual(250);
    expect(stats?.camps).toBeLessThanOrEqual(340);
    // Some camps run week after week: one listing with three sessions, 9 to 3.
    const [weekly] = await queryRows<{ camps: number }>(
      db,
      sql`select count(*)::int as camps from camps c where (select count(*) from camp_sessions s
        where s.camp_id = c.id and s.status = 'scheduled' and s.start_time = '09:00') = 3`,
    );
    expect(weekly?.camps).toBeGreaterThan(10);
    expect(stats?.virtual).toBeGreaterThan(5);
    expect(stats?.yearRound).toBeGreaterThan(10);
    expect(stats?.waitlist).toBeGreaterThan(30);
    expect(stats?.small).toBeGreaterThan(5);
    expect(stats?.spansNewYear).toBeGreaterThanOrEqual(1);
    const winter = await queryRows<{ startDate: string; endDate: string }>(
      db,
      sql`select start_date::text as "startDate", end_date::text as "endDate" from camps where name = 'Winter Break Camp'`,
    );
    expect(winter).toEqual([
      { startDate: expect.stringMatching(/-12-28$/), endDate: expect.stringMatching(/-01-03$/) },
    ]);
    expect(stats).toMatchObject({
      withoutThumbnail: 0,
      pastOrUndated: 0,
      virtualWithPlace: 0,
      inPersonWithoutPlace: 0,
    });
    const used = await queryRows<{ id: number }>(
      db,
      sql`select distinct category_id as id from camp_categories`,
    );
    expect(used.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      CATEGORIES.map((category) => category.id),
    );
  });

  it('lists every demo camp publicly, with its own thumbnail and carousel files', async () => {
    const ids = await publicCampIds();
    const keys = new Set<string>();
    for (const id of ids) {
      const res = await app.inject({ method: 'GET', url: `/api/camps/${id}` });
      expect(res.statusCode, `camp ${id}: ${res.body}`).toBe(200);
      const camp = res.json<{ data: CampDetail }>().data;
      expect(camp.thumbnail).not.toBeNull();
      expect(camp.images.length).toBeGreaterThanOrEqual(2);
      for (const key of campFileKeys(camp)) {
        expect(keys.has(key), `${key} is shared`).toBe(false);
        keys.add(key);
      }
    }
    for (const key of keys) expect(existsSync(join(uploads, key)), key).toBe(true);
  }, 60_000);

  it('finds demo camps near a demo ZIP through search', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { type: 'camp', term: 'soccer', filters: { zip: '78704' }, categories: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { city: string | null; distanceMiles: number | null }[]; total: number }>();
    expect(body.total).toBeGreaterThan(0);
    for (const camp of body.data) expect(camp.distanceMiles ?? 0).toBeLessThanOrEqual(25);
  });

  it('signs in the documented host, parent and administrator', async () => {
    // The documented password passes the rules a person's new password must pass.
    expect(newPasswordField.safeParse(DEMO_PASSWORD).success).toBe(true);
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
    const hostToken = await logInToken(app, 'host', DEMO_ACCOUNTS.host, DEMO_PASSWORD);
    const orgs = await app.inject({ method: 'GET', url: '/host/orgs', headers: bearer(hostToken) });
    expect(orgs.statusCode, orgs.body).toBe(200);
    const statuses = orgs.json<{ data: { status: string }[] }>().data.map((org) => org.status);
    expect(statuses.sort()).toEqual(['approved', 'approved', 'approved', 'approved', 'approved', 'pending']);

    const parentToken = await logInToken(app, 'camper', DEMO_ACCOUNTS.parent, DEMO_PASSWORD);
    const campers = await app.inject({ method: 'GET', url: '/camper/campers', headers: bearer(parentToken) });
    expect(campers.statusCode, campers.body).toBe(200);
    expect(
      campers
        .json<{ data: { firstName: string }[] }>()
        .data.map((child) => child.firstName)
        .sort(),
    ).toEqual(['Leo', 'Maya']);
    const cards = await app.inject({ method: 'GET', url: '/camper/cards', headers: bearer(parentToken) });
    expect(cards.statusCode, cards.body).toBe(200);
    expect(JSON.stringify(cards.json())).toContain('4242');
    // A summer already booked: both children in two weeks of one weekly camp, the discounts
    // shown on each place, and Leo's second week moved to the third.
    const places = await app.inject({
      method: 'GET',
      url: '/camper/registrations',
      headers: bearer(parentToken),
    });
    expect(places.statusCode, places.body).toBe(200);
    // Last July's camp (reviewed, docs/decisions/021) is over: the summer ahead is what is booked.
    const all = places.json<{ data: ParentRegistration[] }>().data;
    expect(
      all
        .filter((place) => !place.upcoming)
        .map((place) => place.sessionName)
        .sort(),
    ).toEqual(['Week 1 of July', 'Week 1 of July', 'Week 2 of July']);
    // And one place paid by a deposit and instalments, one paid and one due (decision 026).
    const onPlan = all.filter((place) => place.plan !== null);
    expect(onPlan).toHaveLength(1);
    expect(onPlan[0]?.plan?.instalments.map((instalment) => instalment.status)).toEqual([
      'paid',
      'scheduled',
    ]);
    expect(onPlan[0]?.plan?.dueCents).toBeGreaterThan(0);
    const booked = all.filter((place) => place.upcoming && place.plan === null);
    expect(booked.map((place) => `${place.childName.split(' ')[0]} ${place.sessionName}`).sort()).toEqual([
      'Leo Week 1',
      'Leo Week 3',
      'Maya Week 1',
      'Maya Week 2',
    ]);
    expect(booked.every((place) => place.status === 'confirmed' && place.canTransfer)).toBe(true);
    expect(new Set(booked.map((place) => place.campId)).size).toBe(1);
    expect(booked.flatMap((place) => place.adjustments.map((adjustment) => adjustment.kind))).toEqual(
      expect.arrayContaining(['sibling', 'multi_session', 'promo_code']),
    );
    const roster = await app.inject({
      method: 'GET',
      url: `/host/camp/${booked[0]?.campId}/roster`,
      headers: bearer(hostToken),
    });
    // The four places of the demo family, and the friend family's Ava in Maya's first week.
    expect(roster.json<{ data: Roster }>().data.registered).toHaveLength(5);
    const planner = await app.inject({ method: 'GET', url: '/camper/planner', headers: bearer(parentToken) });
    expect(planner.statusCode, planner.body).toBe(200);
    expect(planner.json<{ data: Planner }>().data).toMatchObject({ radiusMiles: 15 });
    // The coming school summer holds the booked weeks.
    expect(planner.json<{ data: Planner }>().data.entries).toHaveLength(4);
    expect(planner.json<{ data: Planner }>().data.homeZip).toMatch(/^\d{5}$/);
    // A friend family shares Ava, and the demo parent shares Maya with them (decision 020).
    expect(planner.json<{ data: Planner }>().data.friendPlaces.map((place) => place.label)).toEqual([
      'Ava (friend of Maya) is going',
    ]);
    const going = await app.inject({
      method: 'GET',
      url: `/camper/friends/going?campIds=${booked[0]?.campId}`,
      headers: bearer(parentToken),
    });
    expect(going.json<{ data: FriendGoing[] }>().data.map((one) => one.label)).toEqual([
      'Ava (friend of Maya) is going',
    ]);
    const friendToken = await logInToken(app, 'camper', DEMO_FRIEND_EMAIL, DEMO_PASSWORD);
    const theirFriends = await app.inject({
      method: 'GET',
      url: '/camper/friends',
      headers: bearer(friendToken),
    });
    expect(theirFriends.json<{ data: FriendsOverview }>().data.friends).toEqual([
      expect.objectContaining({ firstName: 'Sam', lastName: 'Taylor', theirSharedChildren: ['Maya'] }),
    ]);
    const maybes = await app.inject({ method: 'GET', url: '/camper/maybes', headers: bearer(parentToken) });
    expect(maybes.json<{ data: Maybe[] }>().data.map((maybe) => maybe.sessionName)).toEqual(['Week 3']);
    const searches = await app.inject({
      method: 'GET',
      url: '/camper/saved-searches',
      headers: bearer(parentToken),
    });
    expect(searches.json<{ data: SavedSearch[] }>().data).toEqual([
      expect.objectContaining({ name: 'Camps near home', digest: true }),
    ]);

    const adminToken = await logInToken(app, 'admin', DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const queue = await app.inject({ method: 'GET', url: '/api/admin/reviews', headers: bearer(adminToken) });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<{ data: { name: string }[] }>().data.map((item) => item.name)).toEqual([
      'Sunrise Kids Yoga Studio',
    ]);

    // Reviews: the demo parent reviewed last July's first week (the host replied) and may review
    // the second; other families reviewed the demo host's year-round camps, one reported.
    const mine = await app.inject({ method: 'GET', url: '/camper/reviews', headers: bearer(parentToken) });
    const myReviews = mine.json<{ data: MyCampReviews }>().data;
    expect(
      myReviews.reviews.map((review) => [review.sessionName, review.rating, review.reply !== null]),
    ).toEqual([['Week 1 of July', 5, true]]);
    expect(myReviews.reviewableSessionIds).toHaveLength(1);
    const reported = await app.inject({
      method: 'GET',
      url: '/api/admin/camp-reviews',
      headers: bearer(adminToken),
    });
    expect(reported.json<{ data: unknown[] }>().data).toHaveLength(1);
    const [reviewed] = await queryRows<{ camps: number }>(
      db,
      sql`select count(distinct camp_id)::int as camps from camp_reviews`,
    );
    expect(reviewed?.camps).toBeGreaterThanOrEqual(2);

    // Messages (decision 031): one unread conversation on each side, and an announcement read by some.
    for (const [side, token] of [
      ['camper', parentToken],
      ['host', hostToken],
    ] as const) {
      const unread = await app.inject({
        method: 'GET',
        url: `/${side}/messages/unread`,
        headers: bearer(token),
      });
      expect(unread.json<{ data: { count: number } }>().data.count, side).toBe(1);
    }
    const [announced] = await queryRows<{ recipients: number; read: number }>(
      db,
      sql`select count(*)::int as recipients, count(read_at)::int as read from announcement_recipients`,
    );
    expect(announced?.read).toBeGreaterThanOrEqual(1);
    expect(announced?.read).toBeLessThan(announced?.recipients ?? 0);

    expect((await logIn(app, 'host', DEMO_ACCOUNTS.host, 'not-the-demo-password')).statusCode).toBe(401);
  });

  it('gives demo children pickup adults and has children checked in today at a running camp', async () => {
    const parentToken = await logInToken(app, 'camper', DEMO_ACCOUNTS.parent, DEMO_PASSWORD);
    const kids = await app.inject({ method: 'GET', url: '/camper/campers', headers: bearer(parentToken) });
    for (const kid of kids.json<{ data: { id: number }[] }>().data) {
      const adults = await app.inject({
        method: 'GET',
        url: `/camper/campers/${kid.id}/pickup-adults`,
        headers: bearer(parentToken),
      });
      expect(adults.json<{ data: PickupAdult[] }>().data.length).toBeGreaterThan(0);
    }
    const hostToken = await logInToken(app, 'host', DEMO_ACCOUNTS.host, DEMO_PASSWORD);
    const [running] = await queryRows<{ id: number; timeZone: string }>(
      db,
      sql`select distinct s.id, c.time_zone as "timeZone" from attendance_events e
        join camp_sessions s on s.id = e.session_id join camps c on c.id = s.camp_id`,
    );
    if (!running) throw new Error('no session has check-ins');
    // Today where the camp is: the demo checked its children in on the camp's own day.
    const day = campDay(new Date(), running.timeZone);
    const sheet = await app.inject({
      method: 'GET',
      url: `/host/sessions/${running.id}/check-in?day=${day}`,
      headers: bearer(hostToken),
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const states = sheet.json<{ data: CheckInSheet }>().data.children.map((child) => child.state);
    expect(states.filter((state) => state === 'in').length).toBeGreaterThan(1);
    expect(states).toContain('out');
    expect(states).toContain('expected');
  });

  it("shows the documented host places sold through their booking widget in the season's insights", async () => {
    const hostToken = await logInToken(app, 'host', DEMO_ACCOUNTS.host, DEMO_PASSWORD);
    const [busiest] = await queryRows<{ orgId: number }>(
      db,
      sql`select c.org_id as "orgId" from registrations r join camps c on c.id = r.camp_id
        where r.booked_via = 'widget' limit 1`,
    );
    if (!busiest) throw new Error('no demo booking came through the widget');
    const res = await app.inject({
      method: 'GET',
      url: `/host/insights?orgId=${busiest.orgId}`,
      headers: bearer(hostToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { totals } = res.json<{ data: { totals: { placesSold: number; widgetPlaces: number } } }>().data;
    expect(totals.widgetPlaces).toBeGreaterThan(0);
    expect(totals.widgetPlaces).toBeLessThan(totals.placesSold);
  });

  it("gives the demo family a year-end statement carrying the providers' EINs", async () => {
    const parentToken = await logInToken(app, 'camper', DEMO_ACCOUNTS.parent, DEMO_PASSWORD);
    const kids = await app.inject({ method: 'GET', url: '/camper/campers', headers: bearer(parentToken) });
    const [first] = kids.json<{ data: { id: number }[] }>().data;
    const res = await app.inject({
      method: 'GET',
      url: `/camper/campers/${first?.id}/tax-statement?year=${new Date().getFullYear()}`,
      headers: bearer(parentToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { providers } = res.json<{ data: { providers: { ein: string | null }[] } }>().data;
    expect(providers.some((provider) => /^00-\d{7}$/.test(provider.ein ?? ''))).toBe(true);
  });

  it("puts a manager and four staff on the team of the running camp's organisation, who sign in to it", async () => {
    const [running] = await queryRows<{ id: number; orgId: number; timeZone: string }>(
      db,
      sql`select distinct s.id, c.org_id as "orgId", c.time_zone as "timeZone" from attendance_events e
        join camp_sessions s on s.id = e.session_id join camps c on c.id = s.camp_id`,
    );
    if (!running) throw new Error('no session has check-ins');
    const staffToken = await logInToken(app, 'host', DEMO_ACCOUNTS.staff, DEMO_PASSWORD);
    const orgs = await app.inject({ method: 'GET', url: '/host/orgs', headers: bearer(staffToken) });
    expect(orgs.statusCode, orgs.body).toBe(200);
    expect(orgs.json<{ data: { id: number; myRole: string }[] }>().data).toEqual([
      expect.objectContaining({ id: running.orgId, myRole: 'staff' }),
    ]);
    const sheet = await app.inject({
      method: 'GET',
      url: `/host/sessions/${running.id}/check-in?day=${campDay(new Date(), running.timeZone)}`,
      headers: bearer(staffToken),
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const managerToken = await logInToken(app, 'host', DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
    const team = await app.inject({
      method: 'GET',
      url: `/host/orgs/${running.orgId}/team`,
      headers: bearer(managerToken),
    });
    expect(team.statusCode, team.body).toBe(200);
    const roles = team
      .json<{ data: { members: { role: string }[] } }>()
      .data.members.map((member) => member.role);
    expect(roles).toEqual(['owner', 'manager', 'staff', 'staff', 'staff', 'staff']);

    // The owner's compliance view: one check expires next month, one has expired.
    const hostToken = await logInToken(app, 'host', DEMO_ACCOUNTS.host, DEMO_PASSWORD);
    const compliance = await app.inject({
      method: 'GET',
      url: `/host/orgs/${running.orgId}/compliance`,
      headers: bearer(hostToken),
    });
    expect(compliance.statusCode, compliance.body).toBe(200);
    const standing = compliance
      .json<{ data: { members: { email: string; status: string }[] } }>()
      .data.members.map((member) => [member.email, member.status]);
    expect(Object.fromEntries(standing)).toEqual({
      [DEMO_ACCOUNTS.host]: 'none',
      [DEMO_ACCOUNTS.manager]: 'clear',
      [DEMO_ACCOUNTS.staff]: 'clear',
      'riley.staff@demo.campwise.test': 'expiring',
      'jamie.staff@demo.campwise.test': 'clear',
      'taylor.staff@demo.campwise.test': 'expired',
    });
  });

  it('keeps the payment processor consistent: the saved card charges and subscriptions renew', async () => {
    const [card] = await db
      .select({ customerId: paymentCustomers.customerId, paymentMethodId: savedCards.paymentMethodId })
      .from(savedCards)
      .innerJoin(users, eq(users.id, savedCards.parentId))
      .innerJoin(paymentCustomers, eq(paymentCustomers.userId, users.id))
      .where(eq(users.email, DEMO_ACCOUNTS.parent));
    if (!card) throw new Error('the demo parent has no card');
    const processor = processorOf(app);
    await expect(
      processor.chargeCard({
        destination: null,
        ...card,
        amountCents: 2500,
        description: 'Demo charge',
        idempotencyKey: 'seed-test-charge',
      }),
    ).resolves.toEqual({ chargeId: expect.stringMatching(/^ch_test_/) });

    // Renewals and the hosts' first payouts: more events than one delivery run sends.
    const later = new Date(Date.now() + 40 * DAY_MS);
    while ((await processor.runDueWork(appSender(app), later)).done > 0);
    const renewed = await db
      .select({ status: hostSubscriptions.status, periodEnd: hostSubscriptions.currentPeriodEnd })
      .from(hostSubscriptions);
    expect(renewed).toHaveLength(8);
    for (const row of renewed) {
      expect(row.status).toBe('active');
      expect(row.periodEnd?.getTime()).toBeGreaterThan(Date.now() + 40 * DAY_MS);
    }
    // The demo host was paid out once; the demo's payments, refunds and payouts balance.
    expect((await db.select().from(hostPayouts)).length).toBeGreaterThan(0);
    await expectBooksBalance(db);
  });

  it('deletes a demo camp with its files, leaving the other camps their own', async () => {
    const hostToken = await logInToken(app, 'host', DEMO_ACCOUNTS.host, DEMO_PASSWORD);
    const orgs = await app.inject({ method: 'GET', url: '/host/orgs', headers: bearer(hostToken) });
    const orgId = orgs
      .json<{ data: { id: number; status: string }[] }>()
      .data.find((org) => org.status === 'approved')?.id;
    const list = await app.inject({
      method: 'GET',
      url: `/host/org/${orgId}/camps`,
      headers: bearer(hostToken),
    });
    const [first, second] = list.json<{ data: { id: number }[] }>().data;
    if (!first || !second) throw new Error('the demo organisation has too few camps');
    const detail = async (id: number) =>
      (await app.inject({ method: 'GET', url: `/host/camp/${id}`, headers: bearer(hostToken) })).json<{
        data: CampDetail;
      }>().data;
    const doomed = campFileKeys(await detail(first.id));
    const kept = campFileKeys(await detail(second.id));
    const res = await app.inject({
      method: 'DELETE',
      url: `/host/camp/${first.id}`,
      headers: bearer(hostToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const key of doomed) expect(existsSync(join(uploads, key)), key).toBe(false);
    for (const key of kept) expect(existsSync(join(uploads, key)), key).toBe(true);
  });

  it('does nothing when loaded again', async () => {
    const before = await queryRows<{ users: number; camps: number; images: number }>(
      db,
      sql`select (select count(*) from users)::int as users, (select count(*) from camps)::int as camps,
        (select count(*) from images)::int as images`,
    );
    expect(await seedDemo(context)).toBeNull();
    expect(await seedDemoOnFirstStart(app.config, db, app.storage)).toBeNull();
    const after = await queryRows(
      db,
      sql`select (select count(*) from users)::int as users, (select count(*) from camps)::int as camps,
        (select count(*) from images)::int as images`,
    );
    expect(after).toEqual(before);
  });

  it('tops the scale data set up to the number of camps asked for, all publicly listed', async () => {
    const scaleCamps = async () =>
      queryRows<{ id: number; categories: number }>(
        db,
        sql`select c.id, (select count(*) from camp_categories cc where cc.camp_id = c.id)::int as categories
          from camps c join organizations o on o.id = c.org_id join users u on u.id = o.host_id
          where u.email = ${SCALE_HOST_EMAIL} order by c.id`,
      );
    const campIndexes = () =>
      queryRows<{ name: string; definition: string }>(
        db,
        sql`select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = 'camps' order by indexname`,
      );
    const indexesBefore = await campIndexes();
    // A first load this large builds the camps' indexes after it: the same indexes as before.
    expect(await seedScale(context, 120, () => {}, { indexesAfterFrom: 100 })).toEqual({
      added: 120,
      total: 120,
      orgs: 3,
    });
    expect(await campIndexes()).toEqual(indexesBefore);
    expect(indexesBefore.map((index) => index.name)).toContain('camps_search_idx');
    const [leftOver] = await queryRows<{ exists: boolean }>(
      db,
      sql`select to_regclass('scale_seed_indexes') is not null as exists`,
    );
    expect(leftOver?.exists).toBe(false);
    expect(await seedScale(context, 150)).toEqual({ added: 30, total: 150, orgs: 3 });
    expect(await seedScale(context, 150)).toEqual({ added: 0, total: 150, orgs: 3 });
    const rows = await scaleCamps();
    expect(rows).toHaveLength(150);
    for (const row of rows) expect(row.categories).toBeGreaterThan(0);
    // Written with the camp, the categories' ids on each camp are its categories.
    const mismatched = await queryRows(
      db,
      sql`select c.id from camps c where c.category_ids is distinct from coalesce((select array_agg(cc.category_id
        order by cc.category_id) from camp_categories cc where cc.camp_id = c.id), '{}')`,
    );
    expect(mismatched).toEqual([]);

    const [scaleHost] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, SCALE_HOST_EMAIL));
    const [state] = await db
      .select({ status: hostSubscriptions.status })
      .from(hostSubscriptions)
      .where(eq(hostSubscriptions.hostId, scaleHost?.id ?? 0));
    expect(state?.status).toBe('active');
    const approved = await db
      .select({ n: count() })
      .from(organizations)
      .where(and(eq(organizations.hostId, scaleHost?.id ?? 0), inArray(organizations.status, ['approved'])));
    expect(approved[0]?.n).toBe(3);
    for (const { id } of rows.filter((_, index) => index % 15 === 0)) {
      const res = await app.inject({ method: 'GET', url: `/api/camps/${id}` });
      expect(res.statusCode, `camp ${id}: ${res.body}`).toBe(200);
    }
    const search = await app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { type: 'camp', term: '', filters: {}, categories: [], limit: 50 },
    });
    expect(search.json<{ total: number }>().total).toBeGreaterThanOrEqual(150);
  }, 60_000);
});
