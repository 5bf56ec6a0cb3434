import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { DatabaseHandle, NoticeChannel } from '../db/client.ts';
import { describeConnectionError } from '../db/connection-loss.ts';

interface Entry {
  /** When the read began: the answer holds every change committed before it. */
  readAt: number;
  /** A profile, which the database announces changes to (migration 0037). */
  watched: boolean;
  body: Promise<string>;
  /** The body has arrived. */
  arrived?: boolean;
  /**
   * The same answer read again in the second half of this one's life, so that a popular answer
   * is replaced before it expires instead of making its next callers wait for a read.
   */
  next?: Entry;
}

/** How long a watched answer is kept while every change to it is announced. */
const WATCHED_TTL_MS = 60_000;
/** How often the watch sends itself a ping through the database, and how old the last may be. */
const PING_INTERVAL_MS = 1_000;
const MAX_UNCONFIRMED_MS = 3_000;
/**
 * A lost watch listens again after a second, then twice as long after each failure in a row, so
 * a database that stays away is not called on in a tight loop.
 */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * The public read routes' answers (camp and organization profiles, search), each kept as the
 * JSON text sent (docs/decisions/037). Callers asking for the same answer while it is being
 * read share that one read; a failed read (404, timeout) is not kept; `ttlMs` 0 reads every
 * time. An answer is kept for `ttlMs`, or, for a watched answer (a profile), for as long as the
 * database's change notices reach this instance: the last ping sent through the notices came
 * back less than 3 s ago, so every change committed before it has been heard and forgotten.
 * An answer asked for in the second half of its life is read again in the background, and the
 * new read is sent once it has arrived: never an answer older than its life.
 */
export class PublicAnswers {
  private readonly entries = new Map<string, Entry>();
  /** Every notice committed before this time has been handled. */
  private confirmedUpTo = Number.NEGATIVE_INFINITY;
  /** When the current watch began; answers read before it may have missed a notice. */
  private watchingSince = Number.POSITIVE_INFINITY;
  /** Names this instance's pings among every instance's on the channel. */
  private readonly pingFrom = randomUUID();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  read(key: string, load: () => Promise<string>, { watched = false } = {}): Promise<string> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    let kept = this.entries.get(key);
    const next = kept?.next;
    if (kept && next && (next.arrived || !this.isFresh(kept, now)) && this.isFresh(next, now)) {
      kept = next;
      this.keep(key, next);
    }
    if (kept && this.isFresh(kept, now)) {
      if (!kept.next && now - kept.readAt >= this.lifeOf(kept, now) / 2) {
        kept.next = this.begin(key, load, watched, now, kept);
      }
      return kept.body;
    }
    const entry = this.begin(key, load, watched, now);
    this.keep(key, entry);
    return entry.body;
  }

  /** Starts a read; a failed one is forgotten wherever it is kept, so the next caller asks again. */
  private begin(
    key: string,
    load: () => Promise<string>,
    watched: boolean,
    now: number,
    after?: Entry,
  ): Entry {
    const entry: Entry = { readAt: now, watched, body: load() };
    entry.body.then(
      () => {
        entry.arrived = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        if (after?.next === entry) after.next = undefined;
      },
    );
    return entry;
  }

  private keep(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A Map iterates in insertion order: the first key is the answer read longest ago.
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** How long an answer may be sent: a watched one lives longer while the watch is proven alive. */
  private lifeOf(entry: Entry, now: number): number {
    const announced =
      entry.watched && entry.readAt >= this.watchingSince && now - this.confirmedUpTo <= MAX_UNCONFIRMED_MS;
    return announced ? WATCHED_TTL_MS : this.ttlMs;
  }

  private isFresh(entry: Entry, now: number): boolean {
    return now - entry.readAt < this.lifeOf(entry, now);
  }

  /** A notice from the database: forget what changed ('camp:7', 'org:3', '*'), or a ping come back. */
  noticed(payload: string): void {
    if (payload.startsWith('ping:')) {
      // Only this instance's own pings count: another's time is on another clock.
      const [, from, sent] = payload.split(':');
      const sentAt = Number(sent);
      if (from === this.pingFrom && Number.isFinite(sentAt)) {
        this.confirmedUpTo = Math.max(this.confirmedUpTo, sentAt);
      }
    } else if (payload === '*') {
      this.clear();
    } else {
      this.entries.delete(payload);
    }
  }

  /** What the watch sends itself: the time it was sent. */
  ping(): string {
    return `ping:${this.pingFrom}:${this.now()}`;
  }

  /** Notices reach this instance from now on. */
  watchStarted(): void {
    this.watchingSince = this.now();
  }

  /** Notices may be missed until the watch starts again: kept answers live `ttlMs` only. */
  watchLost(): void {
    this.watchingSince = Number.POSITIVE_INFINITY;
    this.confirmedUpTo = Number.NEGATIVE_INFINITY;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Listens to the database's notices of changes to public answers for as long as the app runs,
 * pinging itself through them; a lost connection is logged and opened again, after a second and
 * then with backoff while it keeps failing.
 */
export function watchPublicAnswers(
  database: DatabaseHandle,
  answers: PublicAnswers,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let channel: NoticeChannel | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  const connect = async () => {
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      answers.watchLost();
      const gone = channel;
      channel = null;
      gone?.stop().catch(() => {});
      if (stopped) return;
      const dbError = error && describeConnectionError(error);
      log.warn({ dbError, retryMs }, 'lost the notices of changes to public answers; listening again soon');
      retry = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    try {
      const opened = await database.listen('public_answers', (payload) => answers.noticed(payload), onLost);
      if (stopped || lost) {
        await opened.stop();
        return;
      }
      channel = opened;
      retryMs = FIRST_RETRY_MS;
      answers.watchStarted();
    } catch (error) {
      onLost(error instanceof Error ? error : undefined);
    }
  };
  void connect();
  const pinger = setInterval(() => {
    channel?.notify(answers.ping()).catch(() => {});
  }, PING_INTERVAL_MS);
  pinger.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(pinger);
      clearTimeout(retry);
      const open = channel;
      channel = null;
      // The database may be closing too; there is nothing left to tell it.
      await open?.stop().catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that changes no public answer (a search, a profile view counted), so keeps them. */
    keepsPublicAnswers?: boolean;
  }
}

/**
 * Any write this instance answers successfully forgets every kept answer, so whoever changed a
 * camp, a session, a place or a review reads the change at once here. Other instances, and
 * background jobs, reach kept profiles through the database's notices and kept searches
 * through their time to live.
 */
export function forgetPublicAnswersOnWrites(app: FastifyInstance, answers: PublicAnswers): void {
  // Before the answer leaves, so the writer's next request cannot overtake the forgetting.
  app.addHook('onSend', async (request, reply, payload) => {
    const reads = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    if (!reads && reply.statusCode < 400 && !request.routeOptions.config?.keepsPublicAnswers) answers.clear();
    return payload;
  });
}

/**
 * Sends the answer kept under `key`, or reads it with `load`, checks it against the route's
 * contract schema (once, when read: a kept answer goes out as the JSON text it was) and keeps it.
 */
export async function sendPublicAnswer(
  reply: FastifyReply,
  key: string,
  schema: { parse: (value: unknown) => unknown },
  load: () => Promise<unknown>,
  options: { watched?: boolean } = {},
): Promise<FastifyReply> {
  const text = await reply.server.publicAnswers.read(
    key,
    async () => JSON.stringify(schema.parse(await load())),
    options,
  );
  return reply.type('application/json; charset=utf-8').send(text);
}
