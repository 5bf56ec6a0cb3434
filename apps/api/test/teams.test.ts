import { messages } from '@campwise/contract/messages';
import type { HostOrg } from '@campwise/contract/orgs';
import { shiftDate } from '@campwise/contract/sessions';
import type { Team, TeamInvitationPreview } from '@campwise/contract/teams';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { hostSubscriptions, orgMembers, sessionStaff, teamInvitations } from '../src/db/schema.ts';
import {
  CAMP_FIELDS,
  campToday,
  campUpdate,
  multipartCall,
  postCamp,
  putCamp,
  send,
} from './camp-fixtures.ts';
import { bookPlace, runToday, tap, tapBody } from './check-in-fixtures.ts';
import { bearer, createAdmin, mailTo, registerHost, type TestUser, uniqueEmail } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { NEW_ORG_FIELDS, ORG_ENV, postOrg } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, family } from './registration-fixtures.ts';
import { joinedMember as joinedMemberOf, mailedTeamToken } from './team-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let owner: CampHost;
let otherOwner: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  owner = await campHost(app, admin.token);
  otherOwner = await campHost(app, admin.token);
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const joinedMember = (org: CampHost, role: 'manager' | 'staff') => joinedMemberOf(app, db, org, role);
const mailedToken = (email: string) => mailedTeamToken(db, email);

/** A clear background check of the member, as the owner records it (decision 058). */
async function clearCheck(userId: number) {
  const res = await send(
    app,
    multipartCall('POST', `/host/orgs/${owner.orgId}/team/members/${userId}/background-checks`, {
      checkedBy: 'Sterling Volunteers',
      checkedOn: shiftDate(campToday(), -10),
      result: 'clear',
      expiresOn: shiftDate(campToday(), 355),
    }),
    owner.token,
  );
  expect(res.statusCode, res.body).toBe(201);
}

const team = async (token: string, orgId: number) => {
  const res = await call(token, 'GET', `/host/orgs/${orgId}/team`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Team }>().data;
};

describe('inviting and joining', () => {
  it('mails an invitation that a new host previews and accepts once, joining with its role', async () => {
    const person = await registerHost(app, {
      email: uniqueEmail('staff'),
      firstName: 'Jordan',
      lastName: 'Reyes',
    });
    const invited = await call(owner.token, 'POST', `/host/orgs/${owner.orgId}/team/invitations`, {
      email: person.email.toUpperCase(),
      role: 'staff',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = (await mailTo(db, person.email)).at(-1);
    expect(mail?.subject).toMatch(/invites you to its team on Campwise$/);
    const token = await mailedToken(person.email);

    const preview = await call(person.token, 'POST', '/host/team/invitation', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ data: TeamInvitationPreview }>().data).toMatchObject({ role: 'staff' });

    const accepted = await call(person.token, 'POST', '/host/team/invitation/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ orgId: owner.orgId, role: 'staff' });

    const again = await call(person.token, 'POST', '/host/team/invitation/accept', { token });
    expectError(again, 410, 'GONE', messages.teamInvitationUsed);

    // The member has no subscription of their own, and sees the organisation with their role.
    const orgs = await call(person.token, 'GET', '/host/orgs');
    expect(orgs.statusCode, orgs.body).toBe(200);
    const listed = orgs.json<{ data: HostOrg[] }>().data;
    expect(listed.map((org) => [org.id, org.myRole])).toEqual([[owner.orgId, 'staff']]);

    // On the team, the host's screens open; an organisation of their own still needs a subscription.
    const state = await call(person.token, 'GET', '/api/host/subscription');
    expect(state.json().data[0]).toMatchObject({ isSubscribed: false, onTeam: true });
    const ownOrg = await postOrg(app, person.token, NEW_ORG_FIELDS);
    expectError(ownOrg, 402, 'SUBSCRIPTION_REQUIRED', messages.subscriptionRequired);

    const seen = await team(owner.token, owner.orgId);
    expect(seen.members.find((member) => member.email === person.email)).toMatchObject({
      firstName: 'Jordan',
      role: 'staff',
    });
    expect(seen.invitations.map((invitation) => invitation.email)).not.toContain(person.email);
    // A staff member sees the team but not the open invitations.
    expect((await team(person.token, owner.orgId)).invitations).toEqual([]);
  });

  it('refuses an address already on the team or already invited, and a forwarded link', async () => {
    const member = await joinedMember(owner, 'staff');
    const again = await call(owner.token, 'POST', `/host/orgs/${owner.orgId}/team/invitations`, {
      email: member.email,
      role: 'manager',
    });
    expectError(again, 409, 'CONFLICT', messages.teamAlreadyMember.replace('{email}', member.email));

    const email = uniqueEmail('invitee');
    const first = await call(owner.token, 'POST', `/host/orgs/${owner.orgId}/team/invitations`, {
      email,
      role: 'staff',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(owner.token, 'POST', `/host/orgs/${owner.orgId}/team/invitations`, {
      email,
      role: 'staff',
    });
    expectError(second, 409, 'CONFLICT', messages.teamAlreadyInvited.replace('{email}', email));

    const someoneElse = await registerHost(app);
    const forwarded = await call(someoneElse.token, 'POST', '/host/team/invitation/accept', {
      token: await mailedToken(email),
    });
    expectError(forwarded, 403, 'FORBIDDEN', messages.teamInvitationWrongAccount.replace('{email}', email));
  });

  it('refuses an expired link and a cancelled one, and lets the owner invite the address again', async () => {
    const person = await registerHost(app);
    const invite = () =>
      call(owner.token, 'POST', `/host/orgs/${owner.orgId}/team/invitations`, {
        email: person.email,
        role: 'staff',
      });
    const first = await invite();
    expect(first.statusCode, first.body).toBe(201);
    const expiredToken = await mailedToken(person.email);
    await db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, first.json().data.id));
    const expired = await call(person.token, 'POST', '/host/team/invitation/accept', { token: expiredToken });
    expectError(expired, 410, 'GONE', messages.teamInvitationExpired);

    const second = await invite();
    expect(second.statusCode, second.body).toBe(201);
    const cancelled = await call(
      owner.token,
      'DELETE',
      `/host/orgs/${owner.orgId}/team/invitations/${second.json().data.id}`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const gone = await call(person.token, 'POST', '/host/team/invitation', {
      token: await mailedToken(person.email),
    });
    expectError(gone, 404, 'NOT_FOUND', messages.teamInvitationNotFound);
  });

  it('lets only the owner manage the team', async () => {
    const manager = await joinedMember(owner, 'manager');
    const staff = await joinedMember(owner, 'staff');
    for (const person of [manager, staff]) {
      const invite = await call(person.token, 'POST', `/host/orgs/${owner.orgId}/team/invitations`, {
        email: uniqueEmail(),
        role: 'staff',
      });
      expectError(invite, 403, 'FORBIDDEN', messages.forbidden);
    }
    // A manager cannot raise their own role or anyone else's.
    const raise = await call(manager.token, 'PUT', `/host/orgs/${owner.orgId}/team/members/${staff.userId}`, {
      role: 'manager',
    });
    expectError(raise, 403, 'FORBIDDEN', messages.forbidden);
    const own = await call(owner.token, 'PUT', `/host/orgs/${owner.orgId}/team/members/${owner.id}`, {
      role: 'staff',
    });
    expectError(own, 400, 'BAD_REQUEST', messages.teamOwnRole);
    const ownerRole = await call(
      owner.token,
      'PUT',
      `/host/orgs/${owner.orgId}/team/members/${manager.userId}`,
      {
        role: 'owner',
      },
    );
    expect(ownerRole.statusCode).toBe(400);
  });
});

describe('what each role may do', () => {
  it('a manager runs camps but cannot delete the organisation or see its invitations', async () => {
    const manager = await joinedMember(owner, 'manager');
    const camp = await postCamp(app, manager.token, owner.orgId, {
      ...CAMP_FIELDS,
      name: 'Manager Made Camp',
      phone: '312-555-7788',
    });
    expect(camp.statusCode, camp.body).toBe(201);
    const deleted = await call(manager.token, 'DELETE', `/host/org/${owner.orgId}`);
    expectError(deleted, 403, 'FORBIDDEN', messages.forbidden);
    expect((await team(manager.token, owner.orgId)).invitations).toEqual([]);
  });

  it('staff check children in but cannot change camps, prices or the organisation', async () => {
    const staff = await joinedMember(owner, 'staff');
    const campId = await addCamp(app, owner);
    const sessionId = await runToday(db, campId);
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    await bookPlace(app, parent, campId, childId);

    // Not yet assigned to the session: it is not theirs to see.
    const before = await call(staff.token, 'GET', `/host/sessions/${sessionId}/check-in`);
    expectError(before, 404, 'NOT_FOUND', messages.sessionNotFound);
    await clearCheck(staff.userId);
    const assigned = await call(owner.token, 'PUT', `/host/sessions/${sessionId}/staff/${staff.userId}`);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mine = await call(staff.token, 'GET', '/host/team/sessions');
    expect(mine.json().data).toEqual([expect.objectContaining({ sessionId, campId, runsToday: true })]);

    const sheet = await call(staff.token, 'GET', `/host/sessions/${sessionId}/check-in`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const checkedIn = await tap(app, staff.token, sessionId, 'check-ins', tapBody(childId));
    expect([200, 201]).toContain(checkedIn.statusCode);
    // The parent reads who checked their child in: the team member, by name.
    const checkInMail = (await mailTo(db, parent.email)).at(-1);
    expect(checkInMail?.textBody).toContain('by Robin Meadows.');

    const editCamp = await putCamp(app, staff.token, campId, campUpdate({ cost: 1 }));
    expectError(editCamp, 403, 'FORBIDDEN', messages.forbidden);
    const newCamp = await postCamp(app, staff.token, owner.orgId, { ...CAMP_FIELDS, name: 'Staff Camp' });
    expectError(newCamp, 403, 'FORBIDDEN', messages.forbidden);
    const editOrg = await call(staff.token, 'DELETE', `/host/org/${owner.orgId}`);
    expectError(editOrg, 403, 'FORBIDDEN', messages.forbidden);
  });

  it("staff read what their session's families were told, and cannot write to them", async () => {
    const staff = await joinedMember(owner, 'staff');
    const campId = await addCamp(app, owner);
    const sessionId = await runToday(db, campId);
    const parent = await family(app, [10]);
    await bookPlace(app, parent, campId, parent.childIds[0] as number);
    const announce = (token: string, subject: string, audience: 'session' | 'camp') =>
      call(token, 'POST', `/host/camp/${campId}/announcements`, {
        audience,
        ...(audience === 'session' ? { sessionId } : {}),
        subject,
        body: 'Park behind the lodge.',
      });
    expect((await announce(owner.token, 'Parking', 'session')).statusCode).toBe(201);
    expect((await announce(owner.token, 'Sunscreen', 'camp')).statusCode).toBe(201);
    const url = `/host/sessions/${sessionId}/announcements`;

    // A session they do not work is not theirs to read.
    expectError(await call(staff.token, 'GET', url), 404, 'NOT_FOUND', messages.sessionNotFound);
    await clearCheck(staff.userId);
    expect(
      (await call(owner.token, 'PUT', `/host/sessions/${sessionId}/staff/${staff.userId}`)).statusCode,
    ).toBe(200);
    const read = await call(staff.token, 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.map((sent: { subject: string }) => sent.subject)).toEqual([
      'Sunscreen',
      'Parking',
    ]);
    expectError(await announce(staff.token, 'From staff', 'session'), 403, 'FORBIDDEN', messages.forbidden);
    expectError(
      await call(staff.token, 'GET', `/host/camp/${campId}/announcements`),
      403,
      'FORBIDDEN',
      messages.forbidden,
    );
  });

  it('a manager assigns staff to a session and takes them off; a manager is not assigned', async () => {
    const manager = await joinedMember(owner, 'manager');
    const staff = await joinedMember(owner, 'staff');
    const sessionId = await runToday(db, await addCamp(app, owner));
    const url = (userId: number) => `/host/sessions/${sessionId}/staff/${userId}`;
    const listed = await call(manager.token, 'GET', `/host/sessions/${sessionId}/staff`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.available.map((person: { userId: number }) => person.userId)).toContain(
      staff.userId,
    );

    const put = await call(manager.token, 'PUT', url(staff.userId));
    expect(put.json().data.assigned.map((person: { userId: number }) => person.userId)).toEqual([
      staff.userId,
    ]);
    expectError(
      await call(manager.token, 'PUT', url(manager.userId)),
      404,
      'NOT_FOUND',
      messages.teamMemberNotFound,
    );
    expectError(await call(staff.token, 'PUT', url(staff.userId)), 403, 'FORBIDDEN', messages.forbidden);

    const off = await call(manager.token, 'DELETE', url(staff.userId));
    expect(off.json().data.assigned).toEqual([]);
    expectError(
      await call(staff.token, 'GET', `/host/sessions/${sessionId}/check-in`),
      404,
      'NOT_FOUND',
      messages.sessionNotFound,
    );
  });

  it('a member of one organisation gets 404 on another', async () => {
    const staff = await joinedMember(owner, 'staff');
    const otherCamp = await addCamp(app, otherOwner);
    const sessionId = await runToday(db, otherCamp);
    const sheet = await call(staff.token, 'GET', `/host/sessions/${sessionId}/check-in`);
    expect(sheet.statusCode).toBe(404);
    const otherTeam = await call(staff.token, 'GET', `/host/orgs/${otherOwner.orgId}/team`);
    expectError(otherTeam, 404, 'NOT_FOUND', messages.orgNotFound);
  });

  it("members lose access when the owner's subscription ends, and get it back when it is live", async () => {
    const lapsing = await campHost(app, admin.token);
    const staff = await joinedMember(lapsing, 'staff');
    await db
      .update(hostSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(hostSubscriptions.hostId, lapsing.id));
    const refused = await call(staff.token, 'GET', `/host/orgs/${lapsing.orgId}/team`);
    expect(refused.statusCode).toBe(402);
    await db
      .update(hostSubscriptions)
      .set({ status: 'active' })
      .where(eq(hostSubscriptions.hostId, lapsing.id));
    expect((await call(staff.token, 'GET', `/host/orgs/${lapsing.orgId}/team`)).statusCode).toBe(200);
  });
});

describe('changing and ending membership', () => {
  it('the owner changes a role and removes a member, whose access ends at once', async () => {
    const staff = await joinedMember(owner, 'staff');
    const sessionId = await runToday(db, await addCamp(app, owner));
    await call(owner.token, 'PUT', `/host/sessions/${sessionId}/staff/${staff.userId}`);
    const changed = await call(owner.token, 'PUT', `/host/orgs/${owner.orgId}/team/members/${staff.userId}`, {
      role: 'manager',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ userId: staff.userId, role: 'manager' });

    const removed = await call(
      owner.token,
      'DELETE',
      `/host/orgs/${owner.orgId}/team/members/${staff.userId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    // Off the team is off its sessions too.
    expect(await db.select().from(sessionStaff).where(eq(sessionStaff.userId, staff.userId))).toEqual([]);
    const after = await call(staff.token, 'GET', `/host/orgs/${owner.orgId}/team`);
    expect([402, 404]).toContain(after.statusCode);
    const orgs = await call(staff.token, 'GET', '/host/orgs');
    expect(orgs.statusCode === 402 || orgs.json<{ data: HostOrg[] }>().data.length === 0).toBe(true);
  });

  it('a member leaves; the owner can neither leave nor be removed', async () => {
    const manager = await joinedMember(owner, 'manager');
    const left = await call(
      manager.token,
      'DELETE',
      `/host/orgs/${owner.orgId}/team/members/${manager.userId}`,
    );
    expect(left.statusCode, left.body).toBe(200);

    const ownerLeaves = await call(
      owner.token,
      'DELETE',
      `/host/orgs/${owner.orgId}/team/members/${owner.id}`,
    );
    expectError(ownerLeaves, 409, 'CONFLICT', messages.teamOwnerStays);
    const other = await joinedMember(owner, 'manager');
    const removeOwner = await call(
      other.token,
      'DELETE',
      `/host/orgs/${owner.orgId}/team/members/${owner.id}`,
    );
    expectError(removeOwner, 403, 'FORBIDDEN', messages.forbidden);
  });

  it('concurrent role changes leave exactly one owner', async () => {
    const first = await joinedMember(owner, 'staff');
    const second = await joinedMember(owner, 'staff');
    await Promise.all(
      [first, second].flatMap((member) =>
        (['manager', 'staff'] as const).map((role) =>
          call(owner.token, 'PUT', `/host/orgs/${owner.orgId}/team/members/${member.userId}`, { role }),
        ),
      ),
    );
    const owners = await db
      .select({ userId: orgMembers.userId })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, owner.orgId), eq(orgMembers.role, 'owner')));
    expect(owners).toEqual([{ userId: owner.id }]);
  });
});
