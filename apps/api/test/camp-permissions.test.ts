import { rmSync } from 'node:fs';
import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, hostSubscriptions, organizations } from '../src/db/schema.ts';
import {
  approvedOrg,
  CAMP_FIELDS,
  CAMP_TODAY_SQL,
  type Call,
  campTableCounts,
  campUpdate,
  createCamp,
  detailedJpeg,
  hostCamp,
  hostOrgCamps,
  imagePart,
  multipartCall,
  publicOrgCampIds,
  scratchDataDir,
  send,
} from './camp-fixtures.ts';
import { createAdmin, registerCamper, registerHost, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { filesUnder, ORG_ENV, type OrgHost, pngImage, subscribedOrgHost } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';

const { dataDir, uploads } = scratchDataDir();

let app: FastifyInstance;
let db: Database;
let owner: OrgHost;
let otherHost: OrgHost;
let otherOrgId: number;
let unsubscribedToken: string;
let camperToken: string;
let adminToken: string;
let orgId: number;
let campId: number;
let imageId: number;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({ ...ORG_ENV, DATA_DIR: dataDir }));
  const [first, second, unsubscribed, camper, admin, jpegBytes, pngBytes] = await Promise.all([
    subscribedOrgHost(app),
    subscribedOrgHost(app),
    registerHost(app),
    registerCamper(app),
    createAdmin(app, db),
    detailedJpeg(),
    pngImage(200, 150),
  ]);
  owner = first;
  otherHost = second;
  unsubscribedToken = unsubscribed.token;
  camperToken = camper.token;
  adminToken = admin.token;
  jpeg = jpegBytes;
  png = pngBytes;
  [orgId, otherOrgId] = await Promise.all([
    approvedOrg(app, adminToken, owner.token),
    approvedOrg(app, adminToken, otherHost.token, { name: 'Other Host Camps' }),
  ]);
  campId = await createCamp(app, owner.token, orgId, {}, [
    imagePart('thumbnail', jpeg),
    imagePart('campImage1', png, 'one.png', 'image/png'),
  ]);
  const camp = await hostCamp(app, owner.token, campId);
  imageId = camp.images[0]?.id ?? 0;
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

type IdKind = 'org' | 'camp' | 'image';
type Ids = Record<IdKind, number | string>;

interface CampCall {
  name: string;
  call: Call;
  /** The message of the 404 when the ids are not the caller's. */
  notFound: string;
  /** The ids in its path. */
  uses: IdKind[];
}

/** Every host camp call, each with a body that would be valid for the owner. */
function campCalls(ids: Ids): CampCall[] {
  const image = () => [imagePart('image', png, 'new.png', 'image/png')];
  return [
    {
      name: 'GET /host/org/{id}/camps',
      call: { method: 'GET', url: `/host/org/${ids.org}/camps` },
      notFound: messages.orgNotFound,
      uses: ['org'],
    },
    {
      name: 'POST /host/org/{id}/camps',
      call: multipartCall('POST', `/host/org/${ids.org}/camps`, { ...CAMP_FIELDS, name: 'Taken Over' }, [
        imagePart('thumbnail', jpeg),
        imagePart('campImage1', png, 'one.png', 'image/png'),
      ]),
      notFound: messages.orgNotFound,
      uses: ['org'],
    },
    {
      name: 'GET /host/camp/{id}',
      call: { method: 'GET', url: `/host/camp/${ids.camp}` },
      notFound: messages.campNotFound,
      uses: ['camp'],
    },
    {
      name: 'PUT /host/camp/{id}',
      call: { method: 'PUT', url: `/host/camp/${ids.camp}`, payload: campUpdate({ name: 'Taken Over' }) },
      notFound: messages.campNotFound,
      uses: ['camp'],
    },
    {
      name: 'DELETE /host/camp/{id}',
      call: { method: 'DELETE', url: `/host/camp/${ids.camp}` },
      notFound: messages.campNotFound,
      uses: ['camp'],
    },
    {
      name: 'PUT /host/camp/{id}/thumbnail',
      call: multipartCall('PUT', `/host/camp/${ids.camp}/thumbnail`, {}, [
        imagePart('thumbnail', png, 'new.png'),
      ]),
      notFound: messages.campNotFound,
      uses: ['camp'],
    },
    {
      name: 'DELETE /host/camp/{id}/thumbnail',
      call: { method: 'DELETE', url: `/host/camp/${ids.camp}/thumbnail` },
      notFound: messages.campNotFound,
      uses: ['camp'],
    },
    {
      name: 'POST /host/camp/{id}/images',
      call: multipartCall('POST', `/host/camp/${ids.camp}/images`, {}, image()),
      notFound: messages.campNotFound,
      uses: ['camp'],
    },
    {
      name: 'POST /host/org/{orgId}/camps/{campId}/images',
      call: multipartCall(
        'POST',
        `/host/org/${ids.org}/camps/${ids.camp}/images`,
        { campId: String(ids.camp) },
        image(),
      ),
      notFound: messages.campNotFound,
      uses: ['org', 'camp'],
    },
    {
      name: 'PUT /host/camp/images/{id}',
      call: multipartCall('PUT', `/host/camp/images/${ids.image}`, {}, image()),
      notFound: messages.campNotFound,
      uses: ['image'],
    },
    {
      name: 'DELETE /host/camp/image/{id}',
      call: { method: 'DELETE', url: `/host/camp/image/${ids.image}` },
      notFound: messages.campNotFound,
      uses: ['image'],
    },
    {
      name: 'POST /host/org/{orgId}/camps/{campId}/categories',
      call: {
        method: 'POST',
        url: `/host/org/${ids.org}/camps/${ids.camp}/categories`,
        payload: { categoryId: 26, campId: ids.camp },
      },
      notFound: messages.campNotFound,
      uses: ['org', 'camp'],
    },
  ];
}

const ownIds = (): Ids => ({ org: orgId, camp: campId, image: imageId });

/** Every host call of the camp module, the duplicate check included. */
function ownerCalls(): Array<Pick<CampCall, 'name' | 'call'>> {
  return [
    ...campCalls(ownIds()),
    {
      name: 'POST /api/camps/duplicate',
      call: {
        method: 'POST',
        url: '/api/camps/duplicate',
        payload: { name: CAMP_FIELDS.name, phone: CAMP_FIELDS.phone },
      },
    },
  ];
}

/** Runs the calls and proves the owner's camp, the camp tables and the uploads are untouched. */
async function expectUntouched(run: () => Promise<void>): Promise<void> {
  const camp = await hostCamp(app, owner.token, campId);
  const counts = await campTableCounts(db);
  const files = filesUnder(uploads);
  await run();
  expect(await hostCamp(app, owner.token, campId)).toEqual(camp);
  expect(await campTableCounts(db)).toEqual(counts);
  expect(filesUnder(uploads)).toEqual(files);
}

describe("another host's camp", () => {
  it('looks exactly like one that does not exist, for every call, and stays unchanged', async () => {
    await expectUntouched(async () => {
      for (const { name, call, notFound } of campCalls(ownIds())) {
        const res = await send(app, call, otherHost.token);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
        expect(res.json(), name).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: notFound });
      }
    });
  });

  it("stays out of reach through the other host's own organization", async () => {
    await expectUntouched(async () => {
      const both = campCalls({ ...ownIds(), org: otherOrgId }).filter(({ uses }) => uses.length === 2);
      expect(both).toHaveLength(2);
      for (const { name, call } of both) {
        const res = await send(app, call, otherHost.token);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
        expect(res.json(), name).toEqual({
          statusCode: 404,
          code: 'NOT_FOUND',
          message: messages.campNotFound,
        });
      }
    });
  });

  it('answers the same 404 as ids nobody uses', async () => {
    const unused = 2_000_000_000;
    for (const { name, call, notFound } of campCalls({ org: unused, camp: unused, image: unused })) {
      const res = await send(app, call, owner.token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
      expect(res.json(), name).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: notFound });
    }
  });

  it('is not reported as a duplicate to the other host', async () => {
    const res = await send(
      app,
      {
        method: 'POST',
        url: '/api/camps/duplicate',
        payload: { name: CAMP_FIELDS.name, phone: CAMP_FIELDS.phone },
      },
      otherHost.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });
});

describe('roles', () => {
  it('asks a host without a subscription to subscribe, on every call', async () => {
    await expectUntouched(async () => {
      for (const { name, call } of ownerCalls()) {
        const res = await send(app, call, unsubscribedToken);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(402);
        expect(res.json(), name).toEqual({
          statusCode: 402,
          code: 'SUBSCRIPTION_REQUIRED',
          message: messages.subscriptionRequired,
        });
      }
    });
  });

  it('forbids campers and administrators every host camp call', async () => {
    await expectUntouched(async () => {
      for (const token of [camperToken, adminToken]) {
        for (const { name, call } of ownerCalls()) {
          const res = await send(app, call, token);
          expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
          expect(res.json(), name).toEqual({
            statusCode: 403,
            code: 'FORBIDDEN',
            message: messages.forbidden,
          });
        }
      }
    });
  });

  it('answers 401 to a guest and to a token that is not valid', async () => {
    await expectUntouched(async () => {
      for (const token of [undefined, 'not-a-token']) {
        for (const { name, call } of ownerCalls()) {
          const res = await send(app, call, token);
          expect(res.statusCode, `${name}: ${res.body}`).toBe(401);
          expect(res.json(), name).toEqual(unauthenticatedReply);
        }
      }
    });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('refuses the id %j with 400', async (bad) => {
    await expectUntouched(async () => {
      for (const kind of ['org', 'camp', 'image'] as const) {
        for (const { name, call } of campCalls({ ...ownIds(), [kind]: bad }).filter(({ uses }) =>
          uses.includes(kind),
        )) {
          const res = await send(app, call, owner.token);
          expect(res.statusCode, `${name} with a bad ${kind} id: ${res.body}`).toBe(400);
          expect(res.json<{ code: string }>().code, name).toBe('VALIDATION_ERROR');
        }
      }
      for (const url of [
        `/api/camps/${bad}`,
        `/api/camps/${bad}/images`,
        `/api/camps/${bad}/categories`,
        `/api/orgs/${bad}/camps`,
      ]) {
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
      }
    });
  });
});

describe('public listings', () => {
  function publicCamp(id: number) {
    return app.inject({ method: 'GET', url: `/api/camps/${id}` });
  }

  /**
   * Proves every public call shows the camp (true) or acts as if it did not exist (false); the
   * organization's camp list is there while the organization is public, and not found otherwise.
   */
  async function expectListed(id: number, ofOrg: number, listed: boolean, orgPublic = listed): Promise<void> {
    for (const url of [`/api/camps/${id}`, `/api/camps/${id}/images`, `/api/camps/${id}/categories`]) {
      const res = await app.inject({ method: 'GET', url });
      if (listed) expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      else expectError(res, 404, 'NOT_FOUND', messages.campNotFound);
    }
    if (!orgPublic) {
      const res = await app.inject({ method: 'GET', url: `/api/orgs/${ofOrg}/camps` });
      expectError(res, 404, 'NOT_FOUND', messages.orgNotFound);
      return;
    }
    const ids = await publicOrgCampIds(app, ofOrg);
    if (listed) expect(ids).toContain(id);
    else expect(ids).not.toContain(id);
  }

  async function setOrgStatus(id: number, status: 'pending' | 'approved' | 'denied'): Promise<void> {
    await db.update(organizations).set({ status }).where(eq(organizations.id, id));
  }

  it('hide the camps of an organization that is pending or denied', async () => {
    const id = await approvedOrg(app, adminToken, owner.token, { name: 'Status Changes' });
    const camp = await createCamp(app, owner.token, id, { name: 'Status Camp' });
    await expectListed(camp, id, true);
    try {
      for (const status of ['pending', 'denied'] as const) {
        await setOrgStatus(id, status);
        await expectListed(camp, id, false);
        // The host still manages it.
        expect((await hostCamp(app, owner.token, camp)).id).toBe(camp);
      }
    } finally {
      await setOrgStatus(id, 'approved');
    }
    await expectListed(camp, id, true);
  });

  it('hide the camps of a host whose subscription was canceled, and keep them while payment is late', async () => {
    const lapsing = await subscribedOrgHost(app);
    const id = await approvedOrg(app, adminToken, lapsing.token, { name: 'Lapsing Host' });
    const camp = await createCamp(app, lapsing.token, id, { name: 'Lapsing Camp' });
    await expectListed(camp, id, true);

    const setStatus = (status: 'past_due' | 'canceled') =>
      db.update(hostSubscriptions).set({ status }).where(eq(hostSubscriptions.hostId, lapsing.id));
    await setStatus('past_due');
    await expectListed(camp, id, true);
    await setStatus('canceled');
    await expectListed(camp, id, false);
    expectError(
      await send(app, { method: 'GET', url: `/host/camp/${camp}` }, lapsing.token),
      402,
      'SUBSCRIPTION_REQUIRED',
      messages.subscriptionRequired,
    );
  });

  it('hide a dated camp once its end date has passed, and show it on its last day', async () => {
    const camp = await createCamp(app, owner.token, orgId, { name: 'Summer Gone By' });
    await expectListed(camp, orgId, true);

    // The database's own clock, read where the camp is, decides what "today" is, so the test
    // cannot straddle midnight.
    await db
      .update(campSessions)
      .set({ startDate: sql`${CAMP_TODAY_SQL} - 10`, endDate: CAMP_TODAY_SQL })
      .where(eq(campSessions.campId, camp));
    await expectListed(camp, orgId, true);

    await db
      .update(campSessions)
      .set({ startDate: sql`${CAMP_TODAY_SQL} - 10`, endDate: sql`${CAMP_TODAY_SQL} - 1` })
      .where(eq(campSessions.campId, camp));
    await expectListed(camp, orgId, false, true);
    // The host still sees it among its camps.
    expect((await hostOrgCamps(app, owner.token, orgId)).map((item) => item.id)).toContain(camp);
    expect((await publicCamp(campId)).statusCode).toBe(200);
  });

  it('keep a year-round camp without dates', async () => {
    const camp = await createCamp(app, owner.token, orgId, {
      name: 'All Year Long',
      categories: '[22]',
      startDate: '',
      endDate: '',
    });
    const res = await publicCamp(camp);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: CampDetail }>().data).toMatchObject({
      startDate: null,
      endDate: null,
      isYearRound: true,
    });
    await expectListed(camp, orgId, true);
  });
});
