import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  form: URLSearchParams;
}

interface Answer {
  status: number;
  body: unknown;
}

const missing = (what: string): Answer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});

/**
 * A local server playing the Stripe API: it records each request and answers from a table
 * of `METHOD /path` entries; anything not in the table is a Stripe-style 404.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly answers = new Map<string, Answer>();
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      this.requests.push({
        method,
        path: url.pathname,
        headers: request.headers,
        query: url.searchParams,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      const answer = this.answers.get(`${method} ${url.pathname}`) ?? missing(url.pathname);
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(answer.body));
    });
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  answer(route: string, status: number, body: unknown): void {
    this.answers.set(route, { status, body });
  }

  reset(): void {
    this.requests.length = 0;
    this.answers.clear();
  }

  single(): RecordedRequest {
    expect(this.requests).toHaveLength(1);
    const [request] = this.requests;
    if (!request) throw new Error('no request');
    return request;
  }
}
