// Public answers kept for a moment (docs/decisions/037): never older than their time to live,
// one read for callers asking at once, and forgotten by any write this instance answers.
import type { SearchResponse } from '@campwise/contract/search';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, camps, organizations } from '../src/db/schema.ts';
import { PublicAnswers } from '../src/platform/public-answers.ts';
import { approvedOrg, campUpdate, createCamp, putCamp } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, type OrgHost, subscribedOrgHost } from './org-fixtures.ts';

describe('PublicAnswers', () => {
  it('sends a kept answer until its time to live has passed, then reads again', async () => {
    let now = 1_000;
    const answers = new PublicAnswers(2_000, 100, () => now);
    let reads = 0;
    const load = async () => `answer ${++reads}`;

    expect(await answers.read('camp:1', load)).toBe('answer 1');
    now += 1_999;
    expect(await answers.read('camp:1', load)).toBe('answer 1');
    now += 1;
    expect(await answers.read('camp:1', load)).toBe('answer 2');
    expect(await answers.read('camp:2', load)).toBe('answer 3');
  });

  it('reads once for callers asking at the same time', async () => {
    const answers = new PublicAnswers(2_000);
    let reads = 0;
    let finish: (text: string) => void = () => {};
    const load = () => {
      reads += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = [answers.read('search:{}', load), answers.read('search:{}', load)];
    finish('the page');
    expect(await Promise.all(waiting)).toEqual(['the page', 'the page']);
    expect(reads).toBe(1);
  });

  it('reads a popular answer again in the second half of its life, and sends the new one once it has arrived', async () => {
    let now = 1_000;
    const answers = new PublicAnswers(2_000, 100, () => now);
    let reads = 0;
    const finishes: ((text: string) => void)[] = [];
    const load = () => {
      reads += 1;
      return new Promise<string>((resolve) => finishes.push(resolve));
    };
    const read = () => answers.read('search:{}', load);

    const first = read();
    finishes.shift()?.('answer 1');
    expect(await first).toBe('answer 1');
    now += 999;
    expect(await read()).toBe('answer 1');
    expect(reads).toBe(1);
    // Half its life gone: sent as it is while it is read again, once.
    now += 2;
    expect(await read()).toBe('answer 1');
    expect(await read()).toBe('answer 1');
    expect(reads).toBe(2);
    // Its life is over before the new read arrives: callers wait for that read, not a third.
    now += 999;
    const waiting = read();
    expect(reads).toBe(2);
    finishes.shift()?.('answer 2');
    expect(await waiting).toBe('answer 2');
    // Half of that read's life gone in turn: the next is sent as soon as it has arrived.
    now += 1;
    expect(await read()).toBe('answer 2');
    expect(reads).toBe(3);
    finishes.shift()?.('answer 3');
    await Promise.resolve();
    expect(await read()).toBe('answer 3');
    expect(reads).toBe(3);
  });

  it('drops a read ahead that failed or that a change made stale', async () => {
    let now = 1_000;
    const answers = new PublicAnswers(2_000, 100, () => now);
    let reads = 0;
    let fail = false;
    const load = async () => {
      reads += 1;
      if (fail) throw new Error('timed out');
      return `answer ${reads}`;
    };
    const read = () => answers.read('search:{}', load);
    expect(await read()).toBe('answer 1');
    now += 1_500;
    fail = true;
    expect(await read()).toBe('answer 1');
    await new Promise((resolve) => setImmediate(resolve));
    // The failed read ahead is forgotten; the kept answer still has time, and a new read ahead begins.
    fail = false;
    expect(await read()).toBe('answer 1');
    expect(reads).toBe(3);
    // A write forgets the answer and what was being read ahead of it.
    answers.clear();
    expect(await read()).toBe('answer 4');
  });

  it('keeps no failed read, so the next caller asks again', async () => {
    const answers = new PublicAnswers(2_000);
    await expect(answers.read('camp:9', () => Promise.reject(new Error('not found')))).rejects.toThrow();
    expect(await answers.read('camp:9', async () => 'found now')).toBe('found now');
  });

  it('forgets the answer read longest ago past its size, and everything when cleared', async () => {
    const answers = new PublicAnswers(60_000, 2);
    const read = (key: string, text: string) => answers.read(key, async () => text);
    await read('a', 'a1');
    await read('b', 'b1');
    await read('c', 'c1');
    expect(await read('a', 'a2')).toBe('a2');
    expect(await read('c', 'c2')).toBe('c1');
    answers.clear();
    expect(await read('c', 'c3')).toBe('c3');
  });

  it('keeps a watched answer past its time to live only while pings come back and nothing was announced', async () => {
    let now = 10_000;
    const answers = new PublicAnswers(2_000, 100, () => now);
    let reads = 0;
    const load = async () => `profile ${++reads}`;
    const read = () => answers.read('camp:7', load, { watched: true });

    // Not watching: the time to live only.
    expect(await read()).toBe('profile 1');
    now += 2_000;
    expect(await read()).toBe('profile 2');

    answers.watchStarted();
    now += 2_000;
    expect(await read()).toBe('profile 3');
    // Another instance's ping proves nothing about this one's notices, and is on another clock.
    answers.noticed(new PublicAnswers(2_000, 100, () => now).ping());
    now += 2_000;
    expect(await read()).toBe('profile 4');
    answers.noticed(answers.ping());
    now += 2_500;
    expect(await read()).toBe('profile 4');
    // The last ping is older than 3 s: a notice may be stuck.
    now += 1_000;
    expect(await read()).toBe('profile 5');
    answers.noticed(answers.ping());
    now += 2_500;
    expect(await read()).toBe('profile 5');

    answers.noticed('camp:7');
    expect(await read()).toBe('profile 6');
    answers.noticed('*');
    expect(await read()).toBe('profile 7');
    expect(await answers.read('search:{}', load)).toBe('profile 8');
    answers.noticed(answers.ping());
    now += 2_500;
    // A search is not watched: its time to live only.
    expect(await answers.read('search:{}', load)).toBe('profile 9');

    answers.watchLost();
    now += 2_000;
    expect(await read()).toBe('profile 10');
  });

  it('does not keep past the time to live what was read before the watch began', async () => {
    let now = 10_000;
    const answers = new PublicAnswers(2_000, 100, () => now);
    let reads = 0;
    const read = () => answers.read('org:3', async () => `org ${++reads}`, { watched: true });
    expect(await read()).toBe('org 1');
    now += 1;
    answers.watchStarted();
    answers.noticed(answers.ping());
    now += 2_000;
    expect(await read()).toBe('org 2');
  });

  it('reads every time with a time to live of 0', async () => {
    const answers = new PublicAnswers(0);
    let reads = 0;
    await answers.read('camp:1', async () => `${++reads}`);
    await answers.read('camp:1', async () => `${++reads}`);
    expect(reads).toBe(2);
  });
});

describe('public answers kept across requests', () => {
  let app: FastifyInstance;
  let db: Database;
  let host: OrgHost;
  let campId: number;
  let orgId: number;

  const profile = async () => {
    const res = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { name: string; orgName: string; spotsLeft: number } }>().data;
  };
  const search = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/search', payload: { term: 'heron' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResponse>().data.map((camp) => camp.name);
  };

  beforeAll(async () => {
    // The longest allowed, so a change made behind the app's back is certainly still hidden.
    ({ app, db } = await buildTestApp({ ...ORG_ENV, PUBLIC_ANSWER_TTL_MS: '10000' }));
    const { token: adminToken } = await createAdmin(app, db);
    host = await subscribedOrgHost(app);
    orgId = await approvedOrg(app, adminToken, host.token, { name: 'Heron Bay Programs' });
    campId = await createCamp(app, host.token, orgId, { name: 'Heron Sailing Week', spotsAvailable: '24' });
  });

  it('keeps a search while a background change is younger than its time to live, and forgets a profile the database says changed', async () => {
    expect((await profile()).spotsLeft).toBe(24);
    expect(await search()).toEqual(['Heron Sailing Week']);

    // What a background job does: no request of this instance tells the kept answers.
    await db.update(campSessions).set({ spotsTaken: 4 }).where(eq(campSessions.campId, campId));
    await db.update(camps).set({ name: 'Heron Sailing Week (moved)' }).where(eq(camps.id, campId));
    await app.inject({ method: 'POST', url: `/api/camps/${campId}/views` });
    await app.inject({ method: 'POST', url: '/api/search', payload: { term: 'other' } });

    expect(await search()).toEqual(['Heron Sailing Week']);
    // The change's notice arrives once it commits.
    await expect.poll(async () => (await profile()).spotsLeft, { timeout: 5_000 }).toBe(20);
  });

  it('forgets every profile when the database announces a change reaching many (an organization)', async () => {
    const orgProfile = async () => {
      const res = await app.inject({ method: 'GET', url: `/api/orgs/${orgId}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { name: string } }>().data.name;
    };
    expect(await orgProfile()).toBe('Heron Bay Programs');
    expect(await profile()).toMatchObject({ orgName: 'Heron Bay Programs' });
    await db
      .update(organizations)
      .set({ name: 'Heron Bay Youth Programs' })
      .where(eq(organizations.id, orgId));
    await expect.poll(orgProfile, { timeout: 5_000 }).toBe('Heron Bay Youth Programs');
    await expect
      .poll(async () => (await profile()).orgName, { timeout: 5_000 })
      .toBe('Heron Bay Youth Programs');
  });

  it('answers the same 304 for a kept profile', async () => {
    const first = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
    const again = await app.inject({
      method: 'GET',
      url: `/api/camps/${campId}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('keeps them through a refused write, and forgets them after a write this instance answers', async () => {
    expect(await search()).toEqual(['Heron Sailing Week (moved)']);
    // A camp's notice forgets its profile; a search only lives out its time.
    await db.update(camps).set({ name: 'Heron Sailing Week (renamed)' }).where(eq(camps.id, campId));
    const refused = await putCamp(app, host.token, campId, campUpdate({ name: '' }));
    expect(refused.statusCode).toBe(400);
    expect(await search()).toEqual(['Heron Sailing Week (moved)']);

    const saved = await putCamp(app, host.token, campId, campUpdate({ name: 'Heron Sailing Weeks' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profile()).toMatchObject({ name: 'Heron Sailing Weeks', spotsLeft: 20 });
    expect(await search()).toEqual(['Heron Sailing Weeks']);
  });
});
