import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { ADMITTED } from '../src/platform/route-access.ts';
import { API_ROUTE_KEYS } from './authorization-matrix-suite.ts';
import { type Account, buildWorld, type World } from './authorization-world.ts';
import {
  type Caller,
  type GeneratedRequest,
  type Operation,
  operationsOf,
  requestsFor,
  UNESCAPED_HTML,
} from './bad-input-requests.ts';
import { type TableWrites, tableWrites, writesBetween } from './database-writes.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { accessOf, buildAppWithRoutes, type LiveRoute } from './route-table.ts';
import { casesOf, type SuitePart } from './suite-parts.ts';

/**
 * Enough per route that the malformed ones alone pass 10,000 over the parts of every run (about
 * 216 routes take input, so 50 each send about 10,800); each part checks its share.
 */
const MALFORMED_PER_ROUTE = 50;
const MALFORMED_GOAL = 10_000;
/** Well-formed but hostile requests: each needs a look at the database, so fewer. */
const WELL_FORMED_PER_ROUTE = 12;

/** Routes the document leaves out on purpose. */
const NOT_IN_DOCUMENT: Record<string, string> = {
  'GET /dev/mailbox': 'the development mailbox: hidden from the document, not registered in production',
  'POST /dev/clock': 'the clock journeys move: hidden from the document, not registered in production',
};

/**
 * The generated bad-input suite over one part of the routes (see suite-parts.ts); each
 * bad-input-<n>.test.ts runs one part on an app and world of its own.
 */
export function describeBadInput(part: SuitePart): void {
  const allKeys = API_ROUTE_KEYS;
  const keys = casesOf(allKeys, part);
  // Each part's share of the goal, so that the parts together send at least MALFORMED_GOAL.
  const goal = Math.ceil((MALFORMED_GOAL * keys.length) / allKeys.length);

  let app: FastifyInstance;
  let db: Database;
  let routes: LiveRoute[];
  let world: World;
  let operations: Map<string, Operation>;
  let callers: { signedIn: { caller: Caller; account: Account }[]; strangers: Caller[] };

  const stats = { requests: 0, head: 0, malformed: 0, wellFormed: 0, accepted: 0, writeLooks: 0 };
  const byDefect = new Map<string, number>();
  const byStatus = new Map<number, number>();

  // ---------------------------------------------------------------------------------------------
  // Who calls.

  function signedIn(label: string, account: Account): { caller: Caller; account: Account } {
    return {
      account,
      caller: {
        label,
        // Read at each request: a call that changes the account's e-mail hands out a new token.
        get authorization() {
          return `Bearer ${account.token}`;
        },
      },
    };
  }

  /** Tokens that must never let anyone in: forged, expired, revoked, mangled, or not ours. */
  async function strangers(secret: string, someone: Account): Promise<Caller[]> {
    const key = new TextEncoder().encode(secret);
    const sign = (
      claims: { typ: string; ver: number },
      subject: string,
      expires: string | number,
      signingKey = key,
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(signingKey);
    const id = String(someone.id);
    const tokens: [string, string | null][] = [
      ['nobody signed in', null],
      ['an empty bearer', 'Bearer '],
      ['a bearer of garbage', 'Bearer not.a.token'],
      ['basic credentials', 'Basic dXNlcjpwYXNzd29yZA=='],
      ['a token without its scheme', someone.token],
      ['an enormous token', `Bearer ${'a'.repeat(12_000)}`],
      [
        'an expired token',
        `Bearer ${await sign({ typ: someone.userType, ver: 0 }, id, Math.floor(Date.now() / 1000) - 60)}`,
      ],
      ['a revoked token version', `Bearer ${await sign({ typ: someone.userType, ver: 999 }, id, '1h')}`],
      ['a token claiming to be an administrator', `Bearer ${await sign({ typ: 'admin', ver: 0 }, id, '1h')}`],
      ['a token of nobody', `Bearer ${await sign({ typ: 'camper', ver: 0 }, '2000000000', '1h')}`],
      ['a token with a word for a user id', `Bearer ${await sign({ typ: 'camper', ver: 0 }, 'abc', '1h')}`],
      [
        'a token signed with another key',
        `Bearer ${await sign({ typ: someone.userType, ver: 0 }, id, '1h', new TextEncoder().encode('another-secret-0123456789abcdef0123456789'))}`,
      ],
      [
        'an unsigned token',
        `Bearer ${new UnsecuredJWT({ typ: 'admin', ver: 0 }).setSubject(id).setExpirationTime('1h').encode()}`,
      ],
      ['a tampered token', `Bearer ${someone.token.slice(0, -4)}AAAA`],
    ];
    return tokens.map(([label, authorization]) => ({ label, authorization }));
  }

  /** Who the route admits and who it must turn away, by its access rule. */
  function callersFor(key: string): { admitted: Caller[]; refused: Caller[] } {
    const access = accessOf(routes, key);
    const everyone = [...callers.signedIn.map(({ caller }) => caller), ...callers.strangers];
    if (access === 'public') return { admitted: everyone, refused: [] };
    const needsSubscription = access === 'subscribedHost' || access === 'ownSubscription';
    const admits = (account: Account) =>
      ADMITTED[access].includes(account.userType) && (!needsSubscription || account !== world.hostC);
    return {
      admitted: callers.signedIn.filter(({ account }) => admits(account)).map(({ caller }) => caller),
      refused: [
        ...callers.signedIn.filter(({ account }) => !admits(account)).map(({ caller }) => caller),
        ...callers.strangers,
      ],
    };
  }

  function knownIds(w: World): number[] {
    const ids = [
      w.hostA.orgId,
      w.hostA.campId,
      w.hostA.campImageId,
      w.hostB.orgId,
      w.hostB.campId,
      w.pendingOrg.id,
      w.overCamp.id,
      w.parentA.childId,
      w.parentA.cardId,
      w.parentA.registrationId,
      w.parentB.childId,
      w.parentB.cardId,
      w.parentB.registrationId,
      w.hostA.account.id,
      w.hostC.id,
    ];
    return [...new Set(ids)];
  }

  // ---------------------------------------------------------------------------------------------
  // What every reply must be.

  const ERROR_KEYS = new Set(['statusCode', 'code', 'message', 'fields']);
  const STACK_TRACE = /\n\s+at |node_modules|\/src\/|\.ts:\d+:\d+|\.js:\d+:\d+/;

  function replyProblems(request: GeneratedRequest, res: LightMyRequestResponse): string[] {
    const problems: string[] = [];
    const status = res.statusCode;
    if (status >= 500) problems.push(`answered ${status}`);
    if (request.defects.length > 0 && (status < 400 || status >= 500)) {
      problems.push(`answered ${status} to a request with ${request.defects.join(', ')}`);
    }
    // A HEAD reply has the status and headers of the GET, and no body to look into.
    if (request.method === 'HEAD')
      return res.body === '' ? problems : [...problems, 'a HEAD reply with a body'];
    if (STACK_TRACE.test(res.body)) problems.push('the reply shows a stack trace or source path');
    const contentType = String(res.headers['content-type'] ?? '');
    if ((status >= 400 || contentType.startsWith('text/html')) && UNESCAPED_HTML.test(res.body)) {
      problems.push('the reply echoes HTML unescaped');
    }
    if (status >= 400) problems.push(...errorFormatProblems(res));
    return problems;
  }

  function errorFormatProblems(res: LightMyRequestResponse): string[] {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
      return [`an error that is not JSON (${res.headers['content-type']})`];
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return ['an error body that does not parse'];
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return ['an error body that is not an object'];
    const problems: string[] = [];
    const fields = Object.entries(body);
    const record = Object.fromEntries(fields);
    const extra = fields.map(([name]) => name).filter((name) => !ERROR_KEYS.has(name));
    if (extra.length > 0) problems.push(`an error body with extra keys ${extra.join(', ')}`);
    if (record.statusCode !== res.statusCode)
      problems.push('an error whose statusCode differs from the status');
    if (typeof record.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(record.code))
      problems.push('an error without a code');
    if (typeof record.message !== 'string' || record.message.trim() === '')
      problems.push('an error without a message');
    const fieldMessages = record.fields;
    if (
      fieldMessages !== undefined &&
      (typeof fieldMessages !== 'object' ||
        fieldMessages === null ||
        Object.values(fieldMessages).some((message) => typeof message !== 'string'))
    ) {
      problems.push('an error whose fields are not messages by name');
    }
    return problems;
  }

  // ---------------------------------------------------------------------------------------------
  // Running one route.

  async function writesSoFar(): Promise<TableWrites> {
    stats.writeLooks += 1;
    return tableWrites(db);
  }

  function count(request: GeneratedRequest, status: number): void {
    stats.requests += 1;
    if (request.method === 'HEAD') stats.head += 1;
    if (request.defects.length > 0) stats.malformed += 1;
    else stats.wellFormed += 1;
    if (status < 400) stats.accepted += 1;
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    for (const defect of request.defects) {
      const kind = defect.replace(/ \(.*\)$/, '');
      byDefect.set(kind, (byDefect.get(kind) ?? 0) + 1);
    }
  }

  /** A call that hands the caller a new token (a changed e-mail) keeps the caller signed in. */
  function keepSignedIn(request: GeneratedRequest, res: LightMyRequestResponse): void {
    if (
      request.method === 'HEAD' ||
      res.statusCode >= 400 ||
      !String(res.headers['content-type'] ?? '').startsWith('application/json')
    )
      return;
    const token = (res.json() as { data?: { token?: unknown } } | null)?.data?.token;
    const holder = callers.signedIn.find(
      ({ caller }) => caller.authorization === request.headers.authorization,
    );
    if (typeof token === 'string' && holder) holder.account.token = token;
  }

  async function send(request: GeneratedRequest): Promise<LightMyRequestResponse> {
    const res = await app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      remoteAddress: request.remoteAddress,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    count(request, res.statusCode);
    const problems = replyProblems(request, res);
    if (problems.length > 0) {
      throw new Error(
        `${problems.join('; ')}\n  request: ${request.summary}\n  reply: ${res.statusCode} ${res.body.slice(0, 500)}`,
      );
    }
    keepSignedIn(request, res);
    return res;
  }

  /**
   * Malformed requests must all be refused, so the database must look the same after all of
   * them as before; well-formed ones may be accepted, so each refused one is checked on its own.
   */
  async function fuzzRoute(key: string, operation: Operation): Promise<string[]> {
    const { admitted, refused } = callersFor(key);
    const live = routes.find((route) => route.key === key);
    const inputs = {
      operation,
      validators: live?.validators ?? {},
      admitted,
      refused,
      knownIds: knownIds(world),
    };
    const problems: string[] = [];

    const malformed = requestsFor(inputs, 'malformed');
    if (malformed) {
      const before = await writesSoFar();
      await fc.assert(
        fc.asyncProperty(malformed, async (request) => {
          // A damage the validators happen to accept leaves a well-formed request: not this property's.
          fc.pre(request.defects.length > 0);
          await send(request);
        }),
        { numRuns: MALFORMED_PER_ROUTE },
      );
      const changes = writesBetween(before, await writesSoFar());
      if (changes.length > 0) problems.push(`${key}: malformed requests wrote to ${changes.join('; ')}`);
    }

    const wellFormed = requestsFor(inputs, 'wellFormed');
    if (wellFormed) {
      await fc.assert(
        fc.asyncProperty(wellFormed, async (request) => {
          const before = await writesSoFar();
          const res = await send(request);
          if (res.statusCode < 400) return;
          const changes = writesBetween(before, await writesSoFar());
          if (changes.length > 0)
            problems.push(`${key}: a refused request wrote to ${changes.join('; ')}: ${request.summary}`);
        }),
        { numRuns: WELL_FORMED_PER_ROUTE },
      );
    }
    return problems;
  }

  // ---------------------------------------------------------------------------------------------

  beforeAll(async () => {
    ({ app, db, routes } = await buildAppWithRoutes(ORG_ENV));
    world = await buildWorld(app, db);
    const multipart = new Set(
      routes.filter((route) => route.consumes.includes('multipart/form-data')).map((route) => route.key),
    );
    operations = new Map(
      operationsOf(app.swagger(), multipart).map((operation) => [operation.key, operation]),
    );
    callers = {
      signedIn: [
        signedIn('parent A', world.parentA.account),
        signedIn('host A', world.hostA.account),
        signedIn('host C (no subscription)', world.hostC),
        signedIn('the administrator', world.admin),
      ],
      strangers: await strangers(ORG_ENV.JWT_SECRET, world.parentA.account),
    };
  }, 120_000);

  afterAll(() => {
    const defects = [...byDefect.entries()].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${n} × ${kind}`);
    const statuses = [...byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([status, n]) => `${status}: ${n}`);
    console.info(
      `Generated bad input: ${stats.requests} requests (${stats.head} of them HEAD) over ${operations.size} routes, ${stats.malformed} of them ` +
        `malformed (all answered 4xx), ${stats.wellFormed} well-formed but hostile (${stats.accepted} accepted); ` +
        `${stats.writeLooks} looks at the rows written.\n  statuses: ${statuses.join(', ')}\n  defects: ${defects.join('; ')}`,
    );
  });

  describe(`generated bad input, part ${part.index} of ${part.of}`, () => {
    it('finds every API route in the OpenAPI document', () => {
      const missing = routes
        .filter(
          (route) => route.method !== 'HEAD' && !operations.has(route.key) && !(route.key in NOT_IN_DOCUMENT),
        )
        .map((route) => route.key);
      expect(missing, 'Routes missing from the OpenAPI document').toEqual([]);
    });

    it.each(keys)('%s', async (key) => {
      const operation = operations.get(key);
      if (!operation) {
        expect(NOT_IN_DOCUMENT[key], `${key} is neither in the document nor excused`).toBeDefined();
        return;
      }
      const databaseProblems = await fuzzRoute(key, operation);
      expect(databaseProblems, databaseProblems.join('\n')).toEqual([]);
    });

    it(`sends at least ${goal} malformed requests, every one refused`, () => {
      expect(stats.malformed).toBeGreaterThanOrEqual(goal);
    });
  });
}
