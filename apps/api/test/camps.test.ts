import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CampDetail, CampListItem } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { camps, images, organizations } from '../src/db/schema.ts';
import {
  approvedOrg,
  CAMP_FIELDS,
  campChildRows,
  campFileKeys,
  campRow,
  campTableCounts,
  createCamp,
  createdCamp,
  detailedJpeg,
  hostCamp,
  hostOrgCamps,
  imagePart,
  postCamp,
  scratchDataDir,
} from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  createOrg,
  decide,
  filesUnder,
  NEW_ORG_FIELDS,
  ORG_ENV,
  type OrgHost,
  pngImage,
  subscribedOrgHost,
  webpImage,
} from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';

const { dataDir, uploads } = scratchDataDir();

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let adminToken: string;
let orgId: number;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({ ...ORG_ENV, DATA_DIR: dataDir }));
  [host, { token: adminToken }, jpeg, png, webp] = await Promise.all([
    subscribedOrgHost(app),
    createAdmin(app, db),
    detailedJpeg(),
    pngImage(320, 240),
    webpImage(320, 240),
  ]);
  orgId = await approvedOrg(app, adminToken, host.token);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** All four images of the add-camp form, each of another type. */
function allImages() {
  return [
    imagePart('thumbnail', jpeg),
    imagePart('campImage1', png, 'lake.png', 'image/png'),
    imagePart('campImage2', webp, 'archery.webp', 'image/webp'),
    imagePart('campImage3', jpeg, 'campfire.jpg'),
  ];
}

function listItemOf(camp: CampDetail): CampListItem {
  return {
    id: camp.id,
    name: camp.name,
    thumbnail: camp.thumbnail,
    city: camp.city,
    state: camp.state,
    startDate: camp.startDate,
    endDate: camp.endDate,
    isVirtual: camp.isVirtual,
    isYearRound: camp.isYearRound,
    costCents: camp.costCents,
    minAge: camp.minAge,
    maxAge: camp.maxAge,
    description: camp.description,
  };
}

const uploadUrl = expect.stringMatching(/^\/uploads\/[0-9a-f-]+-1600\.webp$/);
const smallUploadUrl = expect.stringMatching(/^\/uploads\/[0-9a-f-]+-400\.webp$/);

describe('adding a camp', () => {
  it('stores every field, the categories and all four images, and answers the id and images', async () => {
    const before = filesUnder(uploads);
    const created = createdCamp(await postCamp(app, host.token, orgId, CAMP_FIELDS, allImages()));
    expect(created.campImages).toEqual(
      [1, 2, 3].map((slot) => ({ id: expect.any(Number), slot, url: uploadUrl, smallUrl: smallUploadUrl })),
    );

    const camp = await hostCamp(app, host.token, created.id);
    expect(camp).toEqual({
      id: created.id,
      orgId,
      orgName: NEW_ORG_FIELDS.name,
      name: CAMP_FIELDS.name,
      description: CAMP_FIELDS.description,
      address: CAMP_FIELDS.address,
      city: CAMP_FIELDS.city,
      state: CAMP_FIELDS.state,
      zip: CAMP_FIELDS.zip,
      phone: CAMP_FIELDS.phone,
      email: CAMP_FIELDS.email,
      startDate: CAMP_FIELDS.startDate,
      endDate: CAMP_FIELDS.endDate,
      minAge: 8,
      maxAge: 12,
      // The form takes whole dollars; money is kept in cents.
      costCents: 15_000,
      spotsAvailable: 24,
      spotsLeft: 24,
      allowsWaitlist: true,
      isVirtual: false,
      isYearRound: false,
      categories: [
        { id: 9, text: 'Swimming' },
        { id: 21, text: 'Day Camp' },
      ],
      thumbnail: { url: uploadUrl, smallUrl: smallUploadUrl },
      images: created.campImages,
      // The form describes one run of the camp: its one session.
      sessions: [
        {
          id: expect.any(Number),
          campId: created.id,
          name: 'Session 1',
          startDate: CAMP_FIELDS.startDate,
          endDate: CAMP_FIELDS.endDate,
          startTime: null,
          endTime: null,
          weekdays: null,
          priceCents: 15_000,
          capacity: 24,
          spotsLeft: 24,
          allowsWaitlist: true,
          registrationOpensAt: null,
          registrationClosesAt: null,
          status: 'scheduled',
          // The organisation's, from its ZIP in Austin.
          timeZone: 'America/Chicago',
        },
      ],
      refundPolicy: { fullUntilDays: 0, partial: null, cancellationFeeCents: 0 },
      // The test host connected a payout account, so families can register (decision 027).
      takesRegistrations: true,
    });

    const row = await campRow(db, created.id);
    expect(row).toMatchObject({ costCents: 15_000, capacity: 24, orgId });

    // Both sizes of each of the four images are on disk, and nothing else was written.
    const keys = campFileKeys(camp);
    expect(new Set(keys).size).toBe(8);
    expect(filesUnder(uploads)).toEqual([...before, ...keys].sort());
  });

  it('reads the categories as a comma list too, and works without any image', async () => {
    const id = await createCamp(app, host.token, orgId, {
      name: 'Comma Categories Camp',
      categories: '21,9',
      email: '',
      allowsWaitlist: 'false',
    });
    const camp = await hostCamp(app, host.token, id);
    expect(camp.categories.map((category) => category.id)).toEqual([9, 21]);
    expect(camp).toMatchObject({ thumbnail: null, images: [], email: null, allowsWaitlist: false });
  });

  it('leaves the waitlist off when the form does not send it', async () => {
    const { allowsWaitlist: _waitlist, ...fields } = CAMP_FIELDS;
    const created = createdCamp(
      await postCamp(app, host.token, orgId, { ...fields, name: 'No Waitlist Camp' }),
    );
    expect((await hostCamp(app, host.token, created.id)).allowsWaitlist).toBe(false);
  });

  it("puts the camp on the organization's camp list for its host", async () => {
    const id = await createCamp(app, host.token, orgId, { name: 'Listed For The Host' }, [
      imagePart('thumbnail', png, 'logo.png', 'image/png'),
    ]);
    const camp = await hostCamp(app, host.token, id);
    const list = await hostOrgCamps(app, host.token, orgId);
    // Newest first, with how full it is (for the host only).
    expect(list[0]).toEqual({ ...listItemOf(camp), capacity: 24, spotsTaken: 0 });
    expect(list.map((item) => item.id)).toContain(id);
  });

  it('shows the camp on the public profile, images, categories and organization list', async () => {
    const id = await createCamp(app, host.token, orgId, { name: 'Public Profile Camp' }, allImages());
    const camp = await hostCamp(app, host.token, id);

    const profile = await app.inject({ method: 'GET', url: `/api/camps/${id}` });
    expect(profile.statusCode, profile.body).toBe(200);
    // One object, not the one-element array the old API answered.
    // The public profile also carries the camp's review average (docs/decisions/021).
    expect(profile.json()).toEqual({ data: { ...camp, reviewSummary: { average: null, count: 0 } } });

    const pictures = await app.inject({ method: 'GET', url: `/api/camps/${id}/images` });
    expect(pictures.statusCode, pictures.body).toBe(200);
    expect(pictures.json()).toEqual({ data: camp.images });
    expect(camp.images.map((image) => image.slot)).toEqual([1, 2, 3]);

    const categories = await app.inject({ method: 'GET', url: `/api/camps/${id}/categories` });
    expect(categories.statusCode, categories.body).toBe(200);
    expect(categories.json()).toEqual({
      data: [
        { id: 9, text: 'Swimming' },
        { id: 21, text: 'Day Camp' },
      ],
    });

    const list = await app.inject({ method: 'GET', url: `/api/orgs/${orgId}/camps` });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ data: CampListItem[] }>().data.find((item) => item.id === id);
    expect(listed).toEqual(listItemOf(camp));
  });

  it('answers 404 for a camp id nobody uses, on every public call', async () => {
    for (const url of [
      '/api/camps/2000000000',
      '/api/camps/2000000000/images',
      '/api/camps/2000000000/categories',
    ]) {
      expectError(await app.inject({ method: 'GET', url }), 404, 'NOT_FOUND', messages.campNotFound);
    }
    expectError(
      await app.inject({ method: 'GET', url: '/api/orgs/2000000000/camps' }),
      404,
      'NOT_FOUND',
      messages.orgNotFound,
    );
  });

  it('refuses a camp under an organization that is still waiting for review', async () => {
    const pendingOrg = await createOrg(app, host.token, { name: 'Awaiting Review' });
    const counts = await campTableCounts(db);
    const files = filesUnder(uploads);
    expectError(
      await postCamp(app, host.token, pendingOrg, CAMP_FIELDS, allImages()),
      409,
      'CONFLICT',
      messages.orgNotApproved,
    );
    expect(await campTableCounts(db)).toEqual(counts);
    expect(filesUnder(uploads)).toEqual(files);
  });

  it('refuses a camp under a denied organization', async () => {
    const deniedOrg = await createOrg(app, host.token, { name: 'Turned Down' });
    const res = await decide(app, adminToken, deniedOrg, false, 'The address could not be verified.');
    expect(res.statusCode, res.body).toBe(200);
    expectError(
      await postCamp(app, host.token, deniedOrg, CAMP_FIELDS),
      409,
      'CONFLICT',
      messages.orgNotApproved,
    );
  });
});

describe('deleting', () => {
  it('removes a camp with its category and image rows and every one of its files', async () => {
    const keep = await createCamp(app, host.token, orgId, { name: 'Stays Put' }, allImages());
    const kept = await hostCamp(app, host.token, keep);
    const id = await createCamp(app, host.token, orgId, { name: 'Going Away' }, allImages());
    const camp = await hostCamp(app, host.token, id);
    const keys = campFileKeys(camp);
    const [row] = await db.select({ thumbnail: camps.thumbnailImageId }).from(camps).where(eq(camps.id, id));
    const imageIds = [
      row?.thumbnail,
      ...(await campChildRows(db, id)).images.map((image) => image.imageId),
    ].filter((imageId): imageId is number => typeof imageId === 'number');
    expect(imageIds).toHaveLength(4);
    for (const key of keys) expect(existsSync(join(uploads, key))).toBe(true);

    const res = await app.inject({ method: 'DELETE', url: `/host/camp/${id}`, headers: bearer(host.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });

    expect(await campRow(db, id)).toBeUndefined();
    expect(await campChildRows(db, id)).toEqual({ categories: [], images: [] });
    expect(await db.select().from(images).where(inArray(images.id, imageIds))).toEqual([]);
    for (const key of keys) expect(existsSync(join(uploads, key)), key).toBe(false);

    expectError(
      await app.inject({ method: 'GET', url: `/host/camp/${id}`, headers: bearer(host.token) }),
      404,
      'NOT_FOUND',
      messages.campNotFound,
    );
    expectError(
      await app.inject({ method: 'GET', url: `/api/camps/${id}` }),
      404,
      'NOT_FOUND',
      messages.campNotFound,
    );
    expect((await hostOrgCamps(app, host.token, orgId)).map((item) => item.id)).not.toContain(id);
    expectError(
      await app.inject({ method: 'DELETE', url: `/host/camp/${id}`, headers: bearer(host.token) }),
      404,
      'NOT_FOUND',
      messages.campNotFound,
    );

    // The other camp keeps everything.
    expect(await hostCamp(app, host.token, keep)).toEqual(kept);
    for (const key of campFileKeys(kept)) expect(existsSync(join(uploads, key))).toBe(true);
  });

  it('removes an organization with its two camps, every row under them and all their files', async () => {
    const keep = await createCamp(app, host.token, orgId, { name: 'Other Organization Camp' }, allImages());
    const kept = await hostCamp(app, host.token, keep);
    const countsBefore = await campTableCounts(db);
    const filesBefore = filesUnder(uploads);

    const doomedOrg = await createOrg(app, host.token, { name: 'Closing Down' }, png);
    const decision = await decide(app, adminToken, doomedOrg, true);
    expect(decision.statusCode, decision.body).toBe(200);
    const first = await createCamp(app, host.token, doomedOrg, { name: 'First To Go' }, allImages());
    const second = await createCamp(app, host.token, doomedOrg, { name: 'Second To Go', categories: '26' }, [
      imagePart('thumbnail', webp, 'second.webp', 'image/webp'),
      imagePart('campImage2', png, 'second.png', 'image/png'),
    ]);
    const added = [
      ...campFileKeys(await hostCamp(app, host.token, first)),
      ...campFileKeys(await hostCamp(app, host.token, second)),
    ];
    expect(added).toHaveLength(12);
    // The organization's own thumbnail makes two more files.
    expect(filesUnder(uploads)).toHaveLength(filesBefore.length + 14);

    const res = await app.inject({
      method: 'DELETE',
      url: `/host/org/${doomedOrg}`,
      headers: bearer(host.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });

    expect(await db.select().from(organizations).where(eq(organizations.id, doomedOrg))).toEqual([]);
    expect(await db.select().from(camps).where(eq(camps.orgId, doomedOrg))).toEqual([]);
    for (const id of [first, second]) {
      expect(await campChildRows(db, id)).toEqual({ categories: [], images: [] });
    }
    // The camp, category, slot and image rows are back to what they were, and so are the files.
    expect(await campTableCounts(db)).toEqual(countsBefore);
    expect(filesUnder(uploads)).toEqual(filesBefore);
    expect(await hostCamp(app, host.token, keep)).toEqual(kept);
  });
});
