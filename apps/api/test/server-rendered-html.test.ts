import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_STATE_ELEMENT_ID, VISITOR_HINT_COOKIE } from '@campwise/contract/server-render';
import { eq } from 'drizzle-orm';
import { type ConfigData, HtmlValidate, StaticConfigLoader } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campSessions } from '../src/db/schema.ts';
import { createCamp, detailedJpeg, firstSession, imagePart } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, addSessions, campHost, family, outcome, register } from './registration-fixtures.ts';
import { buildWebServerBundle, type WebServerBundle } from './web-server-bundle.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The validator with the repository's configuration (.htmlvalidate.json): the rules of the HTML
 * standard (html-validate:standard), which a page breaks with, say, a <style> inside the body or
 * a <div> inside a <button>. Style rules (quotes, self-closing void elements, attribute case)
 * are not checked: React writes its own markup.
 */
const validator = new HtmlValidate(
  new StaticConfigLoader(
    JSON.parse(readFileSync(join(repoRoot, '.htmlvalidate.json'), 'utf8')) as ConfigData,
  ),
);

/** apps/web/index.html as the build writes it: the app's script and stylesheet in the head. */
function builtIndexHtml(): string {
  const source = readFileSync(join(repoRoot, 'apps/web/index.html'), 'utf8');
  const devScript = /\n\s*<script type="module" src="\/src\/boot.ts"><\/script>/;
  if (!devScript.test(source)) throw new Error('apps/web/index.html no longer loads /src/boot.ts');
  return source
    .replace(devScript, '')
    .replace(
      '</head>',
      '  <script type="module" crossorigin src="/assets/app.js"></script>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/style.css">\n  </head>',
    );
}

/** What the validator finds wrong with a page, each with the markup around it. */
async function problems(html: string, url: string): Promise<string[]> {
  const report = await validator.validateString(html, url);
  return report.results.flatMap(({ messages }) =>
    messages.map(
      ({ ruleId, message, line, column, offset }) =>
        `${ruleId} at ${line}:${column}: ${message} … ${html.slice(Math.max(0, offset - 80), offset + 80)}`,
    ),
  );
}

const WORD = 'Tidepool';
let t: TestApp;
let bundle: WebServerBundle;
let orgId: number;
let withSessions: number;
let withOneSession: number;
let reviewed: number;

beforeAll(async () => {
  bundle = await buildWebServerBundle(builtIndexHtml());
  t = await buildTestApp({ ...ORG_ENV, WEB_DIST_DIR: bundle.distDir });
  const admin = await createAdmin(t.app, t.db);
  const host = await campHost(t.app, admin.token);
  orgId = host.orgId;

  // A camp with pictures and three sessions, one with a single session, and a reviewed one.
  withSessions = await createCamp(
    t.app,
    host.token,
    host.orgId,
    { name: `${WORD} Explorers`, description: 'Rock pools, crabs and sea stars.' },
    [imagePart('thumbnail', await detailedJpeg()), imagePart('campImage1', await detailedJpeg(320, 240))],
  );
  await addSessions(t.app, host, withSessions, [
    { name: 'July week', startDate: '2030-07-08', endDate: '2030-07-12', price: '160', capacity: '12' },
    { name: 'August week', startDate: '2030-08-05', endDate: '2030-08-09', price: '175.50', capacity: '12' },
  ]);
  withOneSession = await addCamp(t.app, host, { name: `${WORD} Art Studio` });

  // A family's review of a session now over, with the host's reply, and a session still to come.
  reviewed = await addCamp(t.app, host, { name: `${WORD} Sailing` });
  const sessionId = (await firstSession(t.db, reviewed)).id;
  await addSessions(t.app, host, reviewed, [
    { name: 'Late summer', startDate: '2030-08-12', endDate: '2030-08-16', price: '150', capacity: '10' },
  ]);
  const parent = await family(t.app, [9], { day: '2030-06-15' });
  outcome(
    await register(t.app, parent, reviewed, {
      childIds: [parent.childIds[0] as number],
      sessionId,
      paymentMethodId: parent.cardId,
    }),
  );
  await t.db
    .update(campSessions)
    .set({ startDate: '2026-07-06', endDate: '2026-07-10' })
    .where(eq(campSessions.id, sessionId));
  const review = await t.app.inject({
    method: 'POST',
    url: `/camper/sessions/${sessionId}/reviews`,
    headers: bearer(parent.token),
    payload: { rating: 5, text: 'Ada loved the sailing and came home singing every day.' },
  });
  expect(review.statusCode, review.body).toBe(201);
  const reply = await t.app.inject({
    method: 'POST',
    url: `/host/reviews/${review.json<{ data: { id: number } }>().data.id}/reply`,
    headers: bearer(host.token),
    payload: { text: 'Thank you! We loved having Ada.' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}, 180_000);

afterAll(async () => {
  await t?.close();
  bundle?.remove();
});

/** Who the page is rendered for: a guest, or the visitor a hint names (their links differ). */
const visitors: [string, Record<string, string>][] = [
  ['a guest', {}],
  ['a parent', { cookie: `${VISITOR_HINT_COOKIE}=camper` }],
  ['a host', { cookie: `${VISITOR_HINT_COOKIE}=host` }],
];

/** The public pages, in each state the server renders them in (found, not found, loading, empty). */
const pages: [string, () => string][] = [
  ['home', () => '/'],
  ['about', () => '/about'],
  ['how it works', () => '/how-it-works'],
  ['pricing', () => '/pricing'],
  ['FAQ', () => '/faq'],
  ['contact', () => '/contact'],
  ['terms', () => '/terms'],
  ['privacy policy', () => '/privacypolicy'],
  ['search', () => '/search'],
  ['every camp', () => '/searchresults'],
  ['results near a ZIP', () => `/searchresults?term=${WORD}&zip=78704`],
  ['results on the map', () => `/searchresults?term=${WORD}&view=map`],
  ['no results', () => '/searchresults?term=nothing-is-called-this'],
  ['a search the server refuses', () => '/searchresults?zip=00000'],
  ['a camp with pictures and sessions', () => `/camps/${withSessions}`],
  ['a camp with one session', () => `/camps/${withOneSession}`],
  ['a reviewed camp', () => `/camps/${reviewed}`],
  ['an organisation', () => `/orgs/${orgId}`],
  ['a camp that is not there', () => '/camps/999999'],
  ['an organisation that is not there', () => '/orgs/999999'],
];

describe.each(visitors)('every page the server renders is valid HTML, for %s', (_visitor, headers) => {
  it.each(pages)('%s', async (_page, url) => {
    const res = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: { accept: 'text/html', ...headers },
    });
    // The page as the server rendered it, not the empty shell the browser would fill.
    expect(res.body).toContain(`id="${SERVER_STATE_ELEMENT_ID}"`);
    expect(await problems(res.body, url())).toEqual([]);
  });
});

describe('the home page with its newsletter form sent before the script', () => {
  it.each(['early.bird@example.com', 'not-an-address'])('is valid HTML, answering %s', async (email) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        host: 'campwise.test',
        origin: 'http://campwise.test',
      },
      payload: `email=${encodeURIComponent(email)}`,
    });
    expect(res.body).toContain(`id="${SERVER_STATE_ELEMENT_ID}"`);
    expect(await problems(res.body, '/')).toEqual([]);
  });
});

describe("the repository's configuration", () => {
  it('finds a <style> inside the body and a <div> inside a <button>', async () => {
    const page = builtIndexHtml().replace(
      '<div id="root"></div>',
      '<div id="root"><style>p{}</style><button type="button"><div>Menu</div></button></div>',
    );
    expect((await problems(page, 'broken')).map((problem) => problem.split(' at ')[0])).toEqual([
      'element-permitted-content',
      'element-permitted-content',
    ]);
  });
});
