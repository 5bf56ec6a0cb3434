import { messages } from '@campwise/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/** Counts hits per key in fixed windows. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one hit back from the key's current window (a request that turned out not to count). */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counts: right for a single instance and for tests. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    if (this.windows.size > 50_000) this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return { count: 1, resetMs: windowMs };
    }
    current.count += 1;
    return { count: current.count, resetMs: current.resetAt - now };
  }

  async refund(key: string): Promise<void> {
    const current = this.windows.get(key);
    if (current && current.resetAt > Date.now() && current.count > 0) current.count -= 1;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// Increment and start the window's expiry atomically; answers the count and the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

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

/** Counts shared by every instance through Redis. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  /** Settles once the first connection is up, or after the wait when Redis cannot be reached. */
  private readonly firstConnection: Promise<void>;

  constructor(
    url: string,
    private readonly prefix = 'campwise:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    // Connection trouble is reported per call (and the limiter fails open); not a crash.
    this.redis.on('error', () => {});
    this.firstConnection = new Promise((resolve) => {
      const timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS);
      timer.unref();
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    await this.firstConnection;
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [
      number,
      number,
    ];
    return { count, resetMs: ttl };
  }

  async refund(key: string): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, this.prefix + key);
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

/**
 * Counts the request against every rule; the first one exceeded answers 429 with Retry-After.
 * Answers the counters it added to.
 */
async function enforce(rules: RateLimitRule[], request: FastifyRequest, reply: FastifyReply) {
  const counted: string[] = [];
  for (const rule of rules) {
    const subject = rule.key(request);
    if (subject === null) continue;
    const key = `${rule.name}:${subject}`;
    let window: WindowCount;
    try {
      window = await request.server.rateLimits.hit(key, rule.windowMs);
    } catch (error) {
      // A limiter outage must not lock everyone out of their accounts.
      request.log.warn({ err: error }, 'rate limit store unavailable');
      return counted;
    }
    counted.push(key);
    if (window.count > rule.max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(window.resetMs / 1000))));
      throw new AppError(429, 'RATE_LIMITED', rule.message ?? messages.rateLimited);
    }
  }
  return counted;
}

/** A preHandler enforcing every rule; the first one exceeded answers 429 with Retry-After. */
export function rateLimit(...rules: RateLimitRule[]) {
  return async function limit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await enforce(rules, request, reply);
  };
}

/**
 * Route hooks enforcing every rule on failures alone: each request takes its place in the count
 * while it runs (so parallel guesses are held back too), and one that succeeds gives it back. A
 * sign-in that succeeded guessed nothing, so signing in, however often, locks nobody out.
 */
export function failureLimit(...rules: RateLimitRule[]) {
  const counted = new WeakMap<FastifyRequest, string[]>();
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      counted.set(request, await enforce(rules, request, reply));
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
