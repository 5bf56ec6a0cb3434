import { messages } from '@campwise/contract/messages';
import type { AccountExport, MedicalView } from '@campwise/contract/privacy';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { auditEvents, camps } from '../src/db/schema.ts';
import { bearer, createAdmin, type TestUser, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { createOrg, decide, NEW_ORG_FIELDS, ORG_ENV, ORG_UPDATE, updateOrg } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import {
  addCamp,
  type CampHost,
  campHost,
  type Family,
  family,
  outcome,
  register,
} from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
});

const eventsAbout = (subjectType: string, subjectId: number) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, subjectType), eq(auditEvents.subjectId, subjectId)))
    .orderBy(asc(auditEvents.id));

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });

async function medicalViews(parent: Family, childId: number): Promise<MedicalView[]> {
  const res = await get(`/camper/campers/${childId}/medical-views`, parent.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MedicalView[] }>().data;
}

describe('administrator decisions', () => {
  it('are recorded with the administrator, the organization and the reason', async () => {
    const orgId = await createOrg(app, host.token, { name: 'Audited Adventures' });
    expect((await decide(app, admin.token, orgId, false, 'Please add a website.')).statusCode).toBe(200);
    const resubmitted = await updateOrg(app, host.token, orgId, {
      ...ORG_UPDATE,
      website: 'https://audited.example',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await decide(app, admin.token, orgId, true)).statusCode).toBe(200);
    // A second decision finds nothing waiting: refused, and not recorded.
    expect((await decide(app, admin.token, orgId, true)).statusCode).toBe(409);

    const events = await eventsAbout('organization', orgId);
    expect(events).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorRole: 'admin',
        action: 'organization.denied',
        details: { kind: 'new', revisionId: null, reason: 'Please add a website.' },
      }),
      expect.objectContaining({
        actorId: admin.id,
        actorRole: 'admin',
        action: 'organization.approved',
        details: { kind: 'new', revisionId: null, reason: null },
      }),
    ]);
  });
});

describe('medical notes seen by hosts', () => {
  let parent: Family;
  let campId: number;

  beforeAll(async () => {
    // Ada has medical notes, Ben has none.
    parent = await family(app, [8, 9]);
    campId = await addCamp(app, host);
    outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
  });

  it('records one event per child whose notes a roster view showed, and the parent sees who', async () => {
    const [ada, ben] = parent.childIds as [number, number];
    expect(await medicalViews(parent, ada)).toEqual([]);

    expect((await get(`/host/camp/${campId}/roster`, host.token)).statusCode).toBe(200);
    expect((await get(`/host/camp/${campId}/roster.csv`, host.token)).statusCode).toBe(200);

    const events = await eventsAbout('child', ada);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      actorId: host.id,
      actorRole: 'host',
      action: 'child.medical_notes_viewed',
      details: {
        campId,
        campName: expect.stringContaining('Registration Camp'),
        orgName: NEW_ORG_FIELDS.name,
      },
    });
    // Ben's roster line carries no notes: nothing to record.
    expect(await eventsAbout('child', ben)).toEqual([]);

    const [camp] = await db.select({ name: camps.name }).from(camps).where(eq(camps.id, campId));
    const views = await medicalViews(parent, ada);
    expect(views).toEqual([
      {
        id: expect.any(Number),
        what: 'medical_notes',
        hostName: 'Robin Meadows',
        campName: camp?.name,
        orgName: NEW_ORG_FIELDS.name,
        viewedAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        what: 'medical_notes',
        hostName: 'Robin Meadows',
        campName: camp?.name,
        orgName: NEW_ORG_FIELDS.name,
        viewedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(views[0]?.viewedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(views[1]?.viewedAt ?? ''));
    expect(await medicalViews(parent, ben)).toEqual([]);
  });

  it("does not record a waitlisted child's notes, which the host does not see", async () => {
    const full = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const other = await family(app, [8]);
    outcome(await register(app, other, full, { childIds: other.childIds, paymentMethodId: other.cardId }));
    const waiting = await family(app, [8]);
    expect(outcome(await register(app, waiting, full, { childIds: waiting.childIds })).status).toBe(
      'waitlisted',
    );
    expect((await get(`/host/camp/${full}/roster`, host.token)).statusCode).toBe(200);
    expect(await eventsAbout('child', waiting.childIds[0] ?? 0)).toEqual([]);
    expect(await eventsAbout('child', other.childIds[0] ?? 0)).toHaveLength(1);
  });

  it("appear in the parent's data export", async () => {
    const res = await get('/api/account/export', parent.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<AccountExport>();
    const seen = data.auditEvents.filter((event) => event.action === 'child.medical_notes_viewed');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toMatchObject({ actorRole: 'host', actorName: 'Robin Meadows', subjectType: 'child' });
  });

  it("are shown only to the child's parent", async () => {
    const [ada] = parent.childIds as [number];
    const url = `/camper/campers/${ada}/medical-views`;
    const stranger = await family(app, [7]);
    expectError(await get(url, stranger.token), 404, 'NOT_FOUND', messages.childNotFound);
    expectError(await get(url, host.token), 403, 'FORBIDDEN', messages.forbidden);
    expect((await get(url)).json()).toEqual(unauthenticatedReply);
    expect((await get('/camper/campers/abc/medical-views', parent.token)).statusCode).toBe(400);
    expectError(
      await get('/camper/campers/999999/medical-views', parent.token),
      404,
      'NOT_FOUND',
      messages.childNotFound,
    );
  });
});
