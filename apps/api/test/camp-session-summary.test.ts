// A camp's summary of its scheduled sessions (migrations 0013 and 0051): whether sessions are
// added one statement at a time or many in one statement, each camp's dates, prices, places and
// waitlist flag are what its scheduled sessions make them.
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, camps } from '../src/db/schema.ts';
import { approvedOrg, createCamp } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, type OrgHost, subscribedOrgHost } from './org-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let orgId: number;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const { token: adminToken } = await createAdmin(app, db);
  host = await subscribedOrgHost(app);
  orgId = await approvedOrg(app, adminToken, host.token);
});

interface NewSession {
  name: string;
  startDate: string | null;
  endDate: string | null;
  priceCents: number;
  capacity: number;
  allowsWaitlist: boolean;
  status?: 'scheduled' | 'cancelled';
}

const WEEKS: NewSession[] = [
  {
    name: 'Week A',
    startDate: '2027-07-05',
    endDate: '2027-07-09',
    priceCents: 31_000,
    capacity: 12,
    allowsWaitlist: false,
  },
  {
    name: 'Week B',
    startDate: '2027-06-21',
    endDate: '2027-06-25',
    priceCents: 27_500,
    capacity: 8,
    allowsWaitlist: true,
  },
  {
    name: 'Week C',
    startDate: '2027-08-02',
    endDate: '2027-08-06',
    priceCents: 45_000,
    capacity: 30,
    allowsWaitlist: false,
    status: 'cancelled',
  },
];

/** The summary the rule gives a camp's sessions, worked out here rather than by the database. */
function expectedSummary(sessions: NewSession[]) {
  const scheduled = sessions.filter((session) => (session.status ?? 'scheduled') === 'scheduled');
  const dates = (pick: (session: NewSession) => string | null, choose: (a: string, b: string) => string) =>
    scheduled.some((session) => pick(session) === null)
      ? null
      : scheduled.map((session) => pick(session) as string).reduce(choose);
  return {
    sessionCount: scheduled.length,
    startDate: dates(
      (session) => session.startDate,
      (a, b) => (a < b ? a : b),
    ),
    endDate: dates(
      (session) => session.endDate,
      (a, b) => (a > b ? a : b),
    ),
    costCents: Math.min(...scheduled.map((session) => session.priceCents)),
    maxPriceCents: Math.max(...scheduled.map((session) => session.priceCents)),
    capacity: scheduled.reduce((sum, session) => sum + session.capacity, 0),
    allowsWaitlist: scheduled.some((session) => session.allowsWaitlist),
  };
}

async function summaryOf(campId: number) {
  const [row] = await db
    .select({
      sessionCount: camps.sessionCount,
      startDate: camps.startDate,
      endDate: camps.endDate,
      costCents: camps.costCents,
      maxPriceCents: camps.maxPriceCents,
      capacity: camps.capacity,
      allowsWaitlist: camps.allowsWaitlist,
    })
    .from(camps)
    .where(sql`${camps.id} = ${campId}`);
  return row;
}

/** A camp whose only session is `first`, as the camp form would leave it after its own session is replaced. */
let campsMade = 0;
async function campWithOnly(first: NewSession): Promise<number> {
  campsMade += 1;
  const campId = await createCamp(app, host.token, orgId, { name: `Summary camp ${campsMade}` });
  await db.insert(campSessions).values({ campId, ...first });
  await db
    .delete(campSessions)
    .where(sql`${campSessions.campId} = ${campId} and ${campSessions.name} <> ${first.name}`);
  return campId;
}

describe("a camp's summary of its sessions", () => {
  it('is the same whether sessions are added one statement each or many camps in one statement', async () => {
    const [first, ...more] = WEEKS;
    if (!first) throw new Error('no weeks');
    const oneByOne = await campWithOnly(first);
    const together = [await campWithOnly(first), await campWithOnly(first)];
    for (const session of more) await db.insert(campSessions).values({ campId: oneByOne, ...session });
    await db
      .insert(campSessions)
      .values(together.flatMap((campId) => more.map((session) => ({ campId, ...session }))));

    const expected = expectedSummary(WEEKS);
    expect(await summaryOf(oneByOne)).toEqual(expected);
    for (const campId of together) expect(await summaryOf(campId)).toEqual(expected);
  });

  it('follows an undated session added beside dated ones, and every scheduled session removed', async () => {
    const [first] = WEEKS;
    if (!first) throw new Error('no weeks');
    const campIds = [await campWithOnly(first), await campWithOnly(first)];
    const undated: NewSession = {
      name: 'Any week',
      startDate: null,
      endDate: null,
      priceCents: 9_900,
      capacity: 5,
      allowsWaitlist: false,
    };
    await db.insert(campSessions).values(campIds.map((campId) => ({ campId, ...undated })));
    for (const campId of campIds) expect(await summaryOf(campId)).toEqual(expectedSummary([first, undated]));

    const before = await summaryOf(campIds[0] ?? 0);
    await db.delete(campSessions).where(inArray(campSessions.campId, campIds));
    // With no scheduled session a camp keeps its last summary and counts none.
    for (const campId of campIds) expect(await summaryOf(campId)).toEqual({ ...before, sessionCount: 0 });
  });

  it('counts none when a statement adds only a cancelled session to a camp without scheduled ones', async () => {
    const [first] = WEEKS;
    if (!first) throw new Error('no weeks');
    const campId = await campWithOnly(first);
    await db.delete(campSessions).where(sql`${campSessions.campId} = ${campId}`);
    const before = await summaryOf(campId);
    await db.update(camps).set({ sessionCount: 1 }).where(sql`${camps.id} = ${campId}`);
    await db.insert(campSessions).values({ campId, ...first, name: 'Called off', status: 'cancelled' });
    expect(await summaryOf(campId)).toEqual({ ...before, sessionCount: 0 });
  });
});
