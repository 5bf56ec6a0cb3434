import { createRequire } from 'node:module';
import { messages } from '@campwise/contract/messages';
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/**
 * Rate limits on `@fastify/rate-limit` (decision 052): the plugin counts, in its Redis store when
 * REDIS_URL is set and in its in-process store otherwise. What it has no word for is kept here:
 * giving a hit back (sign-ins count failures only), waiting for Redis before the first count, and
 * answering in the API's error shape.
 */

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type Counter = Pick<FastifyRateLimitStore, 'incr'>;

// The plugin builds these two itself but exports neither; the package has no exports map, so
// they load by path. Their constructors take (continueExceeding, exponentialBackoff, …).
const require = createRequire(import.meta.url);
const PluginLocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => Counter & { lru: { get(key: string): { current: number } | undefined; clear(): void } };
const PluginRedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => Counter;

/** The plugin's store, plus taking a hit back: what a sign-in that succeeded does. */
export interface RateLimitStore extends Counter {
  /** Takes one hit back from the key's current window (a request that turned out not to count). */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keys one process keeps counting at once; past that the plugin's store forgets the least
 * recently counted. Far above a single instance's traffic in 15 minutes; Redis forgets none.
 */
const IN_PROCESS_KEYS = 100_000;

/** One process's counts, in the plugin's in-process store: right for a single instance and for tests. */
class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new PluginLocalStore(false, false, IN_PROCESS_KEYS);

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.counts.incr(key, callback, timeWindow, max);
  }

  async refund(key: string): Promise<void> {
    // The store has no decrement; its entries are plain objects. An entry whose window is over
    // starts again at 1 on its next hit whatever its count, so only the count needs taking back.
    const entry = this.counts.lru.get(key);
    if (entry && entry.current > 0) entry.current -= 1;
  }

  async close(): Promise<void> {
    this.counts.lru.clear();
  }
}

/** Before every key in Redis, as the limiter's keys always were. */
const KEY_PREFIX = 'campwise:rl:';

// Take one hit back, never below zero; the window keeps its expiry.
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * How long a new instance's first requests wait for Redis. Without the wait they found no
 * connection yet and passed uncounted, so every restart opened the limits for a moment.
 */
const FIRST_CONNECTION_WAIT_MS = 2_000;

/** Counts shared by every instance, in the plugin's Redis store (keys `campwise:rl:<rule>:<subject>`). */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly counts: Counter;
  /** Settles once the first connection is up, or after the wait when Redis cannot be reached. */
  private readonly firstConnection: Promise<void>;

  constructor(url: string) {
    // Nothing queued offline: while Redis is down a count fails at once and the limit lets the
    // request through, rather than holding it until Redis answers.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    // Connection trouble is reported per call (and the limiter fails open); not a crash.
    this.redis.on('error', () => {});
    this.counts = new PluginRedisStore(false, false, this.redis, KEY_PREFIX);
    this.firstConnection = new Promise((resolve) => {
      const timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS);
      timer.unref();
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    void this.firstConnection.then(() => this.counts.incr(key, callback, timeWindow, max));
  }

  async refund(key: string): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, KEY_PREFIX + key);
  }

  /** Whether Redis answers now: the health check's view of the limiter. */
  async reachable(): Promise<boolean> {
    await this.firstConnection;
    return this.redis.ping().then(
      () => true,
      () => false,
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * The plugin takes its store as a class and builds it with `new`; this one counts in the app's
 * store, which the sign-in limits also refund into. Every rule's limiter shares it (the plugin
 * would give each its own): the keys already start with the rule's name.
 */
function storeClass(store: RateLimitStore): FastifyRateLimitStoreCtor {
  return class AppStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      store.incr(key, callback, timeWindow, max);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Registers the plugin on the app's store: in Redis with a URL, in the process without. */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | null): Promise<void> {
  const store: RateLimitStore = redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
  app.decorate('rateLimits', store);
  app.addHook('onClose', () => store.close());
  // No limit on every route: each route names its own rules below. Store errors reach `enforce`,
  // which logs them and lets the request through (the plugin's skipOnError would not log).
  await app.register(fastifyRateLimit, { global: false, store: storeClass(store) });
}

export interface RateLimitRule {
  /** Names the counter, e.g. 'login-email'. */
  name: string;
  max: number;
  windowMs: number;
  /** The thing being limited (an address, an IP); null skips the rule for this request. */
  key(request: FastifyRequest): string | null;
  /** What the refusal says, when the general "too many attempts" would not explain it. */
  message?: string;
}

export const FIFTEEN_MINUTES = 15 * 60 * 1000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Limit = { rule: RateLimitRule; limiter: Limiter };

/**
 * Each rule with its limiter from the plugin, made once per app. Rules are declared before any
 * app exists (and one process may run several apps, as the tests do), so the app is the request's.
 * The plugin's own route hook is not used: it runs once per request, and routes stack two rules.
 */
function limitsFor(rules: RateLimitRule[]): (server: FastifyInstance) => Limit[] {
  const byStore = new WeakMap<RateLimitStore, Limit[]>();
  return (server) => {
    let limits = byStore.get(server.rateLimits);
    if (!limits) {
      limits = rules.map((rule) => ({
        rule,
        limiter: server.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowMs,
          keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
        }),
      }));
      byStore.set(server.rateLimits, limits);
    }
    return limits;
  };
}

/**
 * Counts the request against every rule; the first one exceeded answers 429 with Retry-After.
 * Answers the counters it added to.
 */
async function enforce(limits: Limit[], request: FastifyRequest, reply: FastifyReply): Promise<string[]> {
  const counted: string[] = [];
  for (const { rule, limiter } of limits) {
    if (rule.key(request) === null) continue;
    let limit: Awaited<ReturnType<Limiter>>;
    try {
      limit = await limiter(request);
    } catch (error) {
      // A limiter outage must not lock everyone out of their accounts.
      request.log.warn({ err: error }, 'rate limit store unavailable');
      return counted;
    }
    // Answered only for an allow list, and no rule has one.
    if (limit.isAllowed) continue;
    counted.push(limit.key);
    if (limit.isExceeded) {
      reply.header('retry-after', String(Math.max(1, limit.ttlInSeconds)));
      throw new AppError(429, 'RATE_LIMITED', rule.message ?? messages.rateLimited);
    }
  }
  return counted;
}

/** A preHandler enforcing every rule; the first one exceeded answers 429 with Retry-After. */
export function rateLimit(...rules: RateLimitRule[]) {
  const limits = limitsFor(rules);
  return async function limit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await enforce(limits(request.server), request, reply);
  };
}

/**
 * Route hooks enforcing every rule on failures alone: each request takes its place in the count
 * while it runs (so parallel guesses are held back too), and one that succeeds gives it back. A
 * sign-in that succeeded guessed nothing, so signing in, however often, locks nobody out.
 */
export function failureLimit(...rules: RateLimitRule[]) {
  const limits = limitsFor(rules);
  const counted = new WeakMap<FastifyRequest, string[]>();
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      counted.set(request, await enforce(limits(request.server), request, reply));
    },
    // Before the answer leaves, so the caller's next request already sees the count.
    onSend: async <T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> => {
      if (reply.statusCode < 400) {
        for (const key of counted.get(request) ?? []) {
          await request.server.rateLimits.refund(key).catch((error: unknown) => {
            request.log.warn({ err: error }, 'rate limit store unavailable');
          });
        }
      }
      return payload;
    },
  };
}

/** The usual pair for sign-in style calls: per e-mail address, and a higher limit per IP. */
export function perEmailAndIp(
  action: string,
  { emailMax = 10, ipMax = 100 }: { emailMax?: number; ipMax?: number } = {},
): RateLimitRule[] {
  return [
    {
      name: `${action}-email`,
      max: emailMax,
      windowMs: FIFTEEN_MINUTES,
      key: (request) => {
        const body = request.body as { email?: unknown } | undefined;
        return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
      },
    },
    { name: `${action}-ip`, max: ipMax, windowMs: FIFTEEN_MINUTES, key: (request) => request.ip },
  ];
}
