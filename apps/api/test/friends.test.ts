import { randomUUID } from 'node:crypto';
import {
  FRIEND_INVITATIONS_PER_HOUR,
  type Friend,
  type FriendGoing,
  type FriendsOverview,
} from '@campwise/contract/friends';
import { messages } from '@campwise/contract/messages';
import type { Planner } from '@campwise/contract/planner';
import type { AccountExport } from '@campwise/contract/privacy';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campSessions, friendInvitations, friendShares, friendships, users } from '../src/db/schema.ts';
import { CAMP_FIELDS, firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin, mailTo, type TestUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, expectError } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, type Family, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const overview = async (parent: Family) => {
  const res = await call(parent.token, 'GET', '/camper/friends');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FriendsOverview }>().data;
};

async function linkToken(parent: Family): Promise<string> {
  const res = await call(parent.token, 'POST', '/camper/friends/invitations/link');
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL(res.json<{ data: { url: string } }>().data.url);
  expect(url.pathname).toBe('/camper/friends/accept');
  return url.searchParams.get('token') ?? '';
}

const accept = (parent: Family, token: string) =>
  call(parent.token, 'POST', '/camper/friends/invitations/accept', { token });

/** Two families who are friends, and the friendship's id. */
async function friends(one: Family, other: Family): Promise<number> {
  const res = await accept(other, await linkToken(one));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Friend }>().data.id;
}

const share = (parent: Family, friendshipId: number, childId: number, shared = true) =>
  call(parent.token, 'PUT', `/camper/friends/${friendshipId}/shares/${childId}`, { shared });

async function book(parent: Family, campId: number, childId: number) {
  const res = await call(parent.token, 'POST', `/api/camps/${campId}/registrations`, {
    idempotencyKey: randomUUID(),
    paymentMethodId: parent.cardId,
    lines: [{ childId, sessionId: (await firstSession(db, campId)).id }],
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function going(parent: { token: string }, campIds: number[]) {
  return await call(parent.token, 'GET', `/camper/friends/going?campIds=${campIds.join(',')}`);
}
const goingLabels = async (parent: Family, campIds: number[]) => {
  const res = await going(parent, campIds);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FriendGoing[] }>().data.map((one) => one.label);
};

const INVITATION_SUBJECT = 'Robin Meadows invites you to plan camps together on Campwise';

const renameFamily = (parent: Family, lastName: string) =>
  db.update(users).set({ lastName }).where(eq(users.id, parent.id));

describe('inviting a family by e-mail', () => {
  it('mails an accept link and answers the same whether or not the address has an account', async () => {
    const parent = await family(app, [9]);
    const other = await family(app, [9]);
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const known = await call(parent.token, 'POST', '/camper/friends/invitations', { email: other.email });
    const stranger = await call(parent.token, 'POST', '/camper/friends/invitations', { email: unknown });
    expect(known.statusCode, known.body).toBe(201);
    expect(stranger.statusCode, stranger.body).toBe(201);
    const shape = (res: typeof known) => Object.keys(res.json<{ data: object }>().data).sort();
    expect(shape(known)).toEqual(shape(stranger));
    for (const address of [other.email, unknown]) {
      const [mail] = await mailTo(db, address, INVITATION_SUBJECT);
      expect(mail?.textBody).toMatch(/\/camper\/friends\/accept\?token=[\w-]+/);
    }
    const pending = (await overview(parent)).invitations;
    expect(pending.map((invitation) => invitation.email).sort()).toEqual([other.email, unknown].sort());
    // Only a hash of the token is kept.
    const [stored] = await db.select().from(friendInvitations).where(eq(friendInvitations.email, unknown));
    const mailed = /token=([\w-]+)/.exec(
      (await mailTo(db, unknown, INVITATION_SUBJECT))[0]?.textBody ?? '',
    )?.[1];
    expect(stored?.tokenHash).not.toContain(mailed);
  });

  it('refuses one’s own address, an address invited already and a friend’s address', async () => {
    const parent = await family(app, [9]);
    const other = await family(app, [9]);
    expectError(
      await call(parent.token, 'POST', '/camper/friends/invitations', { email: parent.email.toUpperCase() }),
      400,
      'BAD_REQUEST',
      messages.friendInviteSelf,
      { email: messages.friendInviteSelf },
    );
    const address = `twice-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await call(parent.token, 'POST', '/camper/friends/invitations', { email: address })).statusCode,
    ).toBe(201);
    expectError(
      await call(parent.token, 'POST', '/camper/friends/invitations', { email: address.toUpperCase() }),
      409,
      'CONFLICT',
      messages.friendInviteAlreadyPending,
    );
    await friends(parent, other);
    expectError(
      await call(parent.token, 'POST', '/camper/friends/invitations', { email: other.email }),
      409,
      'CONFLICT',
      messages.friendInviteAlreadyFriends,
    );
    expectError(
      await call(parent.token, 'POST', '/camper/friends/invitations', { email: 'not an address' }),
      400,
      'VALIDATION_ERROR',
      messages.invalidEmail,
      { email: messages.invalidEmail },
    );
  });

  it('limits how many invitations a parent sends in an hour, with a clear message', async () => {
    const parent = await family(app, [9]);
    for (let sent = 0; sent < FRIEND_INVITATIONS_PER_HOUR; sent += 1) {
      const res =
        sent % 2 === 0
          ? await call(parent.token, 'POST', '/camper/friends/invitations/link')
          : await call(parent.token, 'POST', '/camper/friends/invitations', {
              email: `flood-${sent}-${randomUUID().slice(0, 6)}@example.com`,
            });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await call(parent.token, 'POST', '/camper/friends/invitations', {
      email: `flood-${randomUUID().slice(0, 6)}@example.com`,
    });
    expectError(refused, 429, 'RATE_LIMITED', messages.friendInvitationsRateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectError(
      await call(parent.token, 'POST', '/camper/friends/invitations/link'),
      429,
      'RATE_LIMITED',
      messages.friendInvitationsRateLimited,
    );
    // Another parent is not held back.
    const other = await family(app, [9]);
    expect((await call(other.token, 'POST', '/camper/friends/invitations/link')).statusCode).toBe(201);
  });

  it('can be cancelled by its sender only, and then the link no longer works', async () => {
    const parent = await family(app, [9]);
    const other = await family(app, [9]);
    const res = await call(parent.token, 'POST', '/camper/friends/invitations/link');
    const { invitation, url } = res.json<{ data: { invitation: { id: number }; url: string } }>().data;
    const token = new URL(url).searchParams.get('token') ?? '';
    expectError(
      await call(other.token, 'DELETE', `/camper/friends/invitations/${invitation.id}`),
      404,
      'NOT_FOUND',
      messages.friendInvitationNotFound,
    );
    expect(
      (await call(parent.token, 'DELETE', `/camper/friends/invitations/${invitation.id}`)).statusCode,
    ).toBe(200);
    expect((await overview(parent)).invitations).toEqual([]);
    expectError(await accept(other, token), 404, 'NOT_FOUND', messages.friendInvitationNotFound);
  });
});

describe('accepting an invitation', () => {
  it('shows who invites, then makes the families friends with nothing shared, and tells the inviter', async () => {
    const parent = await family(app, [9]);
    const other = await family(app, [9]);
    await renameFamily(parent, 'Lee');
    const token = await linkToken(parent);
    const preview = await call(other.token, 'GET', `/camper/friends/invitation?token=${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ inviterFirstName: 'Robin', inviterLastName: 'Lee' });
    const res = await accept(other, token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Friend }>().data).toMatchObject({
      firstName: 'Robin',
      lastName: 'Lee',
      theirSharedChildren: [],
      sharedChildIds: [],
    });
    expect((await overview(parent)).friends).toHaveLength(1);
    expect((await overview(other)).friends[0]?.lastName).toBe('Lee');
    expect((await mailTo(db, parent.email)).map((mail) => mail.subject)).toContain(
      'Robin Meadows accepted your invitation',
    );
  });

  it('refuses one’s own link, a used link, an expired link, an unknown one and friends already', async () => {
    const parent = await family(app, [9]);
    const other = await family(app, [9]);
    const third = await family(app, [9]);
    const token = await linkToken(parent);
    expectError(await accept(parent, token), 400, 'BAD_REQUEST', messages.friendInvitationOwn);
    expect((await accept(other, token)).statusCode).toBe(201);
    expectError(await accept(third, token), 410, 'GONE', messages.friendInvitationUsed);
    expectError(
      await call(third.token, 'GET', `/camper/friends/invitation?token=${token}`),
      410,
      'GONE',
      messages.friendInvitationUsed,
    );
    expectError(await accept(other, await linkToken(parent)), 409, 'CONFLICT', messages.friendAlreadyFriends);

    const stale = await linkToken(parent);
    await db
      .update(friendInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${friendInvitations.inviterId} = ${parent.id} and ${friendInvitations.acceptedAt} is null`);
    expectError(await accept(third, stale), 410, 'GONE', messages.friendInvitationExpired);
    expect((await overview(parent)).invitations).toEqual([]);
    expectError(await accept(third, 'no-such-token'), 404, 'NOT_FOUND', messages.friendInvitationNotFound);
  });

  it('withdraws the invitations still open between the two families', async () => {
    const parent = await family(app, [9]);
    const other = await family(app, [9]);
    await call(parent.token, 'POST', '/camper/friends/invitations', { email: other.email });
    await call(other.token, 'POST', '/camper/friends/invitations', { email: parent.email });
    const mailed =
      /token=([\w-]+)/.exec((await mailTo(db, other.email, INVITATION_SUBJECT))[0]?.textBody ?? '')?.[1] ??
      '';
    expect((await accept(other, mailed)).statusCode).toBe(201);
    expect((await overview(parent)).invitations).toEqual([]);
    expect((await overview(other)).invitations).toEqual([]);
  });
});

describe('sharing which sessions a child is going to', () => {
  it('shows a friend only the consented children, a stranger and a host nothing, and stops at once', async () => {
    const lees = await family(app, [9, 9]);
    const taylors = await family(app, [9]);
    const stranger = await family(app, [9]);
    await renameFamily(lees, 'Lee');
    await renameFamily(taylors, 'Taylor');
    const [maya, noah] = lees.childIds as [number, number];
    const [sam] = taylors.childIds as [number];
    const camp = await addCamp(app, host);
    await book(lees, camp, maya);
    await book(lees, camp, noah);
    await book(stranger, camp, stranger.childIds[0] as number);
    const friendshipId = await friends(lees, taylors);

    // Nothing shared yet.
    expect(await goingLabels(taylors, [camp])).toEqual([]);
    // The Lees share Ada (their first child) only; the Taylors share no one yet.
    expect((await share(lees, friendshipId, maya)).json().data).toEqual({ childId: maya, shared: true });
    expect(await goingLabels(taylors, [camp])).toEqual(['Ada (the Lee family) is going']);
    // Once the Taylors share Sam, the line names him; sharing twice changes nothing.
    await share(taylors, friendshipId, sam);
    await share(taylors, friendshipId, sam);
    expect(await goingLabels(taylors, [camp])).toEqual(['Ada (friend of Ada) is going']);
    const data = (await going(taylors, [camp])).json<{ data: FriendGoing[] }>().data;
    const session = await firstSession(db, camp);
    expect(data[0]).toMatchObject({ campId: camp, sessionId: session.id });
    // A session that is over is no one's news.
    await db
      .update(campSessions)
      .set({ startDate: '2020-06-01', endDate: '2020-06-05' })
      .where(eq(campSessions.id, session.id));
    expect(await goingLabels(taylors, [camp])).toEqual([]);
    await db
      .update(campSessions)
      .set({ startDate: CAMP_FIELDS.startDate, endDate: CAMP_FIELDS.endDate })
      .where(eq(campSessions.id, session.id));
    // The Lees see nothing of the Taylors: Sam is not booked anywhere.
    expect(await goingLabels(lees, [camp])).toEqual([]);
    // A stranger sees nothing; a host or an administrator is refused.
    expect(await goingLabels(stranger, [camp])).toEqual([]);
    expectError(await going(host, [camp]), 403, 'FORBIDDEN', messages.forbidden);
    expectError(await going(admin, [camp]), 403, 'FORBIDDEN', messages.forbidden);
    const friendsList = (await overview(taylors)).friends[0];
    expect(friendsList).toMatchObject({ theirSharedChildren: ['Ada'], sharedChildIds: [sam] });

    // Stopping takes effect at once.
    expect((await share(lees, friendshipId, maya, false)).json().data).toEqual({
      childId: maya,
      shared: false,
    });
    expect(await goingLabels(taylors, [camp])).toEqual([]);
  });

  it('is decided only by the child’s own parent, inside a friendship of theirs', async () => {
    const lees = await family(app, [9]);
    const taylors = await family(app, [9]);
    const stranger = await family(app, [9]);
    const friendshipId = await friends(lees, taylors);
    expectError(
      await share(taylors, friendshipId, lees.childIds[0] as number),
      404,
      'NOT_FOUND',
      messages.friendChildNotFound,
    );
    expectError(
      await share(stranger, friendshipId, stranger.childIds[0] as number),
      404,
      'NOT_FOUND',
      messages.friendNotFound,
    );
    expect(await db.select().from(friendShares).where(eq(friendShares.friendshipId, friendshipId))).toEqual(
      [],
    );
  });

  it('shows friends’ children in the planner’s weeks', async () => {
    const lees = await family(app, [9], { day: '2031-06-01' });
    const taylors = await family(app, [9], { day: '2031-06-01' });
    await renameFamily(lees, 'Lee');
    const camp = await addCamp(app, host, { startDate: '2031-07-07', endDate: '2031-07-11' });
    await book(lees, camp, lees.childIds[0] as number);
    const friendshipId = await friends(lees, taylors);
    await share(lees, friendshipId, lees.childIds[0] as number);
    const res = await call(taylors.token, 'GET', '/camper/planner?from=2031-06-09&to=2031-08-31');
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<{ data: Planner }>().data;
    expect(plan.friendPlaces).toEqual([
      expect.objectContaining({
        campId: camp,
        startDate: '2031-07-07',
        endDate: '2031-07-11',
        label: 'Ada (the Lee family) is going',
      }),
    ]);
    const outside = await call(taylors.token, 'GET', '/camper/planner?from=2031-08-04&to=2031-08-31');
    expect(outside.json<{ data: Planner }>().data.friendPlaces).toEqual([]);
  });
});

describe('ending a friendship', () => {
  it('stops sharing both ways at once; a stranger cannot end it', async () => {
    const lees = await family(app, [9]);
    const taylors = await family(app, [9]);
    const stranger = await family(app, [9]);
    const camp = await addCamp(app, host);
    await book(lees, camp, lees.childIds[0] as number);
    const friendshipId = await friends(lees, taylors);
    await share(lees, friendshipId, lees.childIds[0] as number);
    await share(taylors, friendshipId, taylors.childIds[0] as number);
    expect(await goingLabels(taylors, [camp])).toHaveLength(1);
    expectError(
      await call(stranger.token, 'DELETE', `/camper/friends/${friendshipId}`),
      404,
      'NOT_FOUND',
      messages.friendNotFound,
    );
    expect((await call(taylors.token, 'DELETE', `/camper/friends/${friendshipId}`)).statusCode).toBe(200);
    expect(await goingLabels(taylors, [camp])).toEqual([]);
    expect((await overview(lees)).friends).toEqual([]);
    expect(await db.select().from(friendShares).where(eq(friendShares.friendshipId, friendshipId))).toEqual(
      [],
    );
  });
});

describe('who may call the friends routes', () => {
  it('refuses hosts, administrators and guests everywhere', async () => {
    for (const user of [host, admin]) {
      expectError(await call(user.token, 'GET', '/camper/friends'), 403, 'FORBIDDEN', messages.forbidden);
      expectError(
        await call(user.token, 'POST', '/camper/friends/invitations/link'),
        403,
        'FORBIDDEN',
        messages.forbidden,
      );
    }
    const guest = await app.inject({ method: 'GET', url: '/camper/friends' });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses a bad list of camps', async () => {
    const parent = await family(app, [9]);
    for (const campIds of ['', 'a,b', '1,,2', '0', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
      const res = await call(parent.token, 'GET', `/camper/friends/going?campIds=${campIds}`);
      expect(res.statusCode, `${campIds}: ${res.body}`).toBe(400);
    }
  });
});

describe('privacy', () => {
  it('exports friends, invitations sent and shares', async () => {
    const lees = await family(app, [9]);
    const taylors = await family(app, [9]);
    await renameFamily(taylors, 'Taylor');
    const friendshipId = await friends(lees, taylors);
    await share(lees, friendshipId, lees.childIds[0] as number);
    const res = await call(lees.token, 'GET', '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<AccountExport>();
    expect(data.friends).toEqual([expect.objectContaining({ firstName: 'Robin', lastName: 'Taylor' })]);
    expect(data.friendInvitations).toEqual([
      expect.objectContaining({ email: null, acceptedAt: expect.any(String) }),
    ]);
    expect(data.friendShares).toEqual([
      expect.objectContaining({ childId: lees.childIds[0], friendLastName: 'Taylor' }),
    ]);
    expect(JSON.stringify(data)).not.toMatch(/tokenHash|token_hash/);
  });

  it('deleting an account removes its friendships, both families’ shares and its invitations', async () => {
    const lees = await family(app, [9]);
    const taylors = await family(app, [9]);
    const other = await family(app, [9]);
    const friendshipId = await friends(lees, taylors);
    await share(lees, friendshipId, lees.childIds[0] as number);
    await share(taylors, friendshipId, taylors.childIds[0] as number);
    await call(lees.token, 'POST', '/camper/friends/invitations', { email: 'someone-else@example.com' });
    await call(other.token, 'POST', '/camper/friends/invitations', { email: lees.email });
    const res = await call(lees.token, 'POST', '/api/account/delete', { password: ACCOUNT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await db.select().from(friendships).where(eq(friendships.id, friendshipId))).toEqual([]);
    expect(await db.select().from(friendShares).where(eq(friendShares.friendshipId, friendshipId))).toEqual(
      [],
    );
    expect(await db.select().from(friendInvitations).where(eq(friendInvitations.inviterId, lees.id))).toEqual(
      [],
    );
    expect((await overview(other)).invitations).toEqual([]);
    expect((await overview(taylors)).friends).toEqual([]);
  });
});
