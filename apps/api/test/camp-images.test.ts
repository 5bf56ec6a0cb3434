import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { camps } from '../src/db/schema.ts';
import {
  approvedOrg,
  CAMP_FIELDS,
  campFileKeys,
  campTableCounts,
  createCamp,
  detailedJpeg,
  hostCamp,
  imagePart,
  multipartCall,
  NOT_AN_IMAGE,
  postCamp,
  scratchDataDir,
  send,
  truncatedJpeg,
} from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  type FilePart,
  filesUnder,
  keyOfUrl,
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
let orgId: number;
let secondOrgId: number;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
let broken: Buffer;

let serial = 0;
function freshName(label: string): string {
  serial += 1;
  return `${label} ${serial}`;
}

beforeAll(async () => {
  ({ app, db } = await buildTestApp({ ...ORG_ENV, DATA_DIR: dataDir }));
  let adminToken: string;
  [host, { token: adminToken }, jpeg, png, webp, broken] = await Promise.all([
    subscribedOrgHost(app),
    createAdmin(app, db),
    detailedJpeg(),
    pngImage(320, 240),
    webpImage(320, 240),
    truncatedJpeg(),
  ]);
  [orgId, secondOrgId] = await Promise.all([
    approvedOrg(app, adminToken, host.token),
    approvedOrg(app, adminToken, host.token, { name: 'Second Site' }),
  ]);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function camp(id: number): Promise<CampDetail> {
  return hostCamp(app, host.token, id);
}

function detailOf(res: LightMyRequestResponse): CampDetail {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CampDetail }>().data;
}

function onDisk(key: string): boolean {
  return existsSync(join(uploads, key));
}

/** The pixel width of a stored file, to tell which upload it came from. */
async function widthOf(url: string): Promise<number | undefined> {
  return (await sharp(join(uploads, keyOfUrl(url))).metadata()).width;
}

/** Runs refused calls and proves no camp table and no file in DATA_DIR/uploads changed. */
async function expectNothingStored(run: () => Promise<void>): Promise<void> {
  const counts = await campTableCounts(db);
  const files = filesUnder(uploads);
  await run();
  expect(await campTableCounts(db)).toEqual(counts);
  expect(filesUnder(uploads)).toEqual(files);
}

function postImage(campId: number | string, files: FilePart[], fields: Record<string, string> = {}) {
  return send(app, multipartCall('POST', `/host/camp/${campId}/images`, fields, files), host.token);
}

function postOrgCampImage(orgOfCamp: number, campId: number, files: FilePart[]) {
  return send(
    app,
    multipartCall('POST', `/host/org/${orgOfCamp}/camps/${campId}/images`, { campId: String(campId) }, files),
    host.token,
  );
}

function putThumbnail(campId: number, files: FilePart[]) {
  return send(app, multipartCall('PUT', `/host/camp/${campId}/thumbnail`, {}, files), host.token);
}

function putImage(imageId: number, files: FilePart[]) {
  return send(app, multipartCall('PUT', `/host/camp/images/${imageId}`, {}, files), host.token);
}

describe('adding a camp is all or nothing', () => {
  it('stores nothing when one of the files is text named .jpg', async () => {
    await expectNothingStored(async () => {
      for (const field of ['thumbnail', 'campImage2']) {
        const files = [
          imagePart('thumbnail', jpeg),
          imagePart('campImage1', png, 'one.png', 'image/png'),
          imagePart('campImage2', webp, 'two.webp', 'image/webp'),
        ].map((part) => (part.field === field ? imagePart(field, NOT_AN_IMAGE, 'rules.jpg') : part));
        expectError(
          await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, name: 'Text Image' }, files),
          400,
          'BAD_REQUEST',
          messages.imageType,
          { [field]: messages.imageType },
        );
      }
    });
    expect(await db.select().from(camps).where(eq(camps.name, 'Text Image'))).toEqual([]);
  });

  it('stores nothing, not even the images already processed, when campImage3 is a truncated JPEG', async () => {
    await expectNothingStored(async () => {
      expectError(
        await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, name: 'Truncated' }, [
          imagePart('thumbnail', jpeg),
          imagePart('campImage1', png, 'one.png', 'image/png'),
          imagePart('campImage2', webp, 'two.webp', 'image/webp'),
          imagePart('campImage3', broken, 'three.jpg'),
        ]),
        400,
        'BAD_REQUEST',
        messages.imageUnreadable,
        { campImage3: messages.imageUnreadable },
      );
    });
    expect(await db.select().from(camps).where(eq(camps.name, 'Truncated'))).toEqual([]);
  });

  it('stores nothing when the fields are refused though every image is fine', async () => {
    const images = [
      imagePart('thumbnail', jpeg),
      imagePart('campImage1', png, 'one.png', 'image/png'),
      imagePart('campImage3', webp, 'three.webp', 'image/webp'),
    ];
    await expectNothingStored(async () => {
      expectError(
        await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, name: '' }, images),
        400,
        'VALIDATION_ERROR',
        messages.campRequiredFields,
        { name: messages.campRequiredFields },
      );
      expectError(
        await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, minAge: '15' }, images),
        400,
        'VALIDATION_ERROR',
        messages.minAgeOverMax,
        { minAge: messages.minAgeOverMax },
      );
      expectError(
        await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, categories: '[]' }, images),
        400,
        'VALIDATION_ERROR',
        messages.campRequiredFields,
        { categories: messages.campRequiredFields },
      );
    });
  });

  it('stores nothing for a duplicate sent with images', async () => {
    const name = freshName('Duplicate With Images');
    await createCamp(app, host.token, orgId, { name });
    await expectNothingStored(async () => {
      expectError(
        await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, name }, [
          imagePart('thumbnail', jpeg),
          imagePart('campImage1', png, 'one.png', 'image/png'),
        ]),
        409,
        'CONFLICT',
        messages.duplicateCamp,
      );
    });
  });

  it('refuses a file field the form does not have, and a file over 10 MB', async () => {
    await expectNothingStored(async () => {
      expectError(
        await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, name: freshName('Fourth Image') }, [
          imagePart('campImage4', jpeg),
        ]),
        400,
        'BAD_REQUEST',
        messages.invalidInput,
      );
      const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]);
      expectError(
        await postCamp(app, host.token, orgId, { ...CAMP_FIELDS, name: freshName('Huge') }, [
          imagePart('thumbnail', jpeg),
          imagePart('campImage1', huge),
        ]),
        413,
        'TOO_LARGE',
        messages.imageTooLarge,
        { campImage1: messages.imageTooLarge },
      );
    });
  });
});

describe('the thumbnail', () => {
  it('is replaced, and the old files are deleted from disk', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Thumbnail Swap') }, [
      imagePart('thumbnail', jpeg),
    ]);
    const before = await camp(id);
    if (!before.thumbnail) throw new Error('the camp was created without its thumbnail');
    const oldKeys = campFileKeys({ thumbnail: before.thumbnail, images: [] });
    for (const key of oldKeys) expect(onDisk(key)).toBe(true);
    const counts = await campTableCounts(db);

    const after = detailOf(await putThumbnail(id, [imagePart('thumbnail', png, 'new.png', 'image/png')]));
    expect(after.thumbnail).not.toBeNull();
    expect(after.thumbnail).not.toEqual(before.thumbnail);
    expect(await camp(id)).toEqual(after);
    const newKeys = campFileKeys({ thumbnail: after.thumbnail, images: [] });
    for (const key of newKeys) expect(onDisk(key)).toBe(true);
    for (const key of oldKeys) expect(onDisk(key), key).toBe(false);
    // The old image row went with its files.
    expect(await campTableCounts(db)).toEqual(counts);
    expect(await widthOf(after.thumbnail?.url ?? '')).toBe(320);
  });

  it('is set on a camp that had none', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('No Thumbnail Yet') });
    const after = detailOf(await putThumbnail(id, [imagePart('thumbnail', webp, 'new.webp', 'image/webp')]));
    expect(after.thumbnail).toEqual({
      url: expect.stringMatching(/^\/uploads\//),
      smallUrl: expect.stringMatching(/^\/uploads\//),
    });
  });

  it('needs a file, and a real image', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Thumbnail Needed') }, [
      imagePart('thumbnail', jpeg),
    ]);
    const before = await camp(id);
    await expectNothingStored(async () => {
      expectError(await putThumbnail(id, []), 400, 'BAD_REQUEST', messages.thumbnailRequired, {
        thumbnail: messages.thumbnailRequired,
      });
      // A file input with nothing chosen sends an empty file part.
      expectError(
        await putThumbnail(id, [imagePart('thumbnail', Buffer.alloc(0), '')]),
        400,
        'BAD_REQUEST',
        messages.thumbnailRequired,
        { thumbnail: messages.thumbnailRequired },
      );
      expectError(
        await putThumbnail(id, [imagePart('thumbnail', NOT_AN_IMAGE, 'rules.jpg')]),
        400,
        'BAD_REQUEST',
        messages.imageType,
        { thumbnail: messages.imageType },
      );
      expectError(
        await putThumbnail(id, [imagePart('thumbnail', broken, 'broken.jpg')]),
        400,
        'BAD_REQUEST',
        messages.imageUnreadable,
        { thumbnail: messages.imageUnreadable },
      );
    });
    expect(await camp(id)).toEqual(before);
  });

  it('is removed with its files', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Thumbnail Removed') }, [
      imagePart('thumbnail', jpeg),
      imagePart('campImage1', png, 'one.png', 'image/png'),
    ]);
    const before = await camp(id);
    const thumbnailKeys = campFileKeys({ thumbnail: before.thumbnail, images: [] });
    const counts = await campTableCounts(db);

    const res = await send(app, { method: 'DELETE', url: `/host/camp/${id}/thumbnail` }, host.token);
    const after = detailOf(res);
    expect(after).toEqual({ ...before, thumbnail: null });
    for (const key of thumbnailKeys) expect(onDisk(key), key).toBe(false);
    expect(await campTableCounts(db)).toEqual({ ...counts, images: counts.images - 1 });
    // The slot image is untouched.
    for (const key of campFileKeys({ thumbnail: null, images: before.images }))
      expect(onDisk(key)).toBe(true);

    // Removing a thumbnail that is already gone changes nothing.
    expect(
      detailOf(await send(app, { method: 'DELETE', url: `/host/camp/${id}/thumbnail` }, host.token)),
    ).toEqual(after);
  });
});

describe('camp images', () => {
  it('fill the first free slot, and a fourth is refused', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Slots') }, [
      imagePart('campImage2', png, 'two.png', 'image/png'),
    ]);
    expect((await camp(id)).images.map((image) => image.slot)).toEqual([2]);

    const first = detailOf(await postImage(id, [imagePart('image', jpeg)]));
    expect(first.images.map((image) => image.slot)).toEqual([1, 2]);
    const second = detailOf(await postImage(id, [imagePart('image', webp, 'three.webp', 'image/webp')]));
    expect(second.images.map((image) => image.slot)).toEqual([1, 2, 3]);
    for (const key of campFileKeys(second)) expect(onDisk(key)).toBe(true);

    await expectNothingStored(async () => {
      expectError(await postImage(id, [imagePart('image', jpeg)]), 409, 'CONFLICT', messages.campImagesFull);
    });
    expect(await camp(id)).toEqual(second);
  });

  it('go into the slot the host chose when it is free', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Chosen slot') });
    const third = detailOf(await postImage(id, [imagePart('image', jpeg)], { slot: '3' }));
    expect(third.images.map((image) => image.slot)).toEqual([3]);
    await expectNothingStored(async () => {
      expectError(
        await postImage(id, [imagePart('image', png, 'again.png', 'image/png')], { slot: '3' }),
        409,
        'CONFLICT',
        messages.campImageSlotTaken,
      );
      for (const slot of ['0', '4', 'two']) {
        const res = await postImage(id, [imagePart('image', png, 'bad.png', 'image/png')], { slot });
        expect(res.statusCode, res.body).toBe(400);
      }
    });
    expect(await camp(id)).toEqual(third);
  });

  it('sent at the same moment take distinct slots, and the one too many is refused', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Simultaneous') });
    const files = filesUnder(uploads);
    const results = await Promise.all(
      [jpeg, png, webp, jpeg].map((bytes) => postImage(id, [imagePart('image', bytes)])),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 409]);
    const refused = results.find((res) => res.statusCode === 409);
    expect(refused?.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: messages.campImagesFull });
    const after = await camp(id);
    expect(after.images.map((image) => image.slot)).toEqual([1, 2, 3]);
    // Only the three stored images are on disk; the refused upload left nothing behind.
    expect(filesUnder(uploads)).toEqual([...files, ...campFileKeys(after)].sort());
  });

  it('are added through the organization address, and refused under the wrong organization', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Org Address') });
    const added = detailOf(await postOrgCampImage(orgId, id, [imagePart('image', jpeg)]));
    expect(added.images.map((image) => image.slot)).toEqual([1]);

    await expectNothingStored(async () => {
      for (const wrongOrg of [secondOrgId, 2_000_000_000]) {
        const res = await postOrgCampImage(wrongOrg, id, [imagePart('image', png, 'two.png', 'image/png')]);
        expect([400, 404], res.body).toContain(res.statusCode);
        expect(res.json<{ message: string }>().message).toBe(messages.campNotFound);
      }
    });
    expect(await camp(id)).toEqual(added);
  });

  it('need a file', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Image Needed') }, [
      imagePart('campImage1', jpeg),
    ]);
    const before = await camp(id);
    const imageId = before.images[0]?.id ?? 0;
    await expectNothingStored(async () => {
      for (const res of [
        await postImage(id, []),
        await postOrgCampImage(orgId, id, []),
        await putImage(imageId, []),
        await putImage(imageId, [imagePart('image', Buffer.alloc(0), '')]),
      ]) {
        expectError(res, 400, 'BAD_REQUEST', messages.imageRequired, { image: messages.imageRequired });
      }
      expectError(
        await postImage(id, [imagePart('image', NOT_AN_IMAGE, 'rules.jpg')]),
        400,
        'BAD_REQUEST',
        messages.imageType,
        { image: messages.imageType },
      );
      expectError(
        await putImage(imageId, [imagePart('image', broken)]),
        400,
        'BAD_REQUEST',
        messages.imageUnreadable,
        { image: messages.imageUnreadable },
      );
    });
    expect(await camp(id)).toEqual(before);
  });

  it('are replaced one at a time, and the old files are deleted', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Replace One') }, [
      imagePart('campImage1', jpeg),
      imagePart('campImage2', jpeg, 'two.jpg'),
    ]);
    const before = await camp(id);
    const [first, second] = before.images;
    if (!first || !second) throw new Error('the camp was created without its two images');
    const counts = await campTableCounts(db);

    const after = detailOf(await putImage(second.id, [imagePart('image', png, 'new.png', 'image/png')]));
    const replaced = after.images.find((image) => image.id === second.id);
    expect(replaced).toEqual({
      id: second.id,
      slot: 2,
      url: expect.stringMatching(/^\/uploads\//),
      smallUrl: expect.stringMatching(/^\/uploads\//),
    });
    expect(replaced?.url).not.toBe(second.url);
    expect(after.images.find((image) => image.id === first.id)).toEqual(first);
    for (const key of campFileKeys({ thumbnail: null, images: [second] }))
      expect(onDisk(key), key).toBe(false);
    for (const key of campFileKeys(after)) expect(onDisk(key)).toBe(true);
    expect(await campTableCounts(db)).toEqual(counts);
    // 320 px wide is the PNG; the JPEGs are 240 px.
    expect(await widthOf(replaced?.url ?? '')).toBe(320);
  });

  it('are deleted with their files, freeing the slot', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Delete One') }, [
      imagePart('campImage1', jpeg),
      imagePart('campImage2', png, 'two.png', 'image/png'),
      imagePart('campImage3', webp, 'three.webp', 'image/webp'),
    ]);
    const before = await camp(id);
    const middle = before.images[1];
    if (!middle) throw new Error('the camp was created without its middle image');
    const counts = await campTableCounts(db);

    const after = detailOf(
      await send(app, { method: 'DELETE', url: `/host/camp/image/${middle.id}` }, host.token),
    );
    expect(after.images.map((image) => image.slot)).toEqual([1, 3]);
    for (const key of campFileKeys({ thumbnail: null, images: [middle] }))
      expect(onDisk(key), key).toBe(false);
    expect(await campTableCounts(db)).toEqual({
      ...counts,
      campImages: counts.campImages - 1,
      images: counts.images - 1,
    });
    expectError(
      await send(app, { method: 'DELETE', url: `/host/camp/image/${middle.id}` }, host.token),
      404,
      'NOT_FOUND',
      messages.campNotFound,
    );

    // The freed slot is the one the next image takes.
    const refilled = detailOf(await postImage(id, [imagePart('image', jpeg)]));
    expect(refilled.images.map((image) => image.slot)).toEqual([1, 2, 3]);
  });
});

describe('categories added one at a time', () => {
  function addCategory(orgOfCamp: number, campId: number, payload: object) {
    return app.inject({
      method: 'POST',
      url: `/host/org/${orgOfCamp}/camps/${campId}/categories`,
      headers: bearer(host.token),
      payload,
    });
  }

  it('adding Virtual (26) makes the camp virtual', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Goes Virtual') });
    expect((await camp(id)).isVirtual).toBe(false);

    const res = await addCategory(orgId, id, { categoryId: 26, campId: id });
    const after = detailOf(res);
    expect(after.isVirtual).toBe(true);
    expect(after.categories).toEqual([
      { id: 9, text: 'Swimming' },
      { id: 21, text: 'Day Camp' },
      { id: 26, text: 'Virtual' },
    ]);
    expect(await camp(id)).toEqual(after);

    // Adding it again changes nothing.
    expect(detailOf(await addCategory(orgId, id, { categoryId: '26', campId: String(id) }))).toEqual(after);
  });

  it('adding Year Round (22) makes the camp year round', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Goes Year Round') });
    expect(detailOf(await addCategory(orgId, id, { categoryId: 22, campId: id })).isYearRound).toBe(true);
  });

  it('refuses an unknown category and the wrong organization, changing nothing', async () => {
    const id = await createCamp(app, host.token, orgId, { name: freshName('Category Checks') });
    const before = await camp(id);
    for (const categoryId of [0, 31, 'x']) {
      const res = await addCategory(orgId, id, { categoryId, campId: id });
      expect(res.statusCode, res.body).toBe(400);
    }
    expectError(
      await addCategory(orgId, id, { categoryId: 31 }),
      400,
      'VALIDATION_ERROR',
      messages.unknownCategory,
      {
        categoryId: messages.unknownCategory,
      },
    );
    expectError(
      await addCategory(secondOrgId, id, { categoryId: 26, campId: id }),
      404,
      'NOT_FOUND',
      messages.campNotFound,
    );
    expect(await camp(id)).toEqual(before);
  });
});
