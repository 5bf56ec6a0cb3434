import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '@campwise/contract/messages';
import type { HostOrg } from '@campwise/contract/orgs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { images, organizations, orgConsents } from '../src/db/schema.ts';
import { bearer } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  createOrg,
  filesUnder,
  GPS_MAP_DATUM,
  hostOrg,
  jpegImage,
  jpegWithGps,
  keyOfUrl,
  NEW_ORG_FIELDS,
  ORG_ENV,
  type OrgHost,
  orgTableCounts,
  pngImage,
  putImage,
  subscribedOrgHost,
  thumbnailPart,
  webpImage,
} from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let uploads: string;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  host = await subscribedOrgHost(app);
  uploads = join(app.config.dataDir, 'uploads');
});

interface StoredThumbnail {
  largeKey: string;
  smallKey: string;
  large: Buffer;
  small: Buffer;
}

/** The organization's two stored files, read from disk through the keys in its URLs. */
function storedThumbnail(org: HostOrg): StoredThumbnail {
  if (!org.thumbnail) throw new Error(`organization ${org.id} has no thumbnail`);
  const largeKey = keyOfUrl(org.thumbnail.url);
  const smallKey = keyOfUrl(org.thumbnail.smallUrl);
  return {
    largeKey,
    smallKey,
    large: readFileSync(join(uploads, largeKey)),
    small: readFileSync(join(uploads, smallKey)),
  };
}

describe('the image pipeline', () => {
  it('re-encodes a JPEG as WebP and drops its EXIF block with the GPS position', async () => {
    const source = await jpegWithGps(1200, 900);
    const sourceMeta = await sharp(source).metadata();
    // The upload really carries the position the pipeline must drop.
    expect(sourceMeta.format).toBe('jpeg');
    expect(sourceMeta.exif).toBeInstanceOf(Buffer);
    expect(sourceMeta.exif?.includes(GPS_MAP_DATUM)).toBe(true);
    expect(source.includes('TrailCam')).toBe(true);

    const id = await createOrg(app, host.token, {}, source);
    const stored = storedThumbnail(await hostOrg(app, host.token, id));
    for (const [file, width, height] of [
      [stored.large, 1200, 900],
      [stored.small, 400, 300],
    ] as const) {
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(file.includes(GPS_MAP_DATUM)).toBe(false);
      expect(file.includes('TrailCam')).toBe(false);
    }
  });

  it.each([
    ['a 3000x2000 JPEG', () => jpegImage(3000, 2000), [1600, 1067], [400, 267]],
    ['a 1200x3000 PNG', () => pngImage(1200, 3000), [640, 1600], [160, 400]],
    ['a 640x480 WebP', () => webpImage(640, 480), [640, 480], [400, 300]],
    ['a 300x200 PNG', () => pngImage(300, 200), [300, 200], [300, 200]],
  ])('stores %s within 1600 and 400 pixels, never enlarged', async (_case, make, large, small) => {
    const id = await createOrg(app, host.token, {}, await make());
    const org = await hostOrg(app, host.token, id);
    const stored = storedThumbnail(org);
    expect(await sharp(stored.large).metadata()).toMatchObject({
      format: 'webp',
      width: large[0],
      height: large[1],
    });
    expect(await sharp(stored.small).metadata()).toMatchObject({
      format: 'webp',
      width: small[0],
      height: small[1],
    });
    const [row] = await db
      .select({ width: images.width, height: images.height })
      .from(organizations)
      .innerJoin(images, eq(images.id, organizations.thumbnailImageId))
      .where(eq(organizations.id, id));
    expect(row).toEqual({ width: large[0], height: large[1] });
  });

  it('turns a photo the way its camera recorded, then forgets the orientation', async () => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const id = await createOrg(app, host.token, {}, sideways);
    const meta = await sharp(storedThumbnail(await hostOrg(app, host.token, id)).large).metadata();
    expect(meta).toMatchObject({ width: 200, height: 300 });
    expect(meta.orientation).toBeUndefined();
  });

  it('serves the stored files as WebP that browsers may keep for a year and other sites may show', async () => {
    const id = await createOrg(app, host.token, {}, await pngImage());
    const org = await hostOrg(app, host.token, id);
    const stored = storedThumbnail(org);
    for (const [url, bytes] of [
      [org.thumbnail?.url, stored.large],
      [org.thumbnail?.smallUrl, stored.small],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: url ?? '' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      // A partner's page (a host's own site with the booking widget) may show the picture.
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    // Everything else stays for this site only.
    const api = await app.inject({ method: 'GET', url: `/api/orgs/${id}` });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers 404 for an upload that does not exist and never serves files outside the folder', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/uploads/00000000-0000-0000-0000-000000000000-400.webp',
    });
    expect(missing.statusCode).toBe(404);
    writeFileSync(join(app.config.dataDir, 'outside.txt'), 'private');
    for (const url of [
      '/uploads/../outside.txt',
      '/uploads/..%2foutside.txt',
      '/uploads/%2e%2e/outside.txt',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain('private');
    }
  });
});

describe('replacing the thumbnail', () => {
  it('stores the new image under new names and deletes the old files', async () => {
    const id = await createOrg(app, host.token, {}, await jpegImage(800, 600));
    const before = storedThumbnail(await hostOrg(app, host.token, id));
    const imageRows = (await orgTableCounts(db)).images;

    const res = await putImage(app, host.token, id, [
      thumbnailPart(await webpImage(500, 500), 'new.webp', 'image/webp'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: HostOrg }>().data;
    expect(updated).toEqual(await hostOrg(app, host.token, id));
    const after = storedThumbnail(updated);
    expect(after.largeKey).not.toBe(before.largeKey);
    expect(after.smallKey).not.toBe(before.smallKey);
    expect(await sharp(after.large).metadata()).toMatchObject({ format: 'webp', width: 500, height: 500 });
    expect(existsSync(join(uploads, before.largeKey))).toBe(false);
    expect(existsSync(join(uploads, before.smallKey))).toBe(false);
    // The old image row goes with its files.
    expect((await orgTableCounts(db)).images).toBe(imageRows);
  });

  it('adds a thumbnail to an organization that had none', async () => {
    const id = await createOrg(app, host.token);
    const res = await putImage(app, host.token, id, [
      thumbnailPart(await pngImage(), 'logo.png', 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const org = res.json<{ data: HostOrg }>().data;
    expect(existsSync(join(uploads, storedThumbnail(org).largeKey))).toBe(true);
  });

  it('needs a file', async () => {
    const id = await createOrg(app, host.token, {}, await pngImage());
    const before = await hostOrg(app, host.token, id);
    const files = filesUnder(uploads);
    const res = await putImage(app, host.token, id, []);
    expectError(res, 400, 'BAD_REQUEST', messages.thumbnailRequired, {
      thumbnail: messages.thumbnailRequired,
    });
    const empty = await putImage(app, host.token, id, [thumbnailPart(Buffer.alloc(0), '')]);
    expectError(empty, 400, 'BAD_REQUEST', messages.thumbnailRequired, {
      thumbnail: messages.thumbnailRequired,
    });
    const json = await app.inject({
      method: 'PUT',
      url: `/host/org/${id}/image`,
      headers: bearer(host.token),
      payload: { thumbnail: 'x' },
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
    expect(await hostOrg(app, host.token, id)).toEqual(before);
    expect(filesUnder(uploads)).toEqual(files);
  });

  it('keeps the current thumbnail when the new file is not an image', async () => {
    const id = await createOrg(app, host.token, {}, await pngImage());
    const before = await hostOrg(app, host.token, id);
    const files = filesUnder(uploads);
    const res = await putImage(app, host.token, id, [
      thumbnailPart(Buffer.from('<html>not an image</html>'), 'new.png', 'image/png'),
    ]);
    expectError(res, 400, 'BAD_REQUEST', messages.imageType, { thumbnail: messages.imageType });
    expect(await hostOrg(app, host.token, id)).toEqual(before);
    expect(filesUnder(uploads)).toEqual(files);
  });
});

describe('deleting an organization', () => {
  it('removes the organization, its consent, its image row and its files', async () => {
    const id = await createOrg(app, host.token, {}, await jpegWithGps(640, 480));
    const stored = storedThumbnail(await hostOrg(app, host.token, id));
    const [org] = await db
      .select({ imageId: organizations.thumbnailImageId })
      .from(organizations)
      .where(eq(organizations.id, id));

    const res = await app.inject({ method: 'DELETE', url: `/host/org/${id}`, headers: bearer(host.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });

    expect(existsSync(join(uploads, stored.largeKey))).toBe(false);
    expect(existsSync(join(uploads, stored.smallKey))).toBe(false);
    expect(await db.select().from(organizations).where(eq(organizations.id, id))).toEqual([]);
    expect(await db.select().from(orgConsents).where(eq(orgConsents.orgId, id))).toEqual([]);
    expect(
      await db
        .select()
        .from(images)
        .where(eq(images.id, org?.imageId ?? -1)),
    ).toEqual([]);

    const after = await app.inject({ method: 'GET', url: `/host/orgs/${id}`, headers: bearer(host.token) });
    expectError(after, 404, 'NOT_FOUND', messages.orgNotFound);
    const again = await app.inject({ method: 'DELETE', url: `/host/org/${id}`, headers: bearer(host.token) });
    expectError(again, 404, 'NOT_FOUND', messages.orgNotFound);
    const listed = await app.inject({ method: 'GET', url: '/host/orgs', headers: bearer(host.token) });
    expect(listed.json<{ data: HostOrg[] }>().data.map((item) => item.id)).not.toContain(id);
  });

  it('deletes an organization without a thumbnail', async () => {
    const id = await createOrg(app, host.token, { name: `${NEW_ORG_FIELDS.name} Annex` });
    const res = await app.inject({ method: 'DELETE', url: `/host/org/${id}`, headers: bearer(host.token) });
    expect(res.statusCode, res.body).toBe(200);
    const after = await app.inject({ method: 'GET', url: `/host/orgs/${id}`, headers: bearer(host.token) });
    expect(after.statusCode).toBe(404);
  });
});
