import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { messages } from '@campwise/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesHtml, prefersHtml } from '../src/platform/web-app.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Campwise</title></head><body><div id="root"></div></body></html>';
// Over the 1 KB compression threshold, so a client that accepts gzip gets it compressed.
const APP_JS = `console.info(${JSON.stringify('campwise '.repeat(400))});\n`;
// A file the build compressed beside itself, as apps/web/vite.config.ts does.
const STYLES_CSS = `body{color:${'#123456;'.repeat(300)}}`;
const STYLES_CSS_BR = brotliCompressSync(STYLES_CSS);

function cspDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

describe('serving the web app', () => {
  let distDir: string;
  let t: TestApp;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'campwise-web-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(distDir, 'assets', 'app-abc123.js'), APP_JS);
    writeFileSync(join(distDir, 'assets', 'styles-def456.css'), STYLES_CSS);
    writeFileSync(join(distDir, 'assets', 'styles-def456.css.br'), STYLES_CSS_BR);
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(distDir, 'widget'));
    writeFileSync(join(distDir, 'widget', 'embed.js'), 'console.info("widget");\n');
    t = await buildTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers a browser navigation to an app screen with index.html, never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/host/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("leaves the booking widget's pages to the server, even for a browser's navigation (a frame's)", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/widget/orgs/2000000000',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-dest': 'iframe' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
    expect(res.json().message).toBe(messages.orgNotFound);
  });

  it("serves the booking widget's script to other sites, and the app's own files to ours only", async () => {
    const widget = await t.app.inject({ method: 'GET', url: '/widget/embed.js' });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(widget.headers['cache-control']).toBe('public, max-age=3600');
    const app = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(app.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers the app root with index.html', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/?from=home',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it.each([
    ['*/*', '/', 200],
    ['*/*', '/host/dashboard', 200],
    ['text/*', '/search', 200],
    [undefined, '/', 200],
    // No camp 12 here: the page still comes, with the status a crawler needs.
    [undefined, '/camps/12', 404],
  ])(
    'answers Accept %s on %s with the page, as curl, uptime checks and link checkers get it',
    async (accept, url, status) => {
      const res = await t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('answers an unknown API path with JSON whatever the client accepts', async () => {
    for (const accept of ['*/*', 'text/html', undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/nope',
        headers: accept === undefined ? {} : { accept },
      });
      expect(res.statusCode, String(accept)).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers a call with a bearer token, or one that prefers JSON, with the call', async () => {
    const asked: Record<string, string>[] = [
      { accept: '*/*', authorization: 'Bearer not-a-token' },
      { accept: 'application/json, text/plain, */*' },
      { accept: 'text/html;q=0.5, application/json' },
      { accept: 'text/html;q=0, */*' },
    ];
    for (const headers of asked) {
      const res = await t.app.inject({ method: 'GET', url: '/camper/campers', headers });
      expect(res.headers['content-type'], JSON.stringify(headers)).toMatch(/^application\/json/);
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers a path that is also a call with the call unless the client names HTML', async () => {
    for (const accept of ['*/*', 'text/*', undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/camper/registrations',
        headers: accept === undefined ? {} : { accept },
      });
      expect(res.statusCode, String(accept)).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toBe(messages.authFailed);
    }
    const navigation = await t.app.inject({
      method: 'GET',
      url: '/camper/registrations',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(navigation.statusCode).toBe(200);
    expect(navigation.body).toContain('<div id="root"></div>');
  });

  it('answers a JSON request on a path that is also a screen with the call, not the page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/camper/campers',
      headers: { accept: 'application/json' },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toContain('<div id="root">');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.authFailed);
  });

  it('answers an unknown API path with JSON even when a browser asks for HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe(APP_JS);
  });

  it('answers a missing asset with a 404, not the app', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-gone99.js',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves other files from the build with a shorter cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it('compresses large files for clients that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_JS));
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('sends the copy the build compressed, as it is, to a client that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/styles-def456.css',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(STYLES_CSS_BR)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(STYLES_CSS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/styles-def456.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(STYLES_CSS);
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/host/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends security headers on API replies too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the API documentation', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('<div id="root"></div>');

    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/data/categories', '/api/newsletter', '/api/site']),
    );
  });

  it('serves the API documentation at /docs as typed, without the slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('<div id="root"></div>');
  });
});

describe('namesHtml', () => {
  it.each([
    [undefined, false],
    ['*/*', false],
    ['text/*', false],
    ['text/html', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['text/html;q=0, */*', false],
    ['text/html;q=0.4, application/json;q=0.9', false],
  ])('Accept %s names HTML: %s', (accept, names) => {
    expect(namesHtml(accept)).toBe(names);
  });
});

describe('prefersHtml', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['*/*', true],
    ['text/html', true],
    ['text/*', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['application/json', false],
    ['application/json, text/plain, */*', false],
    ['text/html;q=0.4, application/json;q=0.9', false],
    ['text/html;q=0, */*', false],
    ['image/png', false],
    ['*/*;q=nonsense', false],
  ])('Accept %s takes the page: %s', (accept, page) => {
    expect(prefersHtml(accept)).toBe(page);
  });
});
