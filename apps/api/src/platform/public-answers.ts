import type { FastifyInstance, FastifyReply } from 'fastify';

interface Entry {
  expires: number;
  body: Promise<string>;
}

/**
 * The public read routes' answers (camp and organization profiles, search), each kept for a
 * moment as the JSON text sent (docs/decisions/037). An answer is never older than `ttlMs` on
 * any instance, and callers asking for the same answer while it is being read share that one
 * read. A failed read (404, timeout) is not kept. A `ttlMs` of 0 reads every time.
 */
export class PublicAnswers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  read(key: string, load: () => Promise<string>): Promise<string> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.expires > now) return kept.body;
    const body = load();
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, body });
    body.catch(() => {
      if (this.entries.get(key)?.body === body) this.entries.delete(key);
    });
    // A Map iterates in insertion order: the first key is the answer read longest ago.
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return body;
  }

  clear(): void {
    this.entries.clear();
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that changes no public answer (a search, a profile view counted), so keeps them. */
    keepsPublicAnswers?: boolean;
  }
}

/**
 * Any write this instance answers successfully forgets every kept answer, so whoever changed a
 * camp, a session, a place or a review reads the change at once here; other instances within
 * the time to live. Writes by background jobs are caught by the time to live alone.
 */
export function forgetPublicAnswersOnWrites(app: FastifyInstance, answers: PublicAnswers): void {
  // Before the answer leaves, so the writer's next request cannot overtake the forgetting.
  app.addHook('onSend', async (request, reply, payload) => {
    const reads = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    if (!reads && reply.statusCode < 400 && !request.routeOptions.config?.keepsPublicAnswers) answers.clear();
    return payload;
  });
}

/** The JSON text of an answer, checked against its contract schema once, when it is read. */
export function answerText<T>(schema: { parse: (value: unknown) => T }, value: unknown): string {
  return JSON.stringify(schema.parse(value));
}

/** Sends an answer's JSON text as it is (it was checked against its schema when read). */
export function sendAnswerText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
