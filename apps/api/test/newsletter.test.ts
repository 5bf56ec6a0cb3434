import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMAIL_MAX_LENGTH } from '@campwise/contract/email';
import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../src/db/schema.ts';
import { deliverPendingSignups } from '../src/modules/newsletter/service.ts';
import { retryDelaySeconds } from '../src/platform/retry-queue.ts';
import { buildTestApp, type TestApp } from './helper.ts';

interface ErrorReply {
  statusCode: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** A stand-in mailing-list provider on loopback that can be switched between down and up. */
class FakeProvider {
  status = 500;
  readonly received: { email: string; status: number }[] = [];
  private readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const email =
          typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
            ? body.email
            : '';
        this.received.push({ email, status: this.status });
        response.writeHead(this.status, { 'content-type': 'text/plain' });
        response.end(this.status === 200 ? 'provider up' : 'provider down');
      });
    });
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/subscribe`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  requestsFor(email: string) {
    return this.received.filter((entry) => entry.email === email);
  }
}

async function rowsFor(db: TestApp['db'], email: string) {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
}

describe('POST /api/newsletter', () => {
  const provider = new FakeProvider();
  let webhookUrl: string;
  let t: TestApp;

  beforeAll(async () => {
    webhookUrl = await provider.start();
    t = await buildTestApp({ MAILING_LIST_WEBHOOK_URL: webhookUrl });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  const signUp = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', payload });

  it('records a valid sign-up', async () => {
    const res = await signUp({ email: 'parent@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { subscribed: true } });
    const rows = await rowsFor(t.db, 'parent@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'parent@example.com', deliveredAt: null, deliveryAttempts: 0 });
  });

  it('stores the address trimmed', async () => {
    const res = await signUp({ email: '  spaced@example.com  ' });
    expect(res.statusCode).toBe(200);
    const rows = await rowsFor(t.db, 'spaced@example.com');
    expect(rows.map((row) => row.email)).toEqual(['spaced@example.com']);
  });

  it('rejects a malformed address with the shared message', async () => {
    const res = await signUp({ email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorReply>();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message: messages.invalidEmail });
    expect(body.fields?.email).toBe(messages.invalidEmail);
  });

  it('asks for an address when none is sent', async () => {
    const res = await signUp({});
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorReply>();
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Email is required' });
    expect(body.fields?.email).toBe(messages.emailRequired);
  });

  it('rejects an address longer than the limit', async () => {
    const email = `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`;
    const res = await signUp({ email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: messages.invalidEmail });
    expect(await rowsFor(t.db, email)).toHaveLength(0);
  });

  it('accepts a repeat sign-up without adding a second row, whatever the letter case', async () => {
    expect((await signUp({ email: 'Repeat@Example.com' })).statusCode).toBe(200);
    const again = await signUp({ email: 'repeat@EXAMPLE.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { subscribed: true } });
    const rows = await rowsFor(t.db, 'repeat@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('Repeat@Example.com');
  });

  it('does not deliver in the background when jobs are not started', async () => {
    const before = provider.received.length;
    expect((await signUp({ email: 'quiet@example.com' })).statusCode).toBe(200);
    // Long enough for a job kicked by the request to have reached the provider.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(provider.received).toHaveLength(before);
  });

  describe('delivery to the mailing-list provider', () => {
    const email = 'deliver-me@example.com';
    // Every row still pending in this file's database is sent too; assertions count this address.
    // The clock starts just after the sign-up so the row is due at once.
    let start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

    it('keeps the sign-up queued when the provider fails', async () => {
      expect((await signUp({ email })).statusCode).toBe(200);
      start = new Date(Date.now() + 1000);
      provider.status = 500;
      const result = await deliverPendingSignups(t.db, webhookUrl, start);
      expect(result.done).toBe(0);
      expect(result.failed).toBeGreaterThanOrEqual(1);
      expect(provider.requestsFor(email)).toEqual([{ email, status: 500 }]);
      const [row] = await rowsFor(t.db, email);
      expect(row).toMatchObject({ deliveredAt: null, deliveryAttempts: 1 });
      expect(row?.lastError).toEqual(expect.stringContaining('500'));
    });

    it('does not try again before the retry delay has passed', async () => {
      provider.status = 200;
      const result = await deliverPendingSignups(t.db, webhookUrl, at(retryDelaySeconds(1) - 5));
      expect(result).toEqual({ done: 0, failed: 0 });
      expect(provider.requestsFor(email)).toHaveLength(1);
    });

    it('delivers once the provider is back and the delay has passed', async () => {
      provider.status = 200;
      const result = await deliverPendingSignups(t.db, webhookUrl, at(retryDelaySeconds(1) + 1));
      expect(result.done).toBeGreaterThanOrEqual(1);
      expect(result.failed).toBe(0);
      const deliveries = provider.requestsFor(email);
      expect(deliveries.filter((entry) => entry.status === 200)).toHaveLength(1);
      const [row] = await rowsFor(t.db, email);
      expect(row?.deliveredAt).toBeInstanceOf(Date);
      expect(row).toMatchObject({ deliveryAttempts: 2, lastError: null });
    });

    it('sends nothing more once everything is delivered', async () => {
      const before = provider.received.length;
      const result = await deliverPendingSignups(t.db, webhookUrl, at(24 * 60 * 60));
      expect(result).toEqual({ done: 0, failed: 0 });
      expect(provider.received).toHaveLength(before);
      expect(provider.requestsFor(email).filter((entry) => entry.status === 200)).toHaveLength(1);
    });
  });
});
