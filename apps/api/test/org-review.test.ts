import { messages } from '@campwise/contract/messages';
import type { HostOrg, OrgReview, OrgUpdate, PublicOrg, ReviewQueueItem } from '@campwise/contract/orgs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { hostSubscriptions } from '../src/db/schema.ts';
import { bearer, createAdmin, mailTo, type TestUser, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  createOrg,
  decide,
  hostOrg,
  hostOrgs,
  ORG_ENV,
  ORG_UPDATE,
  type OrgHost,
  pngImage,
  publicOrg,
  reviewsOf,
  revisionsOf,
  subscribedOrgHost,
  updateOrg,
} from './org-fixtures.ts';
import { type Account, expectError, registerAccount } from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let admin: TestUser;
let camper: Account;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  [host, camper] = await Promise.all([subscribedOrgHost(app), registerAccount(app, 'camper')]);
  admin = await createAdmin(app, db);
});

interface Queue {
  data: ReviewQueueItem[];
  counts: { new: number; revision: number };
}

async function queue(): Promise<Queue> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/reviews', headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Queue>();
  // The counts always describe the list they come with, and the list is oldest first.
  expect(body.counts).toEqual({
    new: body.data.filter((item) => item.kind === 'new').length,
    revision: body.data.filter((item) => item.kind === 'revision').length,
  });
  const times = body.data.map((item) => Date.parse(item.submittedAt));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  return body;
}

async function queued(orgId: number): Promise<ReviewQueueItem[]> {
  return (await queue()).data.filter((item) => item.orgId === orgId);
}

async function adminReview(orgId: number): Promise<OrgReview> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/orgs/${orgId}`,
    headers: bearer(admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OrgReview }>().data;
}

async function publicDetails(orgId: number): Promise<PublicOrg> {
  const res = await publicOrg(app, orgId);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ data: PublicOrg & { reviewSummary: unknown } }>();
  expect(Array.isArray(body.data)).toBe(false);
  // Its camps' review average rides along (docs/decisions/021); these organizations have none.
  const { reviewSummary, ...details } = body.data;
  expect(reviewSummary).toEqual({ average: null, count: 0 });
  return details;
}

async function expectDecision(orgId: number, approved: boolean, kind: 'new' | 'revision', reason?: string) {
  const res = await decide(app, admin.token, orgId, approved, reason);
  expect(res.statusCode, res.body).toBe(200);
  const status = kind === 'new' && !approved ? 'denied' : 'approved';
  expect(res.json()).toEqual({ data: { status, kind } });
}

async function approvedOrg(name: string, owner: OrgHost = host): Promise<number> {
  const id = await createOrg(app, owner.token, { name });
  await expectDecision(id, true, 'new');
  return id;
}

async function edit(orgId: number, changes: Partial<OrgUpdate>, owner: OrgHost = host) {
  const res = await updateOrg(app, owner.token, orgId, { ...ORG_UPDATE, ...changes }, 'reviewupdate');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { org: HostOrg; inReview: boolean } }>().data;
}

async function lastMailTo(address: string) {
  const mail = await mailTo(db, address);
  const last = mail.at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return { count: mail.length, ...last };
}

describe('a new organization', () => {
  it('waits in the queue, oldest first, hidden from the public', async () => {
    const before = await queue();
    const alpha = await createOrg(app, host.token, { name: 'Alpha Camp' }, await pngImage(100, 100));
    const bravo = await createOrg(app, host.token, { name: 'Bravo Camp' });
    const after = await queue();

    expect(after.counts).toEqual({ new: before.counts.new + 2, revision: before.counts.revision });
    const ids = after.data.map((item) => item.orgId);
    expect(ids.indexOf(alpha)).toBeLessThan(ids.indexOf(bravo));
    expect(after.data.find((item) => item.orgId === alpha)).toEqual({
      orgId: alpha,
      kind: 'new',
      name: 'Alpha Camp',
      hostName: 'Robin Meadows',
      hostEmail: host.email,
      submittedAt: expect.any(String),
    });

    expect((await hostOrg(app, host.token, alpha)).status).toBe('pending');
    expectError(await publicOrg(app, alpha), 404, 'NOT_FOUND', messages.orgNotFound);

    const review = await adminReview(alpha);
    expect(review).toEqual({
      id: alpha,
      kind: 'new',
      status: 'pending',
      details: {
        name: 'Alpha Camp',
        address: ORG_UPDATE.address,
        city: ORG_UPDATE.city,
        state: ORG_UPDATE.state,
        zip: ORG_UPDATE.zip,
        phone: ORG_UPDATE.phone,
        website: ORG_UPDATE.website,
        bio: ORG_UPDATE.bio,
        contactName: ORG_UPDATE.contactName,
        contactPhone: ORG_UPDATE.contactPhone,
        contactEmail: ORG_UPDATE.contactEmail,
      },
      thumbnail: {
        url: expect.stringMatching(/^\/uploads\//),
        smallUrl: expect.stringMatching(/^\/uploads\//),
      },
      hostName: 'Robin Meadows',
      hostEmail: host.email,
      changes: [],
      history: [],
    });
  });

  it('is denied only with a reason, edited, resubmitted and approved', async () => {
    const name = 'Delta Day Camp';
    const id = await createOrg(app, host.token, { name });

    for (const reason of [undefined, '', '   ']) {
      const res = await decide(app, admin.token, id, false, reason);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: messages.denyReasonRequired });
    }
    expect((await hostOrg(app, host.token, id)).status).toBe('pending');
    expect(await reviewsOf(db, id)).toEqual([]);

    const reason = 'Please add the street number of your main site.';
    await expectDecision(id, false, 'new', reason);
    expect(await hostOrg(app, host.token, id)).toMatchObject({ status: 'denied', denyReason: reason });
    const denial = await lastMailTo(host.email);
    expect(denial.subject).toBe(`${name} needs changes`);
    expect(denial.textBody).toContain(reason);
    expect(await queued(id)).toEqual([]);
    expectError(await publicOrg(app, id), 404, 'NOT_FOUND', messages.orgNotFound);

    for (const approved of [true, false]) {
      const again = await decide(app, admin.token, id, approved, 'Second thoughts');
      expectError(again, 409, 'CONFLICT', messages.nothingToReview);
    }
    expect(await reviewsOf(db, id)).toHaveLength(1);

    const firstSubmission = (await hostOrg(app, host.token, id)).submittedAt;
    const resubmitted = await updateOrg(app, host.token, id, {
      ...ORG_UPDATE,
      name,
      address: '1201 Lakeshore Dr',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    // The dashboard and the queue show when it was last sent for review.
    expect((await hostOrg(app, host.token, id)).submittedAt > firstSubmission).toBe(true);
    expect(resubmitted.json()).toEqual({
      data: {
        inReview: true,
        org: expect.objectContaining({
          id,
          status: 'pending',
          denyReason: null,
          address: '1201 Lakeshore Dr',
          revision: null,
        }),
      },
    });
    const waiting = (await queue()).data;
    // Resubmitting puts it at the back of the queue.
    expect(waiting.at(-1)).toMatchObject({ orgId: id, kind: 'new', name });

    await expectDecision(id, true, 'new');
    expect(await hostOrg(app, host.token, id)).toMatchObject({ status: 'approved', denyReason: null });
    expect(await publicDetails(id)).toEqual({
      id,
      ...ORG_UPDATE,
      name,
      address: '1201 Lakeshore Dr',
      thumbnail: null,
    });
    const approval = await lastMailTo(host.email);
    expect(approval).toMatchObject({ count: denial.count + 1, subject: `${name} is approved` });
    expect(await queued(id)).toEqual([]);

    const history = (await adminReview(id)).history;
    expect(history).toEqual([
      {
        approved: true,
        kind: 'new',
        textResponse: null,
        decidedBy: 'Ada Admin',
        decidedAt: expect.any(String),
      },
      {
        approved: false,
        kind: 'new',
        textResponse: reason,
        decidedBy: 'Ada Admin',
        decidedAt: expect.any(String),
      },
    ]);
    expect(await reviewsOf(db, id)).toHaveLength(2);
  });
});

describe('an approved organization', () => {
  it('stays live while its changes wait for review, then shows them once approved', async () => {
    const oldName = 'Cedar Ridge Camp';
    const id = await approvedOrg(oldName);
    const before = await queue();

    const first = await edit(id, { name: 'Cedar Ridge Adventure Camp' });
    expect(first.inReview).toBe(true);
    expect(first.org).toMatchObject({
      status: 'approved',
      name: oldName,
      revision: {
        status: 'pending',
        denyReason: null,
        details: { ...ORG_UPDATE, name: 'Cedar Ridge Adventure Camp' },
      },
    });
    expect((await publicDetails(id)).name).toBe(oldName);
    expect((await hostOrgs(app, host.token)).find((org) => org.id === id)).toEqual(first.org);

    const waiting = await queue();
    expect(waiting.counts).toEqual({ new: before.counts.new, revision: before.counts.revision + 1 });
    expect(waiting.data.filter((item) => item.orgId === id)).toEqual([
      {
        orgId: id,
        kind: 'revision',
        name: oldName,
        hostName: 'Robin Meadows',
        hostEmail: host.email,
        submittedAt: expect.any(String),
      },
    ]);

    const review = await adminReview(id);
    expect(review).toMatchObject({
      id,
      kind: 'revision',
      status: 'approved',
      details: { name: 'Cedar Ridge Adventure Camp' },
      changes: [{ field: 'name', from: oldName, to: 'Cedar Ridge Adventure Camp' }],
      history: [{ approved: true, kind: 'new', textResponse: null, decidedBy: 'Ada Admin' }],
    });

    // A second edit while the first waits replaces it: still one revision to review.
    const newName = 'Cedar Ridge Summer Camp';
    const second = await edit(id, { name: newName, city: 'Round Rock' });
    expect(second.inReview).toBe(true);
    expect(second.org.revision?.details).toMatchObject({ name: newName, city: 'Round Rock' });
    expect((await revisionsOf(db, id)).filter((revision) => revision.status === 'pending')).toHaveLength(1);
    expect(await queued(id)).toHaveLength(1);
    expect((await adminReview(id)).changes).toEqual([
      { field: 'name', from: oldName, to: newName },
      { field: 'city', from: ORG_UPDATE.city, to: 'Round Rock' },
    ]);
    expect((await publicDetails(id)).name).toBe(oldName);

    const mailBefore = (await mailTo(db, host.email)).length;
    await expectDecision(id, true, 'revision');
    expect(await publicDetails(id)).toMatchObject({ name: newName, city: 'Round Rock' });
    expect(await hostOrg(app, host.token, id)).toMatchObject({
      status: 'approved',
      name: newName,
      city: 'Round Rock',
      revision: null,
    });
    const mail = await lastMailTo(host.email);
    expect(mail).toMatchObject({ count: mailBefore + 1, subject: `Your changes to ${newName} are approved` });
    expect(await queued(id)).toEqual([]);
    expectError(await decide(app, admin.token, id, true), 409, 'CONFLICT', messages.nothingToReview);

    const after = await adminReview(id);
    expect(after).toMatchObject({ kind: null, status: 'approved', changes: [], details: { name: newName } });
    expect(after.history.map((entry) => [entry.kind, entry.approved])).toEqual([
      ['revision', true],
      ['new', true],
    ]);
  });

  it('takes an edit identical to the live details as nothing to review, and withdraws a waiting one', async () => {
    const name = 'Juniper Hollow Camp';
    const id = await approvedOrg(name);

    const same = await edit(id, { name });
    expect(same).toEqual({
      inReview: false,
      org: expect.objectContaining({ status: 'approved', revision: null }),
    });
    expect(await revisionsOf(db, id)).toEqual([]);
    expect(await queued(id)).toEqual([]);

    expect((await edit(id, { name: 'Juniper Hollow Outdoors' })).inReview).toBe(true);
    const back = await edit(id, { name });
    expect(back).toEqual({ inReview: false, org: expect.objectContaining({ revision: null }) });
    expect(await revisionsOf(db, id)).toEqual([]);
    expect(await queued(id)).toEqual([]);
    expect((await publicDetails(id)).name).toBe(name);
  });

  it('keeps a new time zone at once, with nothing to review, and leaves it as it is when none is sent', async () => {
    const name = 'Tidewater Sailing Camp';
    const id = await approvedOrg(name);
    expect((await hostOrg(app, host.token, id)).timeZone).toBe('America/Chicago');
    const moved = await edit(id, { name, timeZone: 'America/Los_Angeles' });
    expect(moved.inReview).toBe(false);
    expect(moved.org).toMatchObject({ status: 'approved', timeZone: 'America/Los_Angeles', revision: null });

    const renamed = await edit(id, { name: 'Tidewater Sailing School' });
    expect(renamed.inReview).toBe(true);
    expect(renamed.org.timeZone).toBe('America/Los_Angeles');
    expect(renamed.org.revision?.details).not.toHaveProperty('timeZone');
    expect((await adminReview(id)).changes).toEqual([
      { field: 'name', from: name, to: 'Tidewater Sailing School' },
    ]);

    const refused = await app.inject({
      method: 'PUT',
      url: `/host/orgs/${id}`,
      headers: bearer(host.token),
      payload: { ...ORG_UPDATE, timeZone: 'Mars/Olympus' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { timeZone: messages.invalidTimeZone } });
  });

  it('keeps the live details when a revision is denied and shows the host why', async () => {
    const name = 'Maple Creek Camp';
    const id = await approvedOrg(name);
    await edit(id, { name: 'Maple Creek Mega Camp' });

    const reason = 'That name belongs to another organization.';
    await expectDecision(id, false, 'revision', reason);
    expect(await publicDetails(id)).toMatchObject({ name });
    expect(await hostOrg(app, host.token, id)).toMatchObject({
      status: 'approved',
      name,
      denyReason: null,
      revision: { status: 'denied', denyReason: reason, details: { name: 'Maple Creek Mega Camp' } },
    });
    const denial = await lastMailTo(host.email);
    expect(denial.subject).toBe(`Your changes to ${name} need another look`);
    expect(denial.textBody).toContain(reason);
    expect(await queued(id)).toEqual([]);
    expect((await adminReview(id)).history[0]).toMatchObject({
      approved: false,
      kind: 'revision',
      textResponse: reason,
    });

    // The host tries again; once that revision is approved the old denial is history.
    const retry = await edit(id, { name: 'Maple Creek Day Camp' });
    expect(retry.org.revision).toMatchObject({ status: 'pending', denyReason: null });
    await expectDecision(id, true, 'revision');
    expect(await hostOrg(app, host.token, id)).toMatchObject({
      name: 'Maple Creek Day Camp',
      revision: null,
    });
    expect((await publicDetails(id)).name).toBe('Maple Creek Day Camp');
  });

  it('lets a pending or denied organization be edited through either edit address', async () => {
    const id = await createOrg(app, host.token, { name: 'Willow Bend Camp' });
    const res = await updateOrg(app, host.token, id, { ...ORG_UPDATE, name: 'Willow Bend Day Camp' }, 'edit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { inReview: true, org: { status: 'pending', name: 'Willow Bend Day Camp' } },
    });
    expect(await queued(id)).toEqual([
      expect.objectContaining({ kind: 'new', name: 'Willow Bend Day Camp' }),
    ]);
  });
});

describe('decisions made at the same time', () => {
  it.each(['new', 'revision'] as const)('apply exactly once for a %s organization', async (kind) => {
    const id =
      kind === 'new'
        ? await createOrg(app, host.token, { name: 'Race Camp' })
        : await approvedOrg('Race Camp');
    if (kind === 'revision') await edit(id, { name: 'Race Camp Renamed' });
    const reviewsBefore = (await reviewsOf(db, id)).length;
    const mailBefore = (await mailTo(db, host.email)).length;

    const answers = await Promise.all([
      decide(app, admin.token, id, true),
      decide(app, admin.token, id, true),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: messages.nothingToReview });

    expect(await reviewsOf(db, id)).toHaveLength(reviewsBefore + 1);
    expect(await mailTo(db, host.email)).toHaveLength(mailBefore + 1);
    expect((await hostOrg(app, host.token, id)).status).toBe('approved');
  });
});

describe('the review calls', () => {
  function reviewCalls(orgId: number) {
    return [
      { method: 'GET', url: '/api/admin/reviews' },
      { method: 'GET', url: `/api/admin/orgs/${orgId}` },
      {
        method: 'POST',
        url: '/api/admin/org/approvalrequestresponse',
        payload: { orgApprovalResponse: { OrganizationID: orgId, Approved: true } },
      },
    ] as const;
  }

  it('are for administrators only', async () => {
    const id = await createOrg(app, host.token, { name: 'Guarded Camp' });
    for (const call of reviewCalls(id)) {
      const guest = await app.inject(call);
      expect(guest.statusCode, guest.body).toBe(401);
      expect(guest.json()).toEqual(unauthenticatedReply);
      for (const token of [host.token, camper.token]) {
        const res = await app.inject({ ...call, headers: bearer(token) });
        expectError(res, 403, 'FORBIDDEN', messages.forbidden);
      }
    }
    expect((await hostOrg(app, host.token, id)).status).toBe('pending');
    expect(await reviewsOf(db, id)).toEqual([]);
  });

  it('answer 404 for an organization that does not exist', async () => {
    const missing = 2_000_000_000;
    expectError(
      await app.inject({ method: 'GET', url: `/api/admin/orgs/${missing}`, headers: bearer(admin.token) }),
      404,
      'NOT_FOUND',
      messages.orgNotFound,
    );
    expectError(await decide(app, admin.token, missing, true), 404, 'NOT_FOUND', messages.orgNotFound);
  });

  it.each([
    ['no body', undefined],
    ['no response object', { OrganizationID: 1, Approved: true }],
    ['an id that is not a number', { orgApprovalResponse: { OrganizationID: 'abc', Approved: true } }],
    ['a negative id', { orgApprovalResponse: { OrganizationID: -1, Approved: true } }],
    ['no decision', { orgApprovalResponse: { OrganizationID: 1 } }],
    ['a decision that is not a boolean', { orgApprovalResponse: { OrganizationID: 1, Approved: 'yes' } }],
    [
      'a reason that is too long',
      { orgApprovalResponse: { OrganizationID: 1, Approved: false, TextResponse: 'x'.repeat(2001) } },
    ],
  ])('refuse a decision with %s', async (_case, payload) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/org/approvalrequestresponse',
      headers: bearer(admin.token),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('the public profile', () => {
  it('is hidden while the host subscription has lapsed and back when it is active again', async () => {
    const lapsing = await subscribedOrgHost(app);
    const id = await approvedOrg('Lapsing Pines Camp', lapsing);
    expect((await publicDetails(id)).name).toBe('Lapsing Pines Camp');

    const setStatus = (status: 'active' | 'past_due' | 'canceled') =>
      db.update(hostSubscriptions).set({ status }).where(eq(hostSubscriptions.hostId, lapsing.id));

    await setStatus('canceled');
    expectError(await publicOrg(app, id), 404, 'NOT_FOUND', messages.orgNotFound);
    const hostCall = await app.inject({ method: 'GET', url: '/host/orgs', headers: bearer(lapsing.token) });
    expectError(hostCall, 402, 'SUBSCRIPTION_REQUIRED', messages.subscriptionRequired);

    // A failed renewal being retried keeps the host live, as it keeps their host features.
    await setStatus('past_due');
    expect((await publicDetails(id)).name).toBe('Lapsing Pines Camp');

    await setStatus('active');
    expect((await publicDetails(id)).name).toBe('Lapsing Pines Camp');
    expect((await hostOrg(app, lapsing.token, id)).status).toBe('approved');
  });

  it('shows only the public details, not the review state', async () => {
    const id = await approvedOrg('Open Meadow Camp');
    const body = (await publicOrg(app, id)).json<{ data: Record<string, unknown> }>();
    expect(Object.keys(body.data).sort()).toEqual(
      ['id', 'thumbnail', 'reviewSummary', ...Object.keys(ORG_UPDATE)].sort(),
    );
  });
});
