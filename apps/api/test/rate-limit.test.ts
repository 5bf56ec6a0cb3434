import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@campwise/contract/messages';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RateLimitStore, RedisRateLimitStore } from '../src/platform/rate-limit.ts';
import {
  JWT_SECRET,
  logInToken,
  registerHost,
  STRONG_PASSWORD,
  type TestUser,
  uniqueEmail,
  uniqueRemoteAddress,
} from './fixtures.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const FIFTEEN_MINUTES_S = 15 * 60;

const rateLimitedReply = { statusCode: 429, code: 'RATE_LIMITED', message: messages.rateLimited };

function post(t: TestApp, url: string, payload: Record<string, unknown>, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

function expectRateLimited(res: Awaited<ReturnType<typeof post>>): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual(rateLimitedReply);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES_S);
}

/** One hit on a store, as the plugin makes it. */
function countOnce(
  store: RateLimitStore,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => {
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 10);
  });
}

/**
 * The app connects to Redis in the background and, by design, lets requests through while it
 * cannot count them; wait until it counts so the first hits of a test are not lost.
 */
async function untilCountingInRedis(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await countOnce(t.app.rateLimits, `readiness-probe:${randomUUID()}`, 1_000);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}

describe('in-process limits', () => {
  let t: TestApp;
  let host: TestUser;
  let otherHost: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ JWT_SECRET });
    host = await registerHost(t.app);
    otherHost = await registerHost(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows 10 logins per e-mail in 15 minutes, in any letter case, then answers 429', async () => {
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 10; i += 1) {
      const email = i % 2 === 0 ? host.email : host.email.toUpperCase();
      const res = await post(t, '/auth/login', { email, password: `Wrong-Guess-${i}` }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // The right password no longer helps, from this address or any other.
    expectRateLimited(await post(t, '/auth/login', { email: host.email, password: host.password }, ip));
    expectRateLimited(
      await post(t, '/auth/login', { email: host.email, password: host.password }, uniqueRemoteAddress()),
    );

    // Another address from the same IP, and the same address at another login, still work.
    const other = await post(t, '/auth/login', { email: otherHost.email, password: otherHost.password }, ip);
    expect(other.statusCode).toBe(200);
    const camperLogin = await post(
      t,
      '/camper/auth/login',
      { email: host.email, password: 'Whatever-1' },
      ip,
    );
    expect(camperLogin.statusCode).toBe(401);
  });

  it('counts failed sign-ins only: signing in, however often, locks nobody out', async () => {
    const user = await registerHost(t.app);
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 12; i += 1) {
      const res = await post(t, '/auth/login', { email: user.email, password: user.password }, ip);
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    // Failures still count, from the first: ten, then even the right password waits.
    for (let i = 0; i < 10; i += 1) {
      const res = await post(t, '/auth/login', { email: user.email, password: `Wrong-Guess-${i}` }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(await post(t, '/auth/login', { email: user.email, password: user.password }, ip));
  });

  it('limits registrations per e-mail', async () => {
    const email = uniqueEmail('signup');
    const ip = uniqueRemoteAddress();
    // A common password is refused before hashing, which keeps this loop fast; it still counts.
    const body = { firstName: 'R', lastName: 'M', email, password: 'password123' };
    for (let i = 0; i < 10; i += 1) {
      expect((await post(t, '/auth/register', body, ip)).statusCode, `attempt ${i + 1}`).toBe(400);
    }
    expectRateLimited(await post(t, '/auth/register', { ...body, password: STRONG_PASSWORD }, ip));
  });

  it('limits reset requests per e-mail, known or not, without telling them apart', async () => {
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        t,
        '/api/camper/requestpasswordreset',
        { email: unknown },
        uniqueRemoteAddress(),
      );
      expect(res.statusCode).toBe(200);
    }
    expectRateLimited(
      await post(t, '/api/camper/requestpasswordreset', { email: unknown }, uniqueRemoteAddress()),
    );
  });

  it('allows 100 reset requests per IP in 15 minutes, then answers 429', async () => {
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 100; i += 1) {
      const res = await post(t, '/api/host/requestpasswordreset', { email: uniqueEmail(`ip${i}`) }, ip);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    expectRateLimited(await post(t, '/api/host/requestpasswordreset', { email: uniqueEmail('ip100') }, ip));
    // The limit is per IP: another one is served.
    const elsewhere = await post(
      t,
      '/api/host/requestpasswordreset',
      { email: uniqueEmail('elsewhere') },
      uniqueRemoteAddress(),
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('takes the per-IP limit from AUTH_ATTEMPTS_PER_IP, for many people behind one address', async () => {
    const shared = await buildTestApp({ JWT_SECRET, AUTH_ATTEMPTS_PER_IP: '3' });
    try {
      const ip = uniqueRemoteAddress();
      for (let i = 0; i < 3; i += 1) {
        const res = await post(
          shared,
          '/api/host/requestpasswordreset',
          { email: uniqueEmail(`nat${i}`) },
          ip,
        );
        expect(res.statusCode, `request ${i + 1}`).toBe(200);
      }
      expectRateLimited(
        await post(shared, '/api/host/requestpasswordreset', { email: uniqueEmail('nat3') }, ip),
      );
    } finally {
      await shared.close();
    }
  });
});

describe('sign-ins behind one address', () => {
  it('count failures only against the address too', async () => {
    const shared = await buildTestApp({ JWT_SECRET, AUTH_ATTEMPTS_PER_IP: '3' });
    try {
      const ip = uniqueRemoteAddress();
      // A class signing in one after another from the school's address.
      for (let i = 0; i < 5; i += 1) {
        const user = await registerHost(shared.app);
        const res = await post(shared, '/auth/login', { email: user.email, password: user.password }, ip);
        expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
      }
      for (let i = 0; i < 3; i += 1) {
        const res = await post(
          shared,
          '/auth/login',
          { email: uniqueEmail(`guess${i}`), password: 'Wrong-1' },
          ip,
        );
        expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
      }
      expectRateLimited(
        await post(shared, '/auth/login', { email: uniqueEmail('guess'), password: 'Wrong-1' }, ip),
      );
    } finally {
      await shared.close();
    }
  });
});

describe('limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    a = await buildTestApp({ JWT_SECRET, REDIS_URL });
    b = await buildTestApp({ JWT_SECRET, REDIS_URL });
    redis = new Redis(REDIS_URL);
    await Promise.all([untilCountingInRedis(a), untilCountingInRedis(b)]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.quit();
  });

  it('allows 10 logins per e-mail, then answers 429, with the count kept in Redis', async () => {
    const email = uniqueEmail('redis-login');
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await post(a, '/camper/auth/login', { email, password: `Wrong-Guess-${i}` }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(await post(a, '/camper/auth/login', { email, password: 'Wrong-Guess-x' }, ip));

    const key = `campwise:rl:login-camper-email:${email}`;
    expect(await redis.get(key)).toBe('11');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(FIFTEEN_MINUTES_S * 1000);
  });

  it('counts failed sign-ins only, in Redis too', async () => {
    const user = await registerHost(a.app);
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 12; i += 1) {
      const app = i % 2 === 0 ? a : b;
      const res = await post(app, '/auth/login', { email: user.email, password: user.password }, ip);
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    expect(await redis.get(`campwise:rl:login-host-email:${user.email}`)).toBe('0');
    for (let i = 0; i < 10; i += 1) {
      const res = await post(b, '/auth/login', { email: user.email, password: `Wrong-Guess-${i}` }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(await post(a, '/auth/login', { email: user.email, password: user.password }, ip));
  });

  it('keeps the counts across a restart: a new instance refuses from its first request', async () => {
    const email = uniqueEmail('redis-restart');
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await post(a, '/camper/auth/login', { email, password: `Wrong-Guess-${i}` }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const restarted = await buildTestApp({ JWT_SECRET, REDIS_URL });
    try {
      expectRateLimited(
        await post(restarted, '/camper/auth/login', { email, password: 'Wrong-Guess-x' }, ip),
      );
    } finally {
      await restarted.close();
    }
  });

  it("counts a new store's first hit, made before its connection is up", async () => {
    const store = new RedisRateLimitStore(REDIS_URL);
    try {
      const key = `first-hit:${randomUUID()}`;
      expect(await countOnce(store, key, 60_000)).toMatchObject({ current: 1 });
      expect(await redis.get(`campwise:rl:${key}`)).toBe('1');
    } finally {
      await store.close();
    }
  });

  it('adds up the hits of two instances', async () => {
    const email = uniqueEmail('redis-shared');
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? a : b;
      const res = await post(app, '/api/host/requestpasswordreset', { email }, uniqueRemoteAddress());
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    for (const app of [a, b]) {
      expectRateLimited(await post(app, '/api/host/requestpasswordreset', { email }, uniqueRemoteAddress()));
    }
  });

  it('adds up per-IP hits of two instances', async () => {
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 100; i += 1) {
      const app = i < 50 ? a : b;
      const res = await post(app, '/api/camper/requestpasswordreset', { email: uniqueEmail(`rip${i}`) }, ip);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    expectRateLimited(await post(a, '/api/camper/requestpasswordreset', { email: uniqueEmail('rip') }, ip));
  });
});

const stores: { store: string; env: Record<string, string>; keptAcrossRestart: boolean }[] = [
  { store: 'the in-process store', env: {}, keptAcrossRestart: false },
  { store: 'the Redis store', env: { REDIS_URL }, keptAcrossRestart: true },
];

describe.each(stores)('on $store', ({ env, keptAcrossRestart }) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ JWT_SECRET, SEARCH_REQUESTS_PER_MINUTE: '3', ...env });
    if (keptAcrossRestart) await untilCountingInRedis(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses in the API error shape with Retry-After, and sends no other rate headers', async () => {
    const email = uniqueEmail('shape');
    for (let i = 0; i < 10; i += 1) {
      const res = await post(t, '/api/host/requestpasswordreset', { email }, uniqueRemoteAddress());
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
      expect(Object.keys(res.headers).filter((name) => name.includes('ratelimit'))).toEqual([]);
    }
    const refused = await post(t, '/api/host/requestpasswordreset', { email }, uniqueRemoteAddress());
    expectRateLimited(refused);
    expect(Object.keys(refused.headers).filter((name) => name.includes('ratelimit'))).toEqual([]);
  });

  it("answers with the rule's own message and a window of a minute: the search limit", async () => {
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 3; i += 1) {
      const res = await post(t, '/api/search', { term: 'soccer' }, ip);
      expect(res.statusCode, `search ${i + 1}`).toBe(200);
    }
    const refused = await post(t, '/api/search', { term: 'soccer' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: messages.searchRateLimited,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts one budget across the routes that share its name: signing up as a host and as a parent', async () => {
    const email = uniqueEmail('both-sign-ups');
    // A parent gives a phone number; a common password is refused after the limit has counted.
    const body = { firstName: 'R', lastName: 'M', email, phone: '312-555-0142', password: 'password123' };
    for (let i = 0; i < 10; i += 1) {
      const url = i < 5 ? '/auth/register' : '/camper/auth/register';
      expect((await post(t, url, body, uniqueRemoteAddress())).statusCode, `attempt ${i + 1}`).toBe(400);
    }
    expectRateLimited(
      await post(t, '/camper/auth/register', { ...body, password: STRONG_PASSWORD }, uniqueRemoteAddress()),
    );
  });

  it('takes a hit back, never below zero', async () => {
    const key = `refund:${randomUUID()}`;
    expect(await countOnce(t.app.rateLimits, key, 60_000)).toMatchObject({ current: 1 });
    await t.app.rateLimits.refund(key);
    await t.app.rateLimits.refund(key);
    expect(await countOnce(t.app.rateLimits, key, 60_000)).toMatchObject({ current: 1 });
  });

  it(`${keptAcrossRestart ? 'keeps' : 'forgets'} the failed sign-ins across a restart`, async () => {
    const email = uniqueEmail('restart');
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await post(t, '/admin/auth/login', { email, password: `Wrong-Guess-${i}` }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const restarted = await buildTestApp({ JWT_SECRET, ...env });
    try {
      const res = await post(restarted, '/admin/auth/login', { email, password: 'Wrong-Guess-x' }, ip);
      if (keptAcrossRestart) expectRateLimited(res);
      else expect(res.statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
  });
});

describe('when Redis cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1, so every count fails; the limiter must let requests through.
    t = await buildTestApp({ JWT_SECRET, REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('still registers and logs users in, promptly', async () => {
    const started = Date.now();
    const user = await registerHost(t.app);
    const ip = uniqueRemoteAddress();
    for (let i = 0; i < 12; i += 1) {
      const res = await post(t, '/auth/login', { email: user.email, password: user.password }, ip);
      expect(res.statusCode, `login ${i + 1}`).toBe(200);
    }
    await logInToken(t.app, 'host', user.email, user.password);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
