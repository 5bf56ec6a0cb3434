import { expect, test } from '../fixtures.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

// What only the built production server shows: the built web app's pages and hashed assets as
// the real HTTP server sends them, with its headers. What the API answers by itself (an unknown
// API path, the API documentation) is checked in apps/api/test/web-app.test.ts.

test.describe('server', () => {
  test('a deep link to a screen returns the web app', async ({ request }) => {
    const response = await request.get('/camper/registrations', { headers: html });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(await response.text()).toContain('id="root"');
  });

  test('a camp that is not listed answers 404 with the web app, kept out of search engines', async ({
    request,
  }) => {
    const response = await request.get('/camps/999999999', { headers: html });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('id="root"');
    expect(page).toContain('<meta name="robots" content="noindex"');
  });

  test('the content security policy allows scripts only from our origin', async ({ request }) => {
    const response = await request.get('/', { headers: html });
    const policy = response.headers()['content-security-policy'] ?? '';
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const scriptSrc = directives.get('script-src');
    expect(scriptSrc, policy).toBeDefined();
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });

  test('hashed assets are cached for good', async ({ request }) => {
    const page = await (await request.get('/', { headers: html })).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script, 'the page loads a script from /assets/').toBeDefined();

    const response = await request.get(script ?? '');
    expect(response.status()).toBe(200);
    const cacheControl = response.headers()['cache-control'] ?? '';
    expect(cacheControl).toContain('immutable');
    expect(cacheControl).toContain('max-age=31536000');
  });
});
