import { messages } from '@campwise/contract/messages';
import { sql } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { registerErrorHandling } from '../src/platform/errors.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { freePort } from './server-process.ts';

/** Every failure leaves as the one JSON error shape, with nothing internal in it. */
function expectErrorReply(res: LightMyRequestResponse, statusCode: number, code: string, message?: string) {
  expect(res.statusCode).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body: unknown = res.json();
  expect(body).toMatchObject({ statusCode, code, message: message ?? expect.any(String) });
  expect(body).not.toHaveProperty('stack');
  expect(res.body).not.toMatch(/\n\s+at\s/);
  expect(res.body).not.toMatch(/node_modules|\.ts:\d+/);
}

describe('error replies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown GET under /api with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expectErrorReply(res, 404, 'NOT_FOUND', messages.routeNotFound);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: messages.routeNotFound });
  });

  it('answers an unknown POST with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/nope', payload: { a: 1 } });
    expectErrorReply(res, 404, 'NOT_FOUND', messages.routeNotFound);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "parent@example.com",',
    });
    expectErrorReply(res, 400, 'INVALID_JSON', messages.invalidJson);
  });

  it('answers an empty JSON body with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectErrorReply(res, 400, 'INVALID_JSON', messages.invalidJson);
  });

  it('answers JSON that is not an object with a validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '"parent@example.com"',
    });
    expectErrorReply(res, 400, 'VALIDATION_ERROR');
  });

  it('answers a plain-text body with a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=parent@example.com',
    });
    expectErrorReply(res, 415, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
  });

  it('answers an unknown body type with a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>parent@example.com</email>',
    });
    expectErrorReply(res, 415, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
  });

  it('answers a body over the size limit with a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'parent@example.com', padding: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expectErrorReply(res, 413, 'TOO_LARGE', messages.tooLarge);
  });

  // Found by the generated bad input: Fastify answered these itself, in its own shape, quoting the address.
  it('answers a path parameter over the router limit with a 400 in the error format', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/camps/${'9'.repeat(400)}` });
    expectErrorReply(res, 400, 'BAD_REQUEST', messages.invalidInput);
    expect(res.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: messages.invalidInput });
  });

  it('answers an address with broken percent-encoding with a 400 in the error format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orgs/%E0%A4%A' });
    expectErrorReply(res, 400, 'BAD_REQUEST', messages.invalidInput);
    expect(res.body).not.toContain('%E0');
  });

  // Found by the generated bad input: zod's message for unknown keys quoted them, markup and all.
  it('does not repeat unknown keys of a body back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { term: 'soccer', '<script>alert(1)</script>': 1 },
    });
    expectErrorReply(res, 400, 'VALIDATION_ERROR', messages.invalidInput);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: messages.invalidInput,
      fields: { body: messages.invalidInput },
    });
  });

  // Found by the generated bad input: a NUL character in a text field reached the database.
  it('answers a value the database cannot take with a 400, not a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/nul', async () => {
      await t.db.execute(sql`select ${'camp\u0000name'}::text`);
      return { data: null };
    });
    try {
      expectErrorReply(
        await app.inject({ method: 'POST', url: '/nul' }),
        400,
        'BAD_REQUEST',
        messages.invalidInput,
      );
    } finally {
      await app.close();
    }
  });

  it('answers a request whose database connection was lost or refused with a 503, not a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    // Nothing listens on this port: the pool's connection is refused, as during a restart.
    const unreachable = openDatabase({
      kind: 'postgres',
      url: `postgresql://postgres@127.0.0.1:${await freePort()}/unreachable_test`,
    });
    app.get('/refused', async () => {
      await unreachable.db.execute(sql`select 1`);
      return { data: null };
    });
    // What node-postgres and the server say of a connection ended under a statement, wrapped as
    // Drizzle wraps them, and of a transaction's ROLLBACK on the connection that failed.
    const ended = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Client has encountered a connection error and is not queryable'),
    ];
    app.get('/ended/:index', async (request) => {
      const cause = ended[Number((request.params as { index: string }).index)];
      throw new Error('Failed query: select 1\nparams: ', { cause });
    });
    try {
      for (const url of ['/refused', ...ended.map((_, index) => `/ended/${index}`)]) {
        const res = await app.inject({ method: 'GET', url });
        expectErrorReply(res, 503, 'DATABASE_UNAVAILABLE', messages.databaseUnreachable);
        expect(res.headers['retry-after']).toBe('1');
      }
    } finally {
      await app.close();
      await unreachable.close();
    }
  });

  it('answers a request that loses a race in the database with a 409, not a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    // A real unique violation, raised by the database and wrapped by Drizzle as in any service.
    app.post('/race', async () => {
      await t.db.execute(sql`insert into categories (id, text) values (1, 'again')`);
      return { data: null };
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/race' });
      expectErrorReply(res, 409, 'CONFLICT', messages.concurrentChange);
    } finally {
      await app.close();
    }
  });
});
