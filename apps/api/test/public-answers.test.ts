// Public answers kept for a moment (docs/decisions/037): never older than their time to live,
// one read for callers asking at once, and forgotten by any write this instance answers.
import type { SearchResponse } from '@campwise/contract/search';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, camps } from '../src/db/schema.ts';
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

  const profile = async () => {
    const res = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { name: string; spotsLeft: number } }>().data;
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
    const orgId = await approvedOrg(app, adminToken, host.token, { name: 'Heron Bay Programs' });
    campId = await createCamp(app, host.token, orgId, { name: 'Heron Sailing Week', spotsAvailable: '24' });
  });

  it('sends the kept profile and search while a background change is younger than their time to live', async () => {
    expect((await profile()).spotsLeft).toBe(24);
    expect(await search()).toEqual(['Heron Sailing Week']);

    // What a background job does: no request of this instance tells the kept answers.
    await db.update(campSessions).set({ spotsTaken: 4 }).where(eq(campSessions.campId, campId));
    await db.update(camps).set({ name: 'Heron Sailing Week (moved)' }).where(eq(camps.id, campId));
    await app.inject({ method: 'POST', url: `/api/camps/${campId}/views` });
    await app.inject({ method: 'POST', url: '/api/search', payload: { term: 'other' } });

    expect((await profile()).spotsLeft).toBe(24);
    expect(await search()).toEqual(['Heron Sailing Week']);
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
    const refused = await putCamp(app, host.token, campId, campUpdate({ name: '' }));
    expect(refused.statusCode).toBe(400);
    expect((await profile()).spotsLeft).toBe(24);

    const saved = await putCamp(app, host.token, campId, campUpdate({ name: 'Heron Sailing Weeks' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profile()).toMatchObject({ name: 'Heron Sailing Weeks', spotsLeft: 20 });
    expect(await search()).toEqual(['Heron Sailing Weeks']);
  });
});
