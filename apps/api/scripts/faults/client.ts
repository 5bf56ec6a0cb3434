/** What the server answered: a status and its JSON, or no reply at all (killed, refused, timed out). */
export interface Reply<T = unknown> {
  status: number | 'no reply';
  body: T | null;
}

export interface SendOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
}

function parseJson<T>(text: string): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** The longest a request may take: a server that hangs is a finding, not a reason to wait forever. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * HTTP to the server under test, on loopback only, counting every request and its outcome. The
 * address stays the same across restarts: a restarted server listens on the same port.
 */
export class Client {
  requests = 0;
  readonly outcomes = new Map<string, number>();
  /** Answers 500 (not 503: a lost database connection answers 503 by design), by route. */
  readonly serverErrors = new Map<string, number>();

  constructor(readonly baseUrl: string) {
    if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(baseUrl))
      throw new Error(`the fault script talks to loopback only, not ${baseUrl}`);
  }

  async send<T>(method: string, path: string, options: SendOptions = {}): Promise<Reply<T>> {
    this.requests += 1;
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.form) {
      const form = new FormData();
      for (const [name, value] of Object.entries(options.form)) form.append(name, value);
      body = form;
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    let reply: Reply<T>;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      reply = { status: res.status, body: parseJson<T>(await res.text()) };
    } catch {
      reply = { status: 'no reply', body: null };
    }
    const outcome = String(reply.status);
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
    if (reply.status === 500) {
      const route = `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
      this.serverErrors.set(route, (this.serverErrors.get(route) ?? 0) + 1);
    }
    return reply;
  }

  /** A call the script needs to succeed (setting up the world): anything else stops the run. */
  async expect<T>(status: number, method: string, path: string, options: SendOptions = {}): Promise<T> {
    const reply = await this.send<{ data: T }>(method, path, options);
    if (reply.status !== status || !reply.body)
      throw new Error(
        `${method} ${path}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`,
      );
    return reply.body.data;
  }
}
