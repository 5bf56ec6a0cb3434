import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_PAGE_HEADS } from '@campwise/contract/public-pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camps } from '../src/db/schema.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, addSessions, type CampHost, campHost } from './registration-fixtures.ts';

// Shaped like the built index.html: its own title and description, replaced on public pages.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The app's own description." />
    <title>Campwise — the app's own title</title>
    <script type="module" src="/assets/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let distDir: string;
let host: CampHost;
let campId: number;
let endedCampId: number;

const navigate = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The document's head, read as a crawler reads it: tags, not script. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(head)?.[1] ?? null;
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]),
    descriptions: [...head.matchAll(/<meta name="description"/g)].length,
    meta,
    canonical: /<link rel="canonical" href="([^"]*)" \/>/.exec(head)?.[1] ?? null,
    structuredData: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
    ),
  };
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'campwise-heads-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ ...ORG_ENV, WEB_DIST_DIR: distDir });
  const admin = await createAdmin(t.app, t.db);
  host = await campHost(t.app, admin.token);
  campId = await addCamp(t.app, host, {
    name: 'Tidepool <Explorers> & Friends',
    description: 'Rock pools, crabs and sea stars. '.repeat(10),
    startDate: '2030-06-03',
    endDate: '2030-06-07',
    cost: '150',
  });
  await addSessions(t.app, host, campId, [
    { name: 'August week', startDate: '2030-08-05', endDate: '2030-08-09', price: '175.50', capacity: '12' },
  ]);
  endedCampId = await addCamp(t.app, host, { name: 'Camp Long Gone' });
  await t.db
    .update(camps)
    .set({ startDate: '2020-06-01', endDate: '2020-06-05' })
    .where(eq(camps.id, endedCampId));
});

afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the head of a camp page, before any script runs', () => {
  it('names the camp, describes it, and points previews at the page', async () => {
    const res = await navigate(`/camps/${campId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = headOf(res.body);
    expect(head.titles).toEqual(['Tidepool &lt;Explorers&gt; &amp; Friends · Campwise']);
    expect(head.descriptions).toBe(1);
    const description = head.meta('description') ?? '';
    expect(description.startsWith('Rock pools, crabs and sea stars.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    const url = `${t.app.config.publicUrl}/camps/${campId}`;
    expect(head.canonical).toBe(url);
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:title')).toBe('Tidepool &lt;Explorers&gt; &amp; Friends');
    expect(head.meta('twitter:card')).toMatch(/^summary/);
    expect(head.meta('robots')).toBeNull();
    // The app's scripts are still there to take over.
    expect(res.body).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('describes each session as a schema.org Event with dates, place, price and availability', async () => {
    const { structuredData } = headOf((await navigate(`/camps/${campId}`)).body);
    expect(structuredData).toHaveLength(2);
    const [june, august] = structuredData;
    expect(june).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      startDate: '2030-06-03',
      endDate: '2030-06-07',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'US' } },
      organizer: { '@type': 'Organization', url: `${t.app.config.publicUrl}/orgs/${host.orgId}` },
      offers: {
        '@type': 'Offer',
        price: '150.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(august).toMatchObject({
      name: 'Tidepool <Explorers> & Friends: August week',
      startDate: '2030-08-05',
      offers: { price: '175.50' },
    });
  });

  it('answers 404 with noindex for a camp that is not listed, or not there at all', async () => {
    for (const url of [`/camps/${endedCampId}`, '/camps/999999', '/camps/not-a-number']) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(404);
      const head = headOf(res.body);
      expect(head.meta('robots'), url).toBe('noindex');
      expect(head.titles, url).toEqual(['Camp not found · Campwise']);
      expect(head.structuredData, url).toEqual([]);
      // The app still loads and shows its own "not found".
      expect(res.body).toContain('<div id="root"></div>');
    }
  });
});

describe('the head of other public pages', () => {
  it('describes an organisation as a schema.org Organization', async () => {
    const res = await navigate(`/orgs/${host.orgId}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.structuredData).toEqual([
      expect.objectContaining({
        '@type': 'Organization',
        url: `${t.app.config.publicUrl}/orgs/${host.orgId}`,
      }),
    ]);
    expect(head.meta('og:type')).toBe('website');
  });

  it('gives each static public page its own title and description', async () => {
    for (const [path, expected] of Object.entries(PUBLIC_PAGE_HEADS)) {
      const head = headOf((await navigate(path)).body);
      expect(head.titles, path).toEqual([`${expected.title} · Campwise`.replaceAll("'", '&#39;')]);
      expect(head.meta('description'), path).toBe(expected.description.replaceAll("'", '&#39;'));
      expect(head.canonical, path).toBe(`${t.app.config.publicUrl}${path}`);
    }
  });

  it("leaves signed-in screens with the app's own head", async () => {
    const res = await navigate('/host/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});
