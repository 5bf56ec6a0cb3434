import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { readPageHead, renderHead } from '../src/modules/public-pages/index.ts';
import { approvedOrg, createCamp, imagePart, scratchDataDir } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, type OrgHost, pngImage, subscribedOrgHost } from './org-fixtures.ts';

const { dataDir } = scratchDataDir();
const SITE = 'https://camps.example.test';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let orgId: number;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({ ...ORG_ENV, DATA_DIR: dataDir }));
  host = await subscribedOrgHost(app);
  orgId = await approvedOrg(app, (await createAdmin(app, db)).token, host.token);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The picture answered, with its declared type and its real format and size. */
async function picture(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return { type: res.headers['content-type'], format: meta.format, width: meta.width, height: meta.height };
}

describe('link previews', () => {
  it("give pages without a picture the site's card, a PNG at 1200×630", async () => {
    expect(await picture('/og/site.png')).toEqual({
      type: 'image/png',
      format: 'png',
      width: 1200,
      height: 630,
    });
    const page = await readPageHead(db, app.storage, SITE, '/');
    expect(renderHead(page?.head ?? (null as never))).toContain(
      `<meta property="og:image" content="${SITE}/og/site.png" />`,
    );
  });

  it("draw a camp's own picture as a JPEG at 1200×630, whatever it was uploaded as", async () => {
    const tall = await pngImage(600, 900);
    const campId = await createCamp(app, host.token, orgId, { name: 'Tall Pines', phone: '312-555-0191' }, [
      imagePart('thumbnail', tall, 'tall.png', 'image/png'),
    ]);
    expect(await picture(`/og/camps/${campId}/preview.jpg`)).toEqual({
      type: 'image/jpeg',
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    const page = await readPageHead(db, app.storage, SITE, `/camps/${campId}`);
    expect(page?.head.preview).toEqual({ url: `${SITE}/og/camps/${campId}/preview.jpg`, type: 'image/jpeg' });
  });

  it('give a camp without a picture the site card, and answer 404 for one that is not listed', async () => {
    const bare = await createCamp(app, host.token, orgId, { name: 'Bare Meadow', phone: '312-555-0192' });
    expect((await app.inject({ method: 'GET', url: `/og/camps/${bare}/preview.jpg` })).statusCode).toBe(404);
    expect((await readPageHead(db, app.storage, SITE, `/camps/${bare}`))?.head.preview?.url).toBe(
      `${SITE}/og/site.png`,
    );
    expect((await app.inject({ method: 'GET', url: '/og/camps/999999/preview.jpg' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/og/orgs/999999/preview.jpg' })).statusCode).toBe(404);
  });
});
