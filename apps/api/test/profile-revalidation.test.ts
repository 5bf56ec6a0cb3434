import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camps, organizations } from '../src/db/schema.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, type CampHost, campHost } from './registration-fixtures.ts';

let t: TestApp;
let host: CampHost;
let campId: number;

beforeAll(async () => {
  t = await buildTestApp(ORG_ENV);
  const admin = await createAdmin(t.app, t.db);
  host = await campHost(t.app, admin.token);
  campId = await addCamp(t.app, host, { name: 'Heron Bay Camp' });
});

afterAll(async () => {
  await t.close();
});

const ask = (url: string, etag?: string) =>
  t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

describe.each([
  {
    page: 'a camp profile',
    url: () => `/api/camps/${campId}`,
    change: () => t.db.update(camps).set({ name: 'Heron Bay Day Camp' }).where(eq(camps.id, campId)),
  },
  {
    page: 'an organization profile',
    url: () => `/api/orgs/${host.orgId}`,
    change: () =>
      t.db.update(organizations).set({ name: 'Heron Bay Club' }).where(eq(organizations.id, host.orgId)),
  },
])('$page', ({ url, change }) => {
  it('is asked again every time and costs a 304 while it has not changed, a full answer once it has', async () => {
    const first = await ask(url());
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);

    const repeat = await ask(url(), etag);
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');

    await change();
    const changed = await ask(url(), etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toMatchObject({ data: { name: expect.stringContaining('Heron Bay') } });
  });
});

it('a camp that is not listed answers 404, and is asked again next time too', async () => {
  const missing = await ask('/api/camps/999999999');
  expect(missing.statusCode).toBe(404);
  expect(missing.headers['cache-control']).toBe('no-cache');
});
