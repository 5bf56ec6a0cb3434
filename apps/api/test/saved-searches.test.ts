import { messages } from '@campwise/contract/messages';
import type { AccountExport } from '@campwise/contract/privacy';
import { SAVED_SEARCH_LIMIT, type SavedSearch } from '@campwise/contract/saved-searches';
import { shiftDate } from '@campwise/contract/sessions';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  campSessions,
  hostSubscriptions,
  mailOutbox,
  savedSearches,
  sessionOpeningRequests,
} from '../src/db/schema.ts';
import { sendSearchDigests } from '../src/modules/saved-searches/send-digests.ts';
import { sendSessionNotices } from '../src/modules/sessions/session-notices.ts';
import { send } from './camp-fixtures.ts';
import { bearer, createAdmin, registerCamper, type TestUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let adminToken: string;
let host: CampHost;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  ({ token: adminToken } = await createAdmin(app, db));
  host = await campHost(app, adminToken);
});

const saveSearch = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/camper/saved-searches', headers: bearer(token), payload });
const listSearches = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/camper/saved-searches', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SavedSearch[] }>().data;
};
const created = (res: { statusCode: number; body: string; json: <T>() => T }) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SavedSearch }>().data;
};

/** A word no other camp in the database has, so a search for it finds only this test's camps. */
const uniqueWord = () => `zq${Math.random().toString(36).slice(2, 9)}`;

let weeksAdded = 0;

/** A week added to a camp through the host's form, after every week added before; created now. */
async function addWeek(campId: number, overrides: Record<string, unknown> = {}, token = host.token) {
  weeksAdded += 1;
  const startDate = shiftDate('2030-06-22', 7 * weeksAdded);
  const res = await send(
    app,
    {
      method: 'POST',
      url: `/host/camp/${campId}/sessions`,
      payload: {
        name: 'Week 2',
        startDate,
        endDate: shiftDate(startDate, 4),
        price: '175',
        capacity: '8',
        allowsWaitlist: false,
        ...overrides,
      },
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

/** Makes every session of a camp a month old, so it is no news for a digest. */
async function ageSessions(campId: number) {
  await db
    .update(campSessions)
    .set({ createdAt: new Date(Date.now() - 30 * DAY) })
    .where(eq(campSessions.campId, campId));
}

/** Puts a saved search's last check `days` back. */
async function checkedDaysAgo(id: number, days: number) {
  await db
    .update(savedSearches)
    .set({ digestCheckedAt: new Date(Date.now() - days * DAY) })
    .where(eq(savedSearches.id, id));
}

const digestsTo = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, '% new session%')));

/** The token of an e-mail's List-Unsubscribe header, checked against the visible link. */
function unsubscribeToken(mail: typeof mailOutbox.$inferSelect): string {
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const match = /^<https?:\/\/[^/]+\/api\/unsubscribe\/([^>]+)>$/.exec(
    mail.headers?.['List-Unsubscribe'] ?? '',
  );
  expect(match, JSON.stringify(mail.headers)).not.toBeNull();
  const token = match?.[1] ?? '';
  expect(mail.textBody).toContain(`Unsubscribe: `);
  expect(mail.textBody).toContain(`/unsubscribe/${token}`);
  expect(mail.htmlBody).toMatch(new RegExp(`/unsubscribe/${token}"[^>]*>Unsubscribe</a>`));
  return token;
}

const oneClick = (token: string) =>
  app.inject({
    method: 'POST',
    url: `/api/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('saved searches', () => {
  it('saves, lists, renames by default, refuses duplicates and bad input, turns the digest off and removes', async () => {
    const parent = await registerCamper(app);
    const search = {
      term: '  Lakeside ',
      filters: { zip: '78701', age: '9' },
      categories: [21, 9],
      sort: '',
    };
    const saved = created(await saveSearch(parent.token, { search }));
    expect(saved).toMatchObject({
      name: 'Lakeside · within 25 miles of 78701 · age 9 · Swimming, Day Camp',
      criteria: { term: 'Lakeside', filters: { zip: '78701', age: 9 }, categories: [9, 21] },
      digest: true,
      lastDigestSentAt: null,
    });
    // The same search, written differently, is refused with the name it was saved under.
    expectError(
      await saveSearch(parent.token, {
        name: 'Again',
        search: { term: 'lakeside', filters: { age: 9, zip: '78701' }, categories: [9, 21, 21] },
      }),
      409,
      'CONFLICT',
      messages.savedSearchDuplicate.replace('{name}', saved.name),
    );
    const named = created(
      await saveSearch(parent.token, { name: ' Summer swim ', search: { term: 'swim' } }),
    );
    expect(named.name).toBe('Summer swim');
    expect((await listSearches(parent.token)).map((s) => s.id)).toEqual([saved.id, named.id]);

    const tooLong = await saveSearch(parent.token, { name: 'x'.repeat(81), search: { term: 'x' } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(messages.savedSearchNameTooLong);
    const unknownZip = await saveSearch(parent.token, { search: { filters: { zip: '00000' } } });
    expect(unknownZip.statusCode).toBe(400);
    expect(unknownZip.json().message).toBe(messages.unknownZip);

    const off = await app.inject({
      method: 'PATCH',
      url: `/camper/saved-searches/${saved.id}`,
      headers: bearer(parent.token),
      payload: { digest: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.digest).toBe(false);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/camper/saved-searches/${saved.id}`,
      headers: bearer(parent.token),
    });
    expect(removed.json()).toEqual({ data: { deleted: true } });
    expect((await listSearches(parent.token)).map((s) => s.id)).toEqual([named.id]);
  });

  it("keeps to the parent's own searches and to the limit", async () => {
    const [owner, other] = [await registerCamper(app), await registerCamper(app)];
    const mine = created(await saveSearch(owner.token, { search: { term: 'mine' } }));
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: `/camper/saved-searches/${mine.id}`,
        headers: bearer(other.token),
        ...(method === 'PATCH' ? { payload: { digest: false } } : {}),
      });
      expectError(res, 404, 'NOT_FOUND', messages.savedSearchNotFound);
    }
    expect(await listSearches(other.token)).toEqual([]);
    expect((await listSearches(owner.token))[0]?.digest).toBe(true);

    for (let i = 1; i < SAVED_SEARCH_LIMIT; i += 1)
      created(await saveSearch(owner.token, { search: { term: `t${i}` } }));
    expectError(
      await saveSearch(owner.token, { search: { term: 'one more' } }),
      409,
      'CONFLICT',
      messages.savedSearchLimit,
    );
  });
});

describe('the weekly digest', () => {
  let parent: TestUser;
  let word: string;
  let searchId: number;
  let matchingCamp: number;

  beforeAll(async () => {
    // Only this block's search is ever due here.
    await db.delete(savedSearches);
    parent = await registerCamper(app);
    word = uniqueWord();
    matchingCamp = await addCamp(app, host, { name: `Lake ${word} Camp` });
    await ageSessions(matchingCamp);
    searchId = created(await saveSearch(parent.token, { search: { term: word, filters: { age: '9' } } })).id;
  });

  it('e-mails the new sessions of listed camps that match, once a week', async () => {
    // Saved just now: not due for a week.
    await addWeek(matchingCamp, { name: 'Too early week' });
    expect(await sendSearchDigests(db, app.unsubscribeLinks)).toMatchObject({ sent: 0 });
    await ageSessions(matchingCamp);
    await checkedDaysAgo(searchId, 8);

    const newWeek = await addWeek(matchingCamp, {
      name: 'Fresh week',
      price: '210',
      startDate: '2031-01-06',
      endDate: '2031-01-10',
    });
    // A new week of a camp for older children, of a camp without the word, of an unlisted camp.
    const olderKids = await addCamp(app, host, { name: `Teen ${word} Camp`, minAge: '13', maxAge: '17' });
    await addWeek(olderKids, { name: 'Teen week' });
    await addWeek(await addCamp(app, host, { name: 'Another Camp' }), { name: 'Elsewhere week' });
    const lapsed = await campHost(app, adminToken);
    const unlistedCamp = await addCamp(app, lapsed, { name: `Lapsed ${word} Camp` });
    await addWeek(unlistedCamp, { name: 'Unlisted week' }, lapsed.token);
    await db
      .update(hostSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(hostSubscriptions.hostId, lapsed.id));

    expect(await sendSearchDigests(db, app.unsubscribeLinks)).toMatchObject({ sent: 1 });
    const [mail, ...more] = await digestsTo(parent.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`1 new session matches “${word} · age 9”`);
    expect(mail?.textBody).toContain(`Lake ${word} Camp (Fresh week) · January 6 – January 10, 2031 · $210`);
    expect(mail?.textBody).toContain(`/camps/${matchingCamp}`);
    expect(mail?.htmlBody).toMatch(
      new RegExp(`/camps/${matchingCamp}"[^>]*>Lake ${word} Camp \\(Fresh week\\)`),
    );
    expect(mail?.textBody).toContain(`/searchresults?term=${word}&age=9`);
    for (const other of ['Too early week', 'Week 1', 'Teen week', 'Elsewhere week', 'Unlisted week']) {
      expect(mail?.textBody).not.toContain(other);
    }
    expect(newWeek).toBeGreaterThan(0);
    if (mail) unsubscribeToken(mail);

    // Checked now: the next run waits a week, and a week without news sends nothing.
    expect(await sendSearchDigests(db, app.unsubscribeLinks)).toEqual({ checked: 0, sent: 0 });
    expect(
      await sendSearchDigests(db, app.unsubscribeLinks, new Date(Date.now() + 7 * DAY + 60_000)),
    ).toEqual({
      checked: 1,
      sent: 0,
    });
    expect(await digestsTo(parent.email)).toHaveLength(1);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
    expect(row?.digestSentAt).not.toBeNull();
  });

  it('sends once when two runs race', async () => {
    await checkedDaysAgo(searchId, 8);
    await addWeek(matchingCamp, { name: 'Race week', startDate: '2031-02-03', endDate: '2031-02-07' });
    const before = (await digestsTo(parent.email)).length;
    const runs = await Promise.all([
      sendSearchDigests(db, app.unsubscribeLinks),
      sendSearchDigests(db, app.unsubscribeLinks),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(await digestsTo(parent.email)).toHaveLength(before + 1);
  });

  it('stops with one click from the e-mail, and says so twice', async () => {
    const mail = (await digestsTo(parent.email)).at(-1);
    if (!mail) throw new Error('no digest');
    const token = unsubscribeToken(mail);
    const page = await app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(page.json()).toEqual({
      data: {
        kind: 'digest',
        subject: `the weekly e-mail of your saved search “${word} · age 9”`,
        unsubscribed: false,
      },
    });
    const first = await oneClick(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.unsubscribed).toBe(true);
    // Our own page posts an empty JSON body; doing it again changes nothing.
    const again = await app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    const [search] = await listSearches(parent.token);
    expect(search).toMatchObject({ id: searchId, digest: false });
    await checkedDaysAgo(searchId, 8);
    expect(await sendSearchDigests(db, app.unsubscribeLinks)).toMatchObject({ sent: 0 });
  });
});

describe('unsubscribing from place and opening alerts', () => {
  /** A full week without a waitlist; a place alert can be asked for it. */
  async function fullWeek(campId: number, name: string) {
    const id = await addWeek(campId, { name, capacity: '1' });
    await db.update(campSessions).set({ spotsTaken: 1 }).where(eq(campSessions.id, id));
    return id;
  }
  const ask = (token: string, sessionId: number, what: 'place-alert' | 'opening-notice') =>
    app.inject({ method: 'POST', url: `/camper/sessions/${sessionId}/${what}`, headers: bearer(token) });
  const pending = (parentId: number, kind: 'place' | 'opening') =>
    db
      .select({ sessionId: sessionOpeningRequests.sessionId })
      .from(sessionOpeningRequests)
      .where(and(eq(sessionOpeningRequests.parentId, parentId), eq(sessionOpeningRequests.kind, kind)));

  it('drops the waiting place alerts asked before the e-mail, and leaves a later one', async () => {
    const parent = await registerCamper(app);
    const campId = await addCamp(app, host);
    const [freed, other, later] = [
      await fullWeek(campId, 'Freed week'),
      await fullWeek(campId, 'Other week'),
      await fullWeek(campId, 'Later week'),
    ];
    for (const id of [freed, other])
      expect((await ask(parent.token, id, 'place-alert')).statusCode).toBe(201);
    await db
      .update(sessionOpeningRequests)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(sessionOpeningRequests.parentId, parent.id));
    await db.update(campSessions).set({ spotsTaken: 0 }).where(eq(campSessions.id, freed));
    await sendSessionNotices(db, app.unsubscribeLinks, new Date(Date.now() - 5000));
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), like(mailOutbox.subject, 'A spot opened: %')));
    if (!mail) throw new Error('no place mail');
    const token = unsubscribeToken(mail);
    expect((await ask(parent.token, later, 'place-alert')).statusCode).toBe(201);

    const state = await app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(state.json().data).toMatchObject({ kind: 'place', unsubscribed: false });
    const res = await oneClick(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      kind: 'place',
      subject: 'e-mails telling you a place has freed up at a full session',
      unsubscribed: true,
    });
    // The told one stays as a record; the waiting one asked before the e-mail is gone; the later one stays.
    expect((await pending(parent.id, 'place')).map((row) => row.sessionId).sort()).toEqual([freed, later]);
    expect((await oneClick(token)).statusCode).toBe(200);
    expect((await pending(parent.id, 'place')).map((row) => row.sessionId).sort()).toEqual([freed, later]);
  });

  it('puts the one-click headers on the registration-open e-mail too', async () => {
    const parent = await registerCamper(app);
    const campId = await addCamp(app, host);
    const week = await addWeek(campId, { name: 'Opening week', registrationOpensAt: '2029-12-01' });
    expect((await ask(parent.token, week, 'opening-notice')).statusCode).toBe(201);
    await sendSessionNotices(db, app.unsubscribeLinks, new Date('2029-12-02T00:00:00Z'));
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, parent.email), like(mailOutbox.subject, 'Registration is open: %')),
      );
    if (!mail) throw new Error('no opening mail');
    const token = unsubscribeToken(mail);
    const res = await oneClick(token);
    expect(res.json().data).toMatchObject({ kind: 'opening', unsubscribed: true });
  });

  it('answers a tampered, forged or unknown link with a clear 404', async () => {
    const parent = await registerCamper(app);
    const good = app.unsubscribeLinks.token({ kind: 'place', id: parent.id, issuedAt: new Date() });
    const [, id, issued] = good.split('-');
    const signature = good.split('-').slice(3).join('-');
    const forged = [
      `${good.slice(0, -3)}AAA`,
      `opening-${id}-${issued}-${signature}`,
      `place-${(Number(id) + 1).toString()}-${issued}-${signature}`,
      'not-a-token',
      app.unsubscribeLinks.token({ kind: 'digest', id: 2_000_000_000, issuedAt: new Date() }),
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url: `/api/unsubscribe/${encodeURIComponent(token)}` });
        expectError(res, 404, 'NOT_FOUND', messages.unsubscribeLinkInvalid);
      }
    }
    // Whatever body a mail client sends (RFC 8058 prefers multipart/form-data), the token decides.
    const boundary = 'one-click-boundary';
    for (const [type, payload] of [
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      ],
      ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click&extra=1'],
      ['text/plain', 'List-Unsubscribe=One-Click'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/unsubscribe/${good}`,
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    }
    // A browser opening the header's address lands on the page that explains and asks.
    const browser = await app.inject({
      method: 'GET',
      url: `/api/unsubscribe/${good}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/unsubscribe/${good}`);
    // Form bodies stay refused everywhere else.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/camper/saved-searches',
      headers: { ...bearer(parent.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'search=x',
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('privacy', () => {
  it('exports saved searches and deletes them with the account', async () => {
    const parent = await registerCamper(app);
    created(await saveSearch(parent.token, { name: 'Swim near home', search: { term: 'swim' } }));
    const exported = await app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(parent.token),
    });
    expect(exported.json<AccountExport>().savedSearches).toEqual([
      expect.objectContaining({
        name: 'Swim near home',
        criteria: { term: 'swim', filters: {}, categories: [] },
      }),
    ]);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(parent.token),
      payload: { password: parent.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db.select().from(savedSearches).where(eq(savedSearches.parentId, parent.id))).toEqual([]);
  });
});
