import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { messages } from '@campwise/contract/messages';
import { SERVER_STATE_ELEMENT_ID, VISITOR_HINT_COOKIE } from '@campwise/contract/server-render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../src/db/schema.ts';
import { pageTag } from '../src/platform/web-app.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, addSessions, type CampHost, campHost } from './registration-fixtures.ts';
import { buildWebServerBundle, type WebServerBundle } from './web-server-bundle.ts';

// Shaped like the built index.html: the app's script in the head, an empty root in the body.
const INDEX_HTML = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The app's own description." />
    <title>Campwise</title>
    <script type="module" crossorigin src="/assets/app.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const CAMP_NAME = 'Tidepool Explorers </script><script>alert(1)</script>';

let t: TestApp;
let bundle: WebServerBundle;
let host: CampHost;
let campId: number;
let orgName: string;

const navigate = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The page as a reader without scripts gets it: the root's markup and the state beside it. */
function pageOf(html: string) {
  const rootStart = html.indexOf('<div id="root">');
  const stateMatch = new RegExp(
    `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  const root = html.slice(rootStart, stateMatch?.index ?? html.length);
  const text = root
    .replace(/<style[^>]*>[^<]*<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
  return {
    headings: [...root.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((match) => match[1]),
    text,
    state: stateMatch ? (JSON.parse(stateMatch[1] ?? 'null') as ServerStateShape) : null,
  };
}

interface ServerStateShape {
  router: { loaderData: unknown };
  visitor: string | null;
  queries: { queries: { queryKey: unknown[]; state: { status: string; data: unknown } }[] };
}

beforeAll(async () => {
  bundle = await buildWebServerBundle(INDEX_HTML);
  t = await buildTestApp({ ...ORG_ENV, WEB_DIST_DIR: bundle.distDir });
  const admin = await createAdmin(t.app, t.db);
  host = await campHost(t.app, admin.token);
  campId = await addCamp(t.app, host, {
    name: CAMP_NAME,
    description: 'Rock pools, crabs and sea stars.',
    startDate: '2030-06-03',
    endDate: '2030-06-07',
    cost: '150',
  });
  await addSessions(t.app, host, campId, [
    { name: 'August week', startDate: '2030-08-05', endDate: '2030-08-09', price: '175.50', capacity: '12' },
  ]);
  const org = await t.app.inject({ method: 'GET', url: `/api/orgs/${host.orgId}` });
  orgName = org.json<{ data: { name: string } }>().data.name;
}, 120_000);

afterAll(async () => {
  await t?.close();
  bundle?.remove();
});

describe('public pages arrive rendered, before any script runs', () => {
  const pages: [string, string][] = [
    ['/', 'Summer camps near you'],
    ['/about', 'About Campwise'],
    ['/how-it-works', 'How it Works'],
    ['/pricing', 'Pricing'],
    ['/faq', 'FAQ'],
    ['/contact', 'Contact us'],
    ['/terms', 'Terms of Use'],
    ['/privacypolicy', 'Privacy Policy'],
    ['/search', 'Search'],
    ['/searchresults?term=tidepool', 'Search Results'],
  ];

  it.each(pages)('%s holds its heading and the state the browser hydrates from', async (url, heading) => {
    const res = await navigate(url);
    expect(res.statusCode).toBe(200);
    const page = pageOf(res.body);
    expect(page.headings).toEqual([heading]);
    expect(page.state?.router.loaderData).toEqual({});
    // The app's script still comes to take over the page.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/app.js"></script>');
  });

  it('the pricing page holds the plan price the server is configured with', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json<{
      data: { planPriceCents: number };
    }>().data;
    const page = pageOf((await navigate('/pricing')).body);
    expect(page.text).toContain(`$${site.planPriceCents / 100}`);
  });

  it('a camp profile holds the camp, its sessions and prices, and its data for hydration', async () => {
    const res = await navigate(`/camps/${campId}`);
    expect(res.statusCode).toBe(200);
    const page = pageOf(res.body);
    // Text that looks like markup stays text: the page and its state cannot be broken out of.
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain(CAMP_NAME);
    expect(page.text).toContain(orgName);
    expect(page.text).toContain('August week');
    expect(page.text).toContain('$150');
    expect(page.text).toContain('$175.50');
    const camp = page.state?.queries.queries.find(({ queryKey }) => queryKey.includes(campId));
    expect(camp?.state.status).toBe('success');
    expect(camp?.state.data).toMatchObject({ id: campId, name: CAMP_NAME });
  });

  it('a rendered page goes in brotli or gzip, as the browser prefers, and whole to one that takes neither', async () => {
    const headers = { accept: 'text/html' };
    const visit = (acceptEncoding: string) =>
      t.app.inject({
        method: 'GET',
        url: `/camps/${campId}`,
        headers: { ...headers, 'accept-encoding': acceptEncoding },
      });
    const brotli = await visit('gzip, deflate, br');
    const zipped = await visit('br;q=0.5, gzip;q=0.8');
    const plain = await visit('gzip;q=0, identity');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [brotli, zipped, plain]) expect(res.headers.vary).toContain('accept-encoding');
    // The same page each way (the state's timestamps are each render's own).
    const text = pageOf(plain.body).text;
    expect(pageOf(brotliDecompressSync(brotli.rawPayload).toString()).text).toBe(text);
    expect(pageOf(gunzipSync(zipped.rawPayload).toString()).text).toBe(text);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotli.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
  });

  it('a page the browser holds is not sent again until it changes', async () => {
    const first = await navigate(`/camps/${campId}`);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // Rendered again, the same page has the same tag, so the browser keeps its copy.
    const again = await navigate(`/camps/${campId}`, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // Whichever coding it came in, and among other tags.
    const listed = await navigate(`/camps/${campId}`, { 'if-none-match': `"other", ${tag.slice(2)}` });
    expect(listed.statusCode).toBe(304);
    // Another page, or a tag of this one before it changed, is sent whole.
    expect((await navigate('/about', { 'if-none-match': tag })).statusCode).toBe(200);
    expect((await navigate(`/camps/${campId}`, { 'if-none-match': 'W/"before"' })).statusCode).toBe(200);
  });

  it('a page is tagged by what it shows and holds, not by when it was rendered', () => {
    const page = (name: string, at: number) =>
      `<h1>${name}</h1><script type="application/json">{"queries":[{"state":{"data":{"name":"${name}"},"dataUpdatedAt":${at},"errorUpdatedAt":0},"dehydratedAt":${at}}]}</script>`;
    expect(pageTag(page('Tidepool', 1_000))).toBe(pageTag(page('Tidepool', 2_000)));
    expect(pageTag(page('Tidepool', 1_000))).not.toBe(pageTag(page('Tidepools', 1_000)));
  });

  it('an organisation profile holds the organisation and its camps', async () => {
    const res = await navigate(`/orgs/${host.orgId}`);
    expect(res.statusCode).toBe(200);
    const page = pageOf(res.body);
    expect(page.headings.join(' ')).toContain(orgName.replace(/&/g, '&amp;'));
    expect(page.text).toContain(CAMP_NAME);
  });

  it('search results hold the camps found', async () => {
    const page = pageOf((await navigate('/searchresults?term=tidepool')).body);
    expect(page.text).toContain('1 camp found');
    expect(page.text).toContain(CAMP_NAME);
  });

  it('a camp that is not there answers 404, rendered without data for the browser to explain', async () => {
    const res = await navigate('/camps/999999');
    expect(res.statusCode).toBe(404);
    const page = pageOf(res.body);
    const kept = page.state?.queries.queries.map(({ queryKey }) => queryKey) ?? [];
    expect(kept.some((queryKey) => queryKey.includes(999999))).toBe(false);
    expect(page.text).not.toContain('Rock pools');
  });

  it('signed-in screens are left to the browser', async () => {
    const res = await navigate('/camper/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(SERVER_STATE_ELEMENT_ID);
  });
});

describe('forms and links that work before the script', () => {
  /** The newsletter form as a browser sends it from the home page with no script running. */
  const sendNewsletterForm = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/',
      headers: {
        accept: 'text/html,application/xhtml+xml',
        'content-type': 'application/x-www-form-urlencoded',
        host: 'campwise.test',
        origin: 'http://campwise.test',
        ...headers,
      },
      payload: body,
    });

  const subscribed = async (email: string) =>
    (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).length;

  it('the newsletter form signs the address up and the home page says so', async () => {
    const res = await sendNewsletterForm(`email=${encodeURIComponent('early.bird@example.com')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = pageOf(res.body);
    expect(page.headings).toEqual(['Summer camps near you']);
    expect(page.text).toContain(messages.newsletterThanks);
    expect(await subscribed('early.bird@example.com')).toBe(1);
    // Sent again (a reload), it changes nothing and says the same.
    const again = await sendNewsletterForm(`email=${encodeURIComponent('early.bird@example.com')}`);
    expect(pageOf(again.body).text).toContain(messages.newsletterThanks);
    expect(await subscribed('early.bird@example.com')).toBe(1);
  });

  it('an address that is not one comes back beside its field, as typed, and signs nobody up', async () => {
    const res = await sendNewsletterForm('email=not-an-address');
    expect(res.statusCode).toBe(400);
    expect(pageOf(res.body).text).toContain(messages.invalidEmail);
    expect(res.body).toMatch(
      /<input[^>]*name="email"[^>]*value="not-an-address"|value="not-an-address"[^>]*name="email"/,
    );
    expect(res.body).toContain('aria-invalid="true"');
    expect(await subscribed('not-an-address')).toBe(0);
  });

  it('a form posted from another site, or too long to be ours, is refused', async () => {
    const foreign = await sendNewsletterForm('email=victim%40example.com', {
      origin: 'https://elsewhere.example',
    });
    expect(foreign.statusCode).toBe(403);
    // A browser that says where the form comes from is believed over the origin it names.
    const crossSite = await sendNewsletterForm('email=victim%40example.com', {
      origin: 'null',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    const ours = await sendNewsletterForm('email=ours%40example.com', {
      origin: 'null',
      'sec-fetch-site': 'same-origin',
    });
    expect(ours.statusCode).toBe(200);
    expect(await subscribed('victim@example.com')).toBe(0);
    const long = await sendNewsletterForm(`email=${'a'.repeat(20_000)}%40example.com`);
    expect(long.statusCode).toBe(413);
    expect(long.json()).toMatchObject({ message: messages.pageFormTooLarge });
  });

  it("a script's call to a page's path without a form is not taken for one", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: { email: 'someone@example.com' },
    });
    expect(res.statusCode).toBe(404);
  });

  /** The Register links of a camp's page, as the server renders it for a visitor. */
  async function registerLinks(cookie?: string): Promise<string[]> {
    const res = await navigate(`/camps/${campId}`, cookie ? { cookie } : {});
    expect(res.statusCode).toBe(200);
    return [...res.body.matchAll(/<a [^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('aria-label="Register for '))
      .map((tag) => decodeURIComponent((/href="([^"]*)"/.exec(tag)?.[1] ?? '').replaceAll('&amp;', '&')));
  }

  it("a parent's Register leads to the registration, a guest's to sign-up, and a host gets none", async () => {
    const guest = await registerLinks();
    expect(guest.length).toBeGreaterThan(0);
    for (const href of guest) expect(href).toMatch(/^\/camper\/register\?returnTo=/);

    const parent = await registerLinks(`theme=light; ${VISITOR_HINT_COOKIE}=camper`);
    expect(parent.length).toBe(guest.length);
    for (const href of parent) expect(href).toMatch(new RegExp(`^/camps/${campId}/register\\?session=\\d+$`));

    expect(await registerLinks(`${VISITOR_HINT_COOKIE}=host`)).toEqual([]);
    // A hint that is not one of ours is no hint.
    expect(await registerLinks(`${VISITOR_HINT_COOKIE}=superuser`)).toEqual(guest);
  });

  it('says in its state whom it was rendered for, so the browser hydrates it for the same visitor', async () => {
    const parent = pageOf(
      (await navigate(`/camps/${campId}`, { cookie: `${VISITOR_HINT_COOKIE}=camper` })).body,
    );
    expect(parent.state?.visitor).toBe('camper');
    expect(pageOf((await navigate(`/camps/${campId}`)).body).state?.visitor).toBeNull();
  });

  it('pages differ by the visitor hint, so caches keep them apart', async () => {
    const res = await navigate(`/camps/${campId}`);
    expect(res.headers.vary).toBe('accept-encoding, cookie');
  });
});
