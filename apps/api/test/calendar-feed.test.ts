import type { CalendarFeed, NewCalendarFeed } from '@campwise/contract/calendar-feed';
import { CATEGORY_YEAR_ROUND } from '@campwise/contract/categories';
import { messages } from '@campwise/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { calendarFeeds, campSessions, registrations } from '../src/db/schema.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bookPlace } from './check-in-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  host = await campHost(app, (await createAdmin(app, db)).token);
});

const feedPath = (url: string) => new URL(url).pathname;

async function newFeed(token: string): Promise<NewCalendarFeed> {
  const res = await send(app, { method: 'POST', url: '/camper/calendar-feed' }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: NewCalendarFeed }>().data;
}

/** The feed's events, unfolded, as a calendar app reads them. */
async function events(url: string): Promise<string[][]> {
  const res = await app.inject({ method: 'GET', url: feedPath(url) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.body
    .replaceAll('\r\n ', '')
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => block.split('\r\n'));
}

describe("a family's calendar subscription", () => {
  it("holds every child's places, and a cancelled one as cancelled in a newer version", async () => {
    const camp = await addCamp(app, host);
    const parent = await family(app, [9, 7]);
    const [maya, leo] = parent.childIds as [number, number];
    const first = await bookPlace(app, parent, camp, maya);
    await bookPlace(app, parent, camp, leo);
    const feed = await newFeed(parent.token);
    expect(feed.url).toMatch(/\/calendar\/feeds\/[\w-]{43}\/family\.ics$/);

    const before = await events(feed.url);
    expect(before).toHaveLength(2);
    expect(before.every((event) => event.includes('STATUS:CONFIRMED') && event.includes('SEQUENCE:0'))).toBe(
      true,
    );

    // Booked an hour ago, cancelled now: the calendar replaces its copy.
    await db
      .update(registrations)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(registrations.id, first));
    const cancelled = await send(
      app,
      { method: 'POST', url: `/camper/registrations/${first}/cancel` },
      parent.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await events(feed.url);
    const event = after.find((lines) => lines.some((line) => line.startsWith(`UID:registration-${first}@`)));
    expect(event).toContain('STATUS:CANCELLED');
    expect(Number(event?.find((line) => line.startsWith('SEQUENCE:'))?.slice(9))).toBeGreaterThanOrEqual(
      3600,
    );
  });

  it('keeps only the hash of its address; a new address stops the old one, and turning it off stops both', async () => {
    const parent = await family(app, [9]);
    const none = await send(app, { method: 'GET', url: '/camper/calendar-feed' }, parent.token);
    expect(none.json<{ data: CalendarFeed }>().data).toBeNull();
    const old = await newFeed(parent.token);
    const token = feedPath(old.url).split('/')[3] ?? '';
    const [stored] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.parentId, parent.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const current = await newFeed(parent.token);
    expectError(
      await app.inject({ method: 'GET', url: feedPath(old.url) }),
      404,
      'NOT_FOUND',
      messages.calendarFeedNotFound,
    );
    expect((await app.inject({ method: 'GET', url: feedPath(current.url) })).statusCode).toBe(200);
    const status = await send(app, { method: 'GET', url: '/camper/calendar-feed' }, parent.token);
    expect(status.json<{ data: CalendarFeed }>().data).toEqual({ createdAt: current.createdAt });

    const off = await send(app, { method: 'DELETE', url: '/camper/calendar-feed' }, parent.token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: feedPath(current.url) })).statusCode).toBe(404);
    const again = await send(app, { method: 'DELETE', url: '/camper/calendar-feed' }, parent.token);
    expectError(again, 404, 'NOT_FOUND', messages.calendarFeedNotFound);
  });

  it('refuses an address that cannot be one', async () => {
    const res = await app.inject({ method: 'GET', url: '/calendar/feeds/short/family.ics' });
    expect(res.statusCode).toBe(400);
  });
});

describe("a session's calendar for its staff", () => {
  const sessionFeed = (sessionId: number) =>
    app.inject({ method: 'GET', url: `/calendar/sessions/${sessionId}/session.ics` });
  const eventOf = (body: string) =>
    body.replaceAll('\r\n ', '').split('BEGIN:VEVENT')[1]?.split('\r\n') ?? [];

  it('holds the session with its place and check-in, and says so when it is changed and cancelled', async () => {
    const campId = await addCamp(app, host);
    const session = await firstSession(db, campId);
    const res = await sessionFeed(session.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const event = eventOf(res.body);
    expect(event).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^UID:session-${session.id}@`)),
        'SEQUENCE:0',
        'STATUS:CONFIRMED',
        expect.stringMatching(/^DTSTART;VALUE=DATE:\d{8}$/),
        expect.stringMatching(new RegExp(`^URL:.*/host/sessions/${session.id}/check-in$`)),
      ]),
    );

    // A change moves the event on to a newer version; a cancellation is said, not dropped.
    await db
      .update(campSessions)
      .set({ createdAt: sql`${campSessions.createdAt} - interval '1 hour'` })
      .where(eq(campSessions.id, session.id));
    const cancelled = await send(
      app,
      { method: 'POST', url: `/host/sessions/${session.id}/cancel` },
      host.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = eventOf((await sessionFeed(session.id)).body);
    expect(after).toContain('STATUS:CANCELLED');
    expect(after.find((line) => line.startsWith('SEQUENCE:'))).not.toBe('SEQUENCE:0');
  });

  it('has none for a session that is not there, or a camp without dates', async () => {
    await expectError(await sessionFeed(999_999), 404, 'NOT_FOUND', messages.sessionNotFound);
    const yearRound = await addCamp(app, host, {
      categories: `[${CATEGORY_YEAR_ROUND}]`,
      startDate: '',
      endDate: '',
    });
    await expectError(
      await sessionFeed((await firstSession(db, yearRound)).id),
      409,
      'CONFLICT',
      messages.calendarNoDates,
    );
  });
});
