import { expect, test } from '../fixtures.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

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

  test('an unknown API path is a JSON 404', async ({ request }) => {
    const response = await request.get('/api/nope', { headers: html });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
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

  test('the API documentation is served', async ({ request }) => {
    const response = await request.get('/docs');
    expect(response.status()).toBe(200);
  });
});
