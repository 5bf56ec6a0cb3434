import { messages } from '@campwise/contract/messages';
import { MAX_ID } from '@campwise/contract/row-ids';
import type { SearchBody, SearchResult } from '@campwise/contract/search';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, camps, hostSubscriptions, organizations } from '../src/db/schema.ts';
import { type Coordinates, distanceMiles, EARTH_RADIUS_MILES, zipCentroid } from '../src/platform/geo.ts';
import { approvedOrg, CAMP_FIELDS, createCamp } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, type OrgHost, subscribedOrgHost } from './org-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let adminToken: string;
let orgId: number;

interface SearchAnswer {
  data: SearchResult[];
  nextCursor: string | null;
  total: number;
}

async function search(body: SearchBody): Promise<SearchAnswer> {
  const res = await app.inject({ method: 'POST', url: '/api/search', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>();
}

async function searchNames(body: SearchBody): Promise<string[]> {
  return (await search({ limit: 50, ...body })).data.map((camp) => camp.name);
}

/** Every page of a search, following the cursors. */
async function allPages(body: SearchBody): Promise<{ ids: number[]; totals: number[]; pages: number }> {
  const ids: number[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: SearchAnswer = await search({ ...body, ...(cursor ? { cursor } : {}) });
    ids.push(...page.data.map((camp) => camp.id));
    totals.push(page.total);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, totals, pages };
}

let phoneCounter = 0;
/** A camp with a fresh phone number, so the duplicate rule never gets in the way. */
function addCamp(overrides: Record<string, string>, org = orgId): Promise<number> {
  phoneCounter += 1;
  return createCamp(app, host.token, org, {
    phone: `312-555-${String(1000 + phoneCounter).slice(-4)}`,
    ...overrides,
  });
}

const radians = (value: number) => (value * Math.PI) / 180;
const degrees = (value: number) => (value * 180) / Math.PI;

const virtual = { categories: '[26]', address: '', city: '', state: '', zip: '' };
const yearRound = { categories: '[22]', startDate: '', endDate: '' };

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  [host, { token: adminToken }] = await Promise.all([subscribedOrgHost(app), createAdmin(app, db)]);
  orgId = await approvedOrg(app, adminToken, host.token, { name: 'Prairie Youth Programs' });
});

describe('POST /api/search: the term', () => {
  it('matches prefixes of words in the name, and ranks name matches above description matches', async () => {
    await addCamp({ name: 'Kickers Soccer Stars', description: 'Drills, scrimmages and fun.' });
    await addCamp({ name: 'Riverbank Multisport', description: 'Includes some soccer every afternoon.' });
    await addCamp({ name: 'Watercolor Studio', description: 'Painting outdoors.' });

    expect(await searchNames({ term: 'socc' })).toEqual(['Kickers Soccer Stars', 'Riverbank Multisport']);
    expect(await searchNames({ term: 'SOCCER stars' })).toEqual(['Kickers Soccer Stars']);
    expect(await searchNames({ term: 'watercolour' })).toEqual([]);
  });

  it('matches prefixes of words found only in the description', async () => {
    const campId = await addCamp({ name: 'Moonlight Revue', description: 'Tap dancing and swing bands.' });
    const found = async (term: string) => (await search({ term, limit: 50 })).data.map((camp) => camp.id);

    expect(await found('dancin')).toEqual([campId]);
    expect(await found('swin revue')).toEqual([campId]);
  });

  it('matches stemmed words, the organization name and the city', async () => {
    const campId = await addCamp({ name: 'Tidepool Explorers', city: 'Evanston', zip: '60201' });
    const found = async (term: string) => (await search({ term, limit: 50 })).data.map((camp) => camp.id);

    expect(await found('tidepools')).toContain(campId);
    expect(await found('explor')).toContain(campId);
    expect(await found('evanst')).toContain(campId);
    expect(await found('prairie youth')).toContain(campId);
    expect(await found('tidepool evanston')).toEqual([campId]);
  });

  it('treats punctuation and query syntax as plain words', async () => {
    for (const term of ["soccer' | !( :*", '&&&', "'; drop table camps; --", '<b>soccer</b>']) {
      const res = await app.inject({ method: 'POST', url: '/api/search', payload: { term } });
      expect(res.statusCode, `${term}: ${res.body}`).toBe(200);
    }
    expect(await searchNames({ term: '<kickers>' })).toEqual(['Kickers Soccer Stars']);
  });
});

describe('POST /api/search: ZIP and distance', () => {
  let near: number;
  let close: number;
  let suburb: number;
  let faraway: number;
  let online: number;

  beforeAll(async () => {
    near = await addCamp({ name: 'Lincoln Park Zooventure', city: 'Chicago', state: 'IL', zip: '60614' });
    close = await addCamp({ name: 'Lakeview Zooventure', city: 'Chicago', state: 'IL', zip: '60657' });
    suburb = await addCamp({
      name: 'Downers Grove Zooventure',
      city: 'Downers Grove',
      state: 'IL',
      zip: '60515',
    });
    faraway = await addCamp({ name: 'Chelsea Zooventure', city: 'New York', state: 'NY', zip: '10001' });
    online = await addCamp({ name: 'Online Zooventure', ...virtual });
  });

  it('finds camps within 25 miles, nearest first, with virtual camps after them', async () => {
    const { data, total } = await search({ term: 'zooventure', filters: { zip: '60614' } });
    expect(data.map((camp) => camp.id)).toEqual([near, close, suburb, online]);
    expect(total).toBe(4);
    const distances = data.map((camp) => camp.distanceMiles);
    expect(distances[0]).toBeLessThan(1);
    expect(distances[1]).toBeGreaterThan(1);
    expect(distances[1]).toBeLessThan(5);
    expect(distances[2]).toBeGreaterThan(15);
    expect(distances[2]).toBeLessThan(25);
    expect(distances[3]).toBeNull();
    expect(data.map((camp) => camp.id)).not.toContain(faraway);
  });

  it('takes another radius', async () => {
    const ids = async (radius: number) =>
      (await search({ term: 'zooventure', filters: { zip: '60614', radius } })).data.map((camp) => camp.id);
    expect(await ids(5)).toEqual([near, close, online]);
    expect(await ids(500)).toEqual([near, close, suburb, online]);
    expect(await ids(500)).not.toContain(faraway);
  });

  it('finds camps at the east and west edges of a wide circle far north, and across the 180th meridian', async () => {
    const place = async (name: string, point: Coordinates) => {
      const campId = await addCamp({ name });
      await db.update(camps).set(point).where(eq(camps.id, campId));
      return campId;
    };
    const anchorage = zipCentroid('99501');
    const adak = zipCentroid('99546');
    if (!anchorage || !adak) throw new Error('the ZIP data set lacks an Alaskan ZIP');
    // The easternmost point 499 miles away: north of the centre's latitude, and further east
    // than a flat-map estimate of the circle reaches.
    const angle = 499 / EARTH_RADIUS_MILES;
    const latitude = Math.asin(Math.sin(radians(anchorage.latitude)) / Math.cos(angle));
    const longitudeSpan = Math.asin(Math.sin(angle) / Math.cos(radians(anchorage.latitude)));
    const east = { latitude: degrees(latitude), longitude: anchorage.longitude + degrees(longitudeSpan) };
    const west = { latitude: east.latitude, longitude: anchorage.longitude - degrees(longitudeSpan) };
    expect(distanceMiles(anchorage, east)).toBeCloseTo(499, 3);
    const edges = [await place('Yukon Edge Lodge East', east), await place('Yukon Edge Lodge West', west)];
    const ids = async (zip: string, term: string) =>
      (await search({ term, filters: { zip, radius: 500 } })).data.map((camp) => camp.id).sort();
    expect(await ids('99501', 'yukon edge lodge')).toEqual(edges.sort());

    // Attu Island lies 433 miles west of Adak, on the other side of the 180th meridian.
    const attu = await place('Aleutian Edge Camp', { latitude: 52.9, longitude: 173.2 });
    expect(distanceMiles(adak, { latitude: 52.9, longitude: 173.2 })).toBeLessThan(500);
    expect(await ids('99546', 'aleutian edge')).toEqual([attu]);
  });

  it('answers without a ZIP with no distance at all', async () => {
    const { data } = await search({ term: 'zooventure' });
    expect(data.map((camp) => camp.id).sort()).toEqual([near, close, suburb, faraway, online].sort());
    expect(data.every((camp) => camp.distanceMiles === null)).toBe(true);
  });

  it('says so when the ZIP is unknown or malformed', async () => {
    for (const [zip, message] of [
      ['00000', messages.unknownZip],
      ['6061', messages.zipFormat],
      ['abcde', messages.zipFormat],
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/search', payload: { filters: { zip } } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message, fields: { 'filters.zip': message } });
    }
  });
});

describe('POST /api/search: age, month, cost and categories', () => {
  let young: number;
  let teen: number;
  let winter: number;
  let summer: number;
  let allYear: number;
  let cheap: number;

  beforeAll(async () => {
    young = await addCamp({ name: 'Quokka Littles', minAge: '4', maxAge: '6' });
    teen = await addCamp({ name: 'Quokka Teens', minAge: '13', maxAge: '17' });
    winter = await addCamp({ name: 'Quokka Winter Break', startDate: '2030-12-28', endDate: '2031-01-05' });
    summer = await addCamp({ name: 'Quokka Summer', startDate: '2030-07-06', endDate: '2030-08-02' });
    allYear = await addCamp({ name: 'Quokka Year Round Club', ...yearRound });
    cheap = await addCamp({ name: 'Quokka Budget Day', cost: '40', categories: '[27]' });
  });

  const ids = async (body: SearchBody) =>
    (await search({ term: 'quokka', limit: 50, ...body })).data.map((camp) => camp.id).sort();

  it('keeps camps whose ages include the age', async () => {
    expect(await ids({ filters: { age: 5 } })).toEqual([young]);
    expect(await ids({ filters: { age: '16' } })).toEqual([teen]);
    expect(await ids({ filters: { age: 10 } })).toEqual([winter, summer, allYear, cheap].sort());
  });

  it('keeps camps running in the month, across the turn of the year, and year-round camps always', async () => {
    expect(await ids({ filters: { month: 12 } })).toEqual([winter, allYear].sort());
    expect(await ids({ filters: { month: 1 } })).toEqual([winter, allYear].sort());
    expect(await ids({ filters: { month: 2 } })).toEqual([allYear]);
    expect(await ids({ filters: { month: 7 } })).toEqual([summer, allYear].sort());
    expect(await ids({ filters: { month: '8' } })).toEqual([summer, allYear].sort());
  });

  it('keeps camps costing at most the amount in dollars', async () => {
    expect(await ids({ filters: { cost: 40 } })).toEqual([cheap]);
    expect(await ids({ filters: { cost: '39' } })).toEqual([]);
    expect((await ids({ filters: { cost: 150 } })).length).toBe(6);
  });

  it('keeps camps having any of the categories', async () => {
    expect(await ids({ categories: [27] })).toEqual([cheap]);
    expect(await ids({ categories: [22, 27] })).toEqual([allYear, cheap].sort());
    expect(await ids({ categories: [30] })).toEqual([]);
  });

  it('applies every filter together', async () => {
    await addCamp({ name: 'Quokka Chess Lincoln Park', zip: '60614', cost: '90', categories: '[27]' });
    const match = await addCamp({
      name: 'Quokka Chess Lakeview',
      zip: '60657',
      cost: '80',
      minAge: '7',
      maxAge: '11',
      startDate: '2030-07-01',
      endDate: '2030-07-10',
      categories: '[27,12]',
    });
    const body: SearchBody = {
      term: 'quokka chess',
      filters: { zip: '60614', age: 9, month: 7, cost: 85 },
      categories: [27, 13],
    };
    expect(await ids(body)).toEqual([match]);
    expect((await search(body)).total).toBe(1);
  });

  it('answers the empty form with every listed camp, soonest first, year-round camps last', async () => {
    const { data, total } = await search({
      term: '',
      filters: { zip: '', age: '', month: '', cost: '' },
      categories: [],
    });
    expect(total).toBeGreaterThan(10);
    const dated = data.filter((camp) => camp.startDate !== null).map((camp) => camp.startDate ?? '');
    expect(dated).toEqual([...dated].sort());
  });
});

describe('POST /api/search: sessions, dates and places', () => {
  let weekly: number;
  let full: number;
  let allYear: number;

  /** Adds a week to a camp; CAMP_FIELDS camps run June 15–20, 2030. */
  async function addWeek(campId: number, startDate: string, endDate: string, capacity = '10', price = '150') {
    const res = await app.inject({
      method: 'POST',
      url: `/host/camp/${campId}/sessions`,
      headers: { authorization: `Bearer ${host.token}` },
      payload: { name: `Week of ${startDate}`, startDate, endDate, price, capacity },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  beforeAll(async () => {
    weekly = await addCamp({ name: 'Platypus Weekly', startDate: '2030-06-03', endDate: '2030-06-07' });
    await addWeek(weekly, '2030-07-08', '2030-07-12', '10', '210');
    full = await addCamp({ name: 'Platypus Full House', startDate: '2030-07-08', endDate: '2030-07-12' });
    await db.update(campSessions).set({ capacity: 3, spotsTaken: 3 }).where(eq(campSessions.campId, full));
    allYear = await addCamp({ name: 'Platypus All Year', ...yearRound });
  });

  const ids = async (filters: NonNullable<SearchBody['filters']>) =>
    (await search({ term: 'platypus', limit: 50, filters })).data.map((camp) => camp.id).sort();

  it('keeps camps with a session inside the dates, and year-round camps always', async () => {
    expect(await ids({ startsFrom: '2030-07-01' })).toEqual([weekly, full, allYear].sort());
    expect(await ids({ endsBy: '2030-06-30' })).toEqual([weekly, allYear].sort());
    expect(await ids({ startsFrom: '2030-06-10', endsBy: '2030-07-05' })).toEqual([allYear]);
    expect(await ids({ startsFrom: '2030-07-08', endsBy: '2030-07-12' })).toEqual(
      [weekly, full, allYear].sort(),
    );
  });

  it('keeps only camps with a place left when asked', async () => {
    expect(await ids({ hasPlaces: true })).toEqual([weekly, allYear].sort());
    expect(await ids({ hasPlaces: false })).toEqual([weekly, full, allYear].sort());
  });

  it('names the soonest session that matched, for the heart on the card, and how many did', async () => {
    const matching = async (filters: NonNullable<SearchBody['filters']>) =>
      Object.fromEntries(
        (await search({ term: 'platypus', limit: 50, filters })).data.map((camp) => [
          camp.id,
          camp.matchingSession,
        ]),
      );
    const [july] = await db
      .select({ id: campSessions.id })
      .from(campSessions)
      .where(and(eq(campSessions.campId, weekly), eq(campSessions.startDate, '2030-07-08')));
    const [june] = await db
      .select({ id: campSessions.id, name: campSessions.name })
      .from(campSessions)
      .where(and(eq(campSessions.campId, weekly), eq(campSessions.startDate, '2030-06-03')));
    const [fullSession] = await db
      .select({ id: campSessions.id })
      .from(campSessions)
      .where(eq(campSessions.campId, full));

    const all = await matching({});
    expect(all[weekly]).toEqual({ id: june?.id, name: `Platypus Weekly (${june?.name})`, count: 2 });
    expect(all[full]).toEqual({ id: fullSession?.id, name: 'Platypus Full House', count: 1 });
    expect(all[allYear]).toMatchObject({ count: 1, name: 'Platypus All Year' });

    const inJuly = await matching({ startsFrom: '2030-07-01' });
    expect(inJuly[weekly]).toEqual({ id: july?.id, name: 'Platypus Weekly (Week of 2030-07-08)', count: 1 });
    // A full session is no place to save a maybe when the parent asked for places left.
    expect((await matching({ hasPlaces: true }))[weekly]).toMatchObject({ id: june?.id, count: 2 });
  });

  it('answers the price range of a camp’s sessions', async () => {
    const [camp] = (await search({ term: 'platypus weekly' })).data;
    expect(camp).toMatchObject({
      costCents: 15000,
      maxPriceCents: 21000,
      startDate: '2030-06-03',
      endDate: '2030-07-12',
    });
  });

  it('refuses a last day before the first day', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { filters: { startsFrom: '2030-07-10', endsBy: '2030-07-01' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.searchDatesInverted });
  });
});

describe('POST /api/search: paging', () => {
  it('walks every page once, without duplicates or gaps, in each order', async () => {
    const created: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      created.push(
        await addCamp({
          name: `Pangolin Paging ${index}`,
          description: index % 2 ? 'pangolin pangolin pangolin' : 'A day camp.',
          zip: ['60614', '60657', '60515'][index % 3] ?? '60614',
          startDate: `2030-0${(index % 3) + 6}-01`,
          endDate: `2030-0${(index % 3) + 6}-20`,
        }),
      );
    }
    for (const body of [
      { term: 'pangolin', limit: 3 },
      { term: 'pangolin', filters: { zip: '60614' }, limit: 2 },
      { categories: [21], limit: 4 },
    ] satisfies SearchBody[]) {
      const { ids, totals, pages } = await allPages(body);
      expect(new Set(ids).size, JSON.stringify(body)).toBe(ids.length);
      expect(totals.every((total) => total === ids.length)).toBe(true);
      expect(pages).toBe(Math.ceil(ids.length / body.limit));
      if (body.term) expect(ids.sort()).toEqual([...created].sort());
    }
  });

  it('pages through camps whose words match the prefix in several forms, which rank above 1', async () => {
    const created: number[] = [];
    // "Aardvarkers" is indexed as typed and as its stem: two words the prefix "aardvark" finds.
    for (const name of ['Mini Aardvarkers', 'Aardvarkers Aardvarking', 'Aardvarking Week']) {
      created.push(await addCamp({ name, description: 'aardvarking aardvarks' }));
    }
    const first = await search({ term: 'aardvark', limit: 1 });
    const [, sortKey] = JSON.parse(Buffer.from(first.nextCursor ?? '', 'base64url').toString()) as [
      string,
      number,
    ];
    expect(sortKey).toBeLessThan(-1);
    const { ids } = await allPages({ term: 'aardvark', limit: 1 });
    expect(ids.sort()).toEqual([...created].sort());
  });

  it('refuses a cursor it did not make, or made for another order', async () => {
    const first = await search({ term: 'pangolin', limit: 2 });
    expect(first.nextCursor).not.toBeNull();
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('[1,2]').toString('base64url'),
      first.nextCursor ?? '',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/search',
        payload: { filters: { zip: '60614' }, cursor },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: messages.searchCursorInvalid });
    }
  });

  it('refuses a forged cursor whose numbers no page of results could hold', async () => {
    const forged = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const [body, cursor] of [
      [{}, forged('soonest', 0, 3_000_000_000)],
      [{}, forged('soonest', 0, MAX_ID + 1)],
      [{}, forged('soonest', 0, 0)],
      [{}, forged('soonest', 0, -1)],
      [{}, forged('soonest', 0, 1.5)],
      [{}, forged('soonest', 1e300, 1)],
      [{}, Buffer.from('["soonest",1e400,1]').toString('base64url')],
      [{}, forged('soonest', 'NaN', 1)],
      [{}, forged('soonest', null, 1)],
      [{}, forged('soonest', 0, '1')],
      [{}, forged('soonest', [0], 1)],
      [{}, forged('soonest', 0, 1, 2)],
      [{}, forged('soonest', 0)],
      [{}, Buffer.from('{"mode":"soonest","sortKey":0,"id":1}').toString('base64url')],
      [{}, Buffer.from('"soonest"').toString('base64url')],
      [{ term: 'pangolin' }, forged('relevance', 5, 1)],
      [{ term: 'pangolin' }, forged('relevance', 0, 3_000_000_000)],
      [{ filters: { zip: '60614' } }, forged('distance', -1, 1)],
      [{ filters: { zip: '60614' } }, forged('distance', 1e12, 1)],
    ] satisfies [SearchBody, string][]) {
      const res = await app.inject({ method: 'POST', url: '/api/search', payload: { ...body, cursor } });
      expect(res.statusCode, `${Buffer.from(cursor, 'base64url').toString()}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: messages.searchCursorInvalid,
        fields: { cursor: messages.searchCursorInvalid },
      });
    }
  });

  it('takes a cursor at the very end of the order, with the largest id', async () => {
    const cursor = Buffer.from(JSON.stringify(['soonest', 365_242, MAX_ID])).toString('base64url');
    const { data, nextCursor } = await search({ cursor });
    expect(data).toEqual([]);
    expect(nextCursor).toBeNull();
  });

  it('defaults to 20 a page and allows at most 50', async () => {
    expect((await search({})).data.length).toBeLessThanOrEqual(20);
    const res = await app.inject({ method: 'POST', url: '/api/search', payload: { limit: 51 } });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/search: the order a parent chooses', () => {
  let cheap: number;
  let dear: number;
  let soon: number;

  beforeAll(async () => {
    dear = await addCamp({
      name: 'Wombat Sorting Dear',
      cost: '900',
      zip: '60614',
      startDate: '2030-06-01',
      endDate: '2030-06-05',
    });
    cheap = await addCamp({
      name: 'Wombat Sorting Cheap',
      cost: '100',
      zip: '60515',
      startDate: '2030-08-01',
      endDate: '2030-08-05',
    });
    soon = await addCamp({
      name: 'Wombat Sorting Soon',
      cost: '500',
      zip: '60657',
      startDate: '2030-05-01',
      endDate: '2030-05-05',
    });
  });

  const ids = async (body: SearchBody) =>
    (await search({ term: 'wombat', ...body })).data.map((camp) => camp.id);

  it('sorts by price, start date and distance, each page after page', async () => {
    expect(await ids({ sort: 'price' })).toEqual([cheap, soon, dear]);
    expect(await ids({ sort: 'start' })).toEqual([soon, dear, cheap]);
    expect(await ids({ sort: 'distance', filters: { zip: '60614' } })).toEqual([dear, soon, cheap]);
    for (const sort of ['price', 'start', 'relevance'] as const) {
      const { ids: paged } = await allPages({ term: 'wombat', sort, limit: 1 });
      expect(paged, sort).toEqual(await ids({ sort }));
    }
  });

  it('gives the same order every time when none is chosen, and for best match without words', async () => {
    const first = await ids({});
    expect(await ids({})).toEqual(first);
    expect(await ids({ sort: 'relevance', term: '' })).toEqual(await ids({ term: '' }));
  });

  it('says where each camp is and how many places are left', async () => {
    const [camp] = (await search({ term: 'wombat', sort: 'price' })).data;
    expect(camp?.spotsLeft).toBeGreaterThan(0);
    expect(camp?.latitude).toBeTypeOf('number');
    expect(camp?.longitude).toBeTypeOf('number');
  });

  it('refuses distance without a ZIP and an order it does not know', async () => {
    for (const [payload, field, message] of [
      [{ sort: 'distance' }, 'sort', messages.searchSortNeedsZip],
      [{ sort: 'cheapest' }, 'sort', messages.searchSortInvalid],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/search', payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(message);
      expect(JSON.stringify(res.json())).toContain(field);
    }
  });

  it('refuses a cursor made for another order', async () => {
    const byPrice = await search({ term: 'wombat', sort: 'price', limit: 1 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { term: 'wombat', sort: 'start', limit: 1, cursor: byPrice.nextCursor },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/search: only public listings', () => {
  it('never returns camps that are over, of an organization not approved, or of a lapsed host', async () => {
    const over = await addCamp({ name: 'Narwhal Finished Camp' });
    const listed = await addCamp({ name: 'Narwhal Listed Camp' });
    await db
      .update(campSessions)
      .set({ startDate: '2020-06-01', endDate: '2020-06-05' })
      .where(eq(campSessions.campId, over));
    expect(await searchNames({ term: 'narwhal' })).toEqual(['Narwhal Listed Camp']);

    const other = await subscribedOrgHost(app);
    const otherOrg = await approvedOrg(app, adminToken, other.token, { name: 'Narwhal Society' });
    await createCamp(app, other.token, otherOrg, { ...CAMP_FIELDS, name: 'Narwhal Society Camp' });
    expect((await searchNames({ term: 'narwhal' })).sort()).toEqual([
      'Narwhal Listed Camp',
      'Narwhal Society Camp',
    ]);

    await db.update(organizations).set({ status: 'pending' }).where(eq(organizations.id, otherOrg));
    expect(await searchNames({ term: 'narwhal' })).toEqual(['Narwhal Listed Camp']);
    await db.update(organizations).set({ status: 'approved' }).where(eq(organizations.id, otherOrg));
    await db
      .update(hostSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(hostSubscriptions.hostId, other.id));
    expect(await searchNames({ term: 'narwhal' })).toEqual(['Narwhal Listed Camp']);
    expect(listed).toBeGreaterThan(0);
  });

  it('finds a camp by its organization’s new name once the name changes', async () => {
    const campId = await addCamp({ name: 'Ocelot Art Week' });
    await db
      .update(organizations)
      .set({ name: 'Marigold Arts Collective' })
      .where(eq(organizations.id, orgId));
    expect((await search({ term: 'ocelot marigold' })).data.map((camp) => camp.id)).toEqual([campId]);
    expect((await search({ term: 'ocelot prairie' })).data).toEqual([]);
  });
});

describe('POST /api/search: bad input', () => {
  const cases: [string, unknown][] = [
    ['month 13', { filters: { month: 13 } }],
    ['month 0', { filters: { month: '0' } }],
    ['a negative age', { filters: { age: -3 } }],
    ['a fractional age', { filters: { age: 4.5 } }],
    ['letters in the cost', { filters: { cost: '12a' } }],
    ['a negative cost', { filters: { cost: -1 } }],
    ['1,000 categories', { categories: Array.from({ length: 1000 }, () => 7) }],
    ['an unknown category', { categories: [999] }],
    ['a 10 kB term', { term: 'soccer '.repeat(1700) }],
    ['a term with control characters', { term: 'soc\u0000cer' }],
    ['another type', { type: 'org' }],
    ['an unknown field', { filters: { distance: 3 } }],
    ['an object for the term', { term: { $ne: '' } }],
    ['a radius of 0', { filters: { zip: '60614', radius: 0 } }],
  ];
  it.each(cases)('refuses %s with a 400 in the error format', async (_label, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/search', payload: payload as object });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ statusCode: number; code: string; message: string }>();
    expect(body).toMatchObject({ statusCode: 400, code: expect.any(String), message: expect.any(String) });
    expect(res.body).not.toContain('stack');
  });

  it('names the problem in the spec’s tone', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/search', payload: { filters: { month: 13 } } });
    expect(res.json()).toMatchObject({ message: messages.searchMonthInvalid });
    const age = await app.inject({ method: 'POST', url: '/api/search', payload: { filters: { age: -3 } } });
    expect(age.json()).toMatchObject({ message: messages.searchAgeInvalid });
  });
});
