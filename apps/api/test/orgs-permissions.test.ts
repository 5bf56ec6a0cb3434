import { join } from 'node:path';
import { messages } from '@campwise/contract/messages';
import type { HostOrg } from '@campwise/contract/orgs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { bearer, createAdmin, type TestUser, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import {
  createOrg,
  filesUnder,
  hostOrg,
  hostOrgs,
  multipartBody,
  NEW_ORG_FIELDS,
  ORG_ENV,
  ORG_UPDATE,
  type OrgHost,
  orgTableCounts,
  pngImage,
  publicOrg,
  subscribedOrgHost,
  thumbnailPart,
} from './org-fixtures.ts';
import { type Account, expectError, registerAccount } from './payments-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let owner: OrgHost;
let otherHost: OrgHost;
let orgId: number;
let png: Buffer;
let uploads: string;
let camper: Account;
let admin: TestUser;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  uploads = join(app.config.dataDir, 'uploads');
  png = await pngImage(200, 150);
  [owner, otherHost] = await Promise.all([subscribedOrgHost(app), subscribedOrgHost(app)]);
  orgId = await createOrg(app, owner.token, {}, png);
  camper = await registerAccount(app, 'camper');
  admin = await createAdmin(app, db);
});

type InjectCall = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
type NamedRequest = [name: string, request: InjectCall];

/** Every host call on one organization, each with a body that would be valid for its owner. */
function orgCalls(id: number | string): NamedRequest[] {
  const image = multipartBody({}, [thumbnailPart(png, 'logo.png', 'image/png')]);
  return [
    ['GET /host/orgs/{id}', { method: 'GET', url: `/host/orgs/${id}` }],
    [
      'PUT /host/orgs/{id}',
      { method: 'PUT', url: `/host/orgs/${id}`, payload: { ...ORG_UPDATE, name: 'Taken Over' } },
    ],
    [
      'PUT /host/orgs/{id}/reviewupdate',
      { method: 'PUT', url: `/host/orgs/${id}/reviewupdate`, payload: { ...ORG_UPDATE, name: 'Taken Over' } },
    ],
    [
      'PUT /host/org/{id}/image',
      { method: 'PUT', url: `/host/org/${id}/image`, headers: image.headers, payload: image.payload },
    ],
    ['DELETE /host/org/{id}', { method: 'DELETE', url: `/host/org/${id}` }],
  ];
}

/** The calls that need no organization id. */
function collectionCalls(): NamedRequest[] {
  const form = multipartBody(NEW_ORG_FIELDS, [thumbnailPart(png, 'logo.png', 'image/png')]);
  return [
    ['GET /host/orgs', { method: 'GET', url: '/host/orgs' }],
    ['POST /host/orgs', { method: 'POST', url: '/host/orgs', headers: form.headers, payload: form.payload }],
  ];
}

function allCalls() {
  return [...collectionCalls(), ...orgCalls(orgId)];
}

function send(call: InjectCall, token?: string) {
  return app.inject({ ...call, headers: { ...call.headers, ...(token ? bearer(token) : {}) } });
}

/** Runs the calls and proves the owner's organization, the tables and the uploads are untouched. */
async function expectUntouched(run: () => Promise<void>): Promise<void> {
  const org = await hostOrg(app, owner.token, orgId);
  const rows = await orgTableCounts(db);
  const files = filesUnder(uploads);
  await run();
  expect(await hostOrg(app, owner.token, orgId)).toEqual(org);
  expect(await orgTableCounts(db)).toEqual(rows);
  expect(filesUnder(uploads)).toEqual(files);
}

describe("another host's organization", () => {
  it('looks exactly like one that does not exist, for every call, and stays unchanged', async () => {
    await expectUntouched(async () => {
      for (const [name, call] of orgCalls(orgId)) {
        const res = await send(call, otherHost.token);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: messages.orgNotFound });
      }
    });
  });

  it('is left out of the other host list', async () => {
    expect((await hostOrgs(app, otherHost.token)).map((org) => org.id)).not.toContain(orgId);
    expect((await hostOrgs(app, owner.token)).map((org) => org.id)).toContain(orgId);
  });

  it('answers the same 404 as an id nobody uses', async () => {
    for (const [name, call] of orgCalls(2_000_000_000)) {
      const res = await send(call, owner.token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: messages.orgNotFound });
    }
  });
});

describe('roles', () => {
  it('answers 401 to a guest and to a token that is not valid', async () => {
    await expectUntouched(async () => {
      for (const [name, call] of allCalls()) {
        for (const token of [undefined, 'not-a-token']) {
          const res = await send(call, token);
          expect(res.statusCode, `${name}: ${res.body}`).toBe(401);
          expect(res.json()).toEqual(unauthenticatedReply);
        }
      }
    });
  });

  it('forbids campers and administrators the host calls', async () => {
    await expectUntouched(async () => {
      for (const [name, call] of allCalls()) {
        for (const token of [camper.token, admin.token]) {
          const res = await send(call, token);
          expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: messages.forbidden });
        }
      }
    });
  });

  it('asks a host who never subscribed to subscribe, on every call', async () => {
    const unsubscribed = await registerAccount(app, 'host');
    await expectUntouched(async () => {
      for (const [name, call] of allCalls()) {
        const res = await send(call, unsubscribed.token);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(402);
        expect(res.json()).toEqual({
          statusCode: 402,
          code: 'SUBSCRIPTION_REQUIRED',
          message: messages.subscriptionRequired,
        });
      }
    });
  });
});

describe('organization ids', () => {
  it.each(['abc', '0', '-1', '99999999999', '1.5'])('refuses %j with 400', async (id) => {
    await expectUntouched(async () => {
      const calls = [
        ...orgCalls(id).map(([name, call]) => [name, call, owner.token] as const),
        ['GET /api/orgs/{id}', { method: 'GET', url: `/api/orgs/${id}` }, undefined] as const,
        ['GET /api/admin/orgs/{id}', { method: 'GET', url: `/api/admin/orgs/${id}` }, admin.token] as const,
      ];
      for (const [name, call, token] of calls) {
        const res = await send(call, token);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      }
    });
  });

  it('answers 404 on the public profile for an id nobody uses', async () => {
    expectError(await publicOrg(app, 2_000_000_000), 404, 'NOT_FOUND', messages.orgNotFound);
  });
});

describe('what an owner sees', () => {
  it('lists only its own organizations, newest first', async () => {
    const second = await createOrg(app, owner.token, { name: 'Second Camp' });
    const ids = (await hostOrgs(app, owner.token)).map((org: HostOrg) => org.id);
    expect(ids).toEqual([second, orgId]);
  });
});
