import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { camps, hostSubscriptions } from '../src/db/schema.ts';
import { PUBLIC_PAGES } from '../src/modules/sitemap/service.ts';
import { approvedOrg, createCamp } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, subscribedOrgHost } from './org-fixtures.ts';

let app: FastifyInstance;
let publicUrl: string;
let db: Database;
let listed: { orgId: number; campIds: number[] };
let unlisted: { orgId: number; campIds: number[] };

/** Every `<loc>` of an XML document, in order. */
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

async function get(url: string) {
  return app.inject({ method: 'GET', url });
}

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  publicUrl = app.config.publicUrl;
  const { token: adminToken } = await createAdmin(app, db);
  const [host, lapsedHost] = await Promise.all([subscribedOrgHost(app), subscribedOrgHost(app)]);
  const orgId = await approvedOrg(app, adminToken, host.token, { name: 'Prairie Youth Programs' });
  const lapsedOrgId = await approvedOrg(app, adminToken, lapsedHost.token, { name: 'Lapsed Lake Camps' });
  const camp = (token: string, org: number, phone: string, overrides: Record<string, string> = {}) =>
    createCamp(app, token, org, { phone, ...overrides });
  const current = await camp(host.token, orgId, '312-555-0101');
  const second = await camp(host.token, orgId, '312-555-0102', { name: 'Second Camp' });
  const over = await camp(host.token, orgId, '312-555-0103', { name: 'Camp That Ended' });
  await db.update(camps).set({ endDate: '2020-08-01', startDate: '2020-07-01' }).where(eq(camps.id, over));
  const lapsed = await camp(lapsedHost.token, lapsedOrgId, '312-555-0104');
  await db
    .update(hostSubscriptions)
    .set({ status: 'canceled' })
    .where(eq(hostSubscriptions.hostId, lapsedHost.id));
  listed = { orgId, campIds: [current, second] };
  unlisted = { orgId: lapsedOrgId, campIds: [over, lapsed] };
});

describe('robots.txt', () => {
  it('lets crawlers read public pages, keeps them out of signed-in screens and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/camper/', '/host/', '/admin/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });
});

describe('the sitemaps', () => {
  it('index the public pages, the listed organisations and the listed camps', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns=/);
    expect(locations(res.body)).toEqual([
      `${publicUrl}/sitemaps/pages.xml`,
      `${publicUrl}/sitemaps/orgs-1.xml`,
      `${publicUrl}/sitemaps/camps-1.xml`,
    ]);
  });

  it('list exactly the listed camps, with the day each last changed', async () => {
    const res = await get('/sitemaps/camps-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(res.body)).toEqual(listed.campIds.map((id) => `${publicUrl}/camps/${id}`));
    expect([...res.body.matchAll(/<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)]).toHaveLength(2);
    for (const id of unlisted.campIds) expect(res.body).not.toContain(`/camps/${id}<`);
  });

  it('list the organisations that have a listed camp, and the public pages', async () => {
    expect(locations((await get('/sitemaps/orgs-1.xml')).body)).toEqual([
      `${publicUrl}/orgs/${listed.orgId}`,
    ]);
    expect(locations((await get('/sitemaps/pages.xml')).body)).toEqual(
      PUBLIC_PAGES.map((path) => `${publicUrl}${path}`),
    );
  });

  it('answer 404 past the last file and 400 for a name that is no sitemap file', async () => {
    const past = await get('/sitemaps/camps-2.xml');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ code: 'NOT_FOUND', message: messages.sitemapNotFound });
    for (const name of ['camps-0.xml', 'people-1.xml', 'camps-1.txt', '..%2Fsecrets']) {
      expect((await get(`/sitemaps/${name}`)).statusCode, name).toBe(400);
    }
  });
});
