import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function healthOf(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

describe('GET /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reports the process and the database as up', async () => {
    expect(await healthOf(t)).toEqual({ data: { status: 'ok', database: 'ok' } });
  });
});

describe('GET /healthz with REDIS_URL set', () => {
  it('reports Redis as up when it answers', async () => {
    const t = await buildTestApp({ REDIS_URL });
    try {
      expect(await healthOf(t)).toEqual({ data: { status: 'ok', database: 'ok', redis: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('reports Redis, and so the service, as degraded when it cannot be reached', async () => {
    // Nothing listens on port 1. The limits let requests through meanwhile, so the service is
    // still up: degraded, not down.
    const t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect(await healthOf(t)).toEqual({ data: { status: 'degraded', database: 'ok', redis: 'degraded' } });
    } finally {
      await t.close();
    }
  });
});
