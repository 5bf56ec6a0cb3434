import { randomBytes, randomInt } from 'node:crypto';
import type { UserType } from '@campwise/contract/accounts';
import type { MemberRole } from '@campwise/contract/team-roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { campSessions } from '../src/db/schema.ts';
import {
  approvedOrg,
  CAMP_FIELDS,
  createCamp,
  detailedJpeg,
  firstSession,
  hostCamp,
  imagePart,
} from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { createOrg, userIdOf } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, registerAccount, subscribedHost } from './payments-fixtures.ts';
import { addCard, addChild, birthdayAged, outcome, register } from './registration-fixtures.ts';
import { joinedMember, joinTeam, type Member } from './team-fixtures.ts';

/**
 * Who calls: nobody signed in, two parents, three hosts (C without a subscription), the members of
 * A's and B's teams (decision 057), a host removed from A's team, and an administrator.
 */
export const ACTORS = [
  'guest',
  'parentA',
  'parentB',
  'hostA',
  'hostB',
  'hostC',
  'managerA',
  'staffA',
  'memberB',
  'removedA',
  'admin',
] as const;
export type ActorName = (typeof ACTORS)[number];

/**
 * Who is on whose team as what: a member acts on their host's organisations with their role's
 * rights. The removed member is on no team, a host without a subscription like host C.
 */
export const MEMBERS = {
  managerA: { of: 'hostA', role: 'manager' },
  staffA: { of: 'hostA', role: 'staff' },
  memberB: { of: 'hostB', role: 'manager' },
} as const satisfies Partial<Record<ActorName, { of: ActorName; role: MemberRole }>>;
export type MemberName = keyof typeof MEMBERS;

export const isMember = (actor: ActorName): actor is MemberName => actor in MEMBERS;

export interface Account {
  id: number;
  email: string;
  password: string;
  /** Replaced when a call (a password change) revokes the one before. */
  token: string;
  userType: UserType;
}

export interface ParentSide {
  account: Account;
  childId: number;
  childFirstName: string;
  medical: string;
  cardId: number;
  /** A confirmed, paid registration of the child at the same side's host's camp. */
  registrationId: number;
}

export interface HostSide {
  account: Account;
  /** The paid checkout session of the host's subscription. */
  sessionId: string;
  orgId: number;
  orgName: string;
  campId: number;
  campName: string;
  campPhone: string;
  /** The image in the camp's first slot. */
  campImageId: number;
}

/**
 * Two of everything so each can try the other's resources, plus what the public must not see:
 * host A's organization still waiting for review and host A's camp that is over.
 */
export interface World {
  parentA: ParentSide;
  parentB: ParentSide;
  hostA: HostSide;
  hostB: HostSide;
  hostC: Account;
  /** A manager and a staff member of both of host A's organisations; staff A works A's camp's session. */
  managerA: Account;
  staffA: Account;
  /** A manager of host B's organisation: a member of another organisation than A's. */
  memberB: Account;
  /** Joined A's team, then removed by its owner. */
  removedA: Account;
  admin: Account;
  pendingOrg: { id: number; name: string };
  overCamp: { id: number; name: string; imageId: number };
  /** The first day of the world's camps; children are of age on it. */
  campStart: string;
}

/** A short random tag, so the strings of one run are its own and can be searched for. */
export const tag = () => randomBytes(4).toString('hex');

/** Letters only, for names a person would type. */
export function randomName(prefix: string): string {
  const letters = [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}${letters}`;
}

let phoneCounter = randomInt(0, 9000);
/** A valid US phone number no other camp of the run has (camps are duplicates by name and phone). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `512-555-${1000 + (phoneCounter % 9000)}`;
}

/** A dated camp for children 8 to 12 on the world's start day, with a thumbnail and one slot image. */
export async function addWorldCamp(
  app: FastifyInstance,
  token: string,
  orgId: number,
  jpeg: Buffer,
  overrides: Record<string, string> = {},
): Promise<{ id: number; name: string; phone: string; imageId: number }> {
  const name = overrides.name ?? `${randomName('Camp ')} ${tag()}`;
  const phone = overrides.phone ?? uniquePhone();
  const id = await createCamp(app, token, orgId, { ...CAMP_FIELDS, ...overrides, name, phone }, [
    imagePart('thumbnail', jpeg),
    imagePart('campImage1', jpeg),
  ]);
  const camp = await hostCamp(app, token, id);
  const imageId = camp.images[0]?.id;
  if (imageId === undefined) throw new Error(`camp ${id} has no slot image`);
  return { id, name, phone, imageId };
}

async function hostSide(app: FastifyInstance, adminToken: string, jpeg: Buffer, label: string) {
  const host = await subscribedHost(app);
  const account: Account = {
    id: await userIdOf(app, host.token),
    email: host.email,
    password: ACCOUNT_PASSWORD,
    token: host.token,
    userType: 'host',
  };
  const orgName = `${label} Camps Collective ${tag()}`;
  const orgId = await approvedOrg(app, adminToken, host.token, { name: orgName });
  const camp = await addWorldCamp(app, host.token, orgId, jpeg);
  return {
    account,
    sessionId: host.sessionId,
    orgId,
    orgName,
    campId: camp.id,
    campName: camp.name,
    campPhone: camp.phone,
    campImageId: camp.imageId,
  } satisfies HostSide;
}

async function parentSide(app: FastifyInstance, host: HostSide, campStart: string): Promise<ParentSide> {
  const registered = await registerAccount(app, 'camper');
  const account: Account = {
    id: await userIdOf(app, registered.token),
    email: registered.email,
    password: ACCOUNT_PASSWORD,
    token: registered.token,
    userType: 'camper',
  };
  const childFirstName = randomName('Kid');
  const medical = `Allergic to ${randomName('pollen')} (note ${tag()})`;
  const childId = await addChild(app, account.token, {
    firstName: childFirstName,
    birthday: birthdayAged(9, campStart),
    medical,
  });
  const cardId = await addCard(app, account.token);
  const booked = outcome(
    await register(app, account, host.campId, { childIds: [childId], paymentMethodId: cardId }),
  );
  const registrationId = booked.registrationIds[0];
  if (booked.status !== 'confirmed' || registrationId === undefined) {
    throw new Error(`the world's registration was not confirmed: ${JSON.stringify(booked)}`);
  }
  return { account, childId, childFirstName, medical, cardId, registrationId };
}

const accountOfMember = (member: Member): Account => ({
  id: member.userId,
  email: member.email,
  password: member.password,
  token: member.token,
  userType: 'host',
});

/**
 * The teams, through the team routes. Staff A is put on A's camp's session before any child has a
 * place there, which would ask for a clear background check first (decision 058).
 */
async function buildTeams(
  app: FastifyInstance,
  db: Database,
  hostA: HostSide,
  hostB: HostSide,
  pendingOrgId: number,
) {
  const orgA = { token: hostA.account.token, orgId: hostA.orgId };
  const managerA = await joinedMember(app, db, orgA, 'manager');
  const staffA = await joinedMember(app, db, orgA, 'staff');
  const pendingOrg = { token: hostA.account.token, orgId: pendingOrgId };
  await joinTeam(app, db, pendingOrg, managerA, 'manager');
  await joinTeam(app, db, pendingOrg, staffA, 'staff');
  await assignToSession(app, hostA.account.token, (await firstSession(db, hostA.campId)).id, staffA.userId);
  const memberB = await joinedMember(app, db, { token: hostB.account.token, orgId: hostB.orgId }, 'manager');
  const removedA = await joinedMember(app, db, orgA, 'manager');
  const removed = await app.inject({
    method: 'DELETE',
    url: `/host/orgs/${hostA.orgId}/team/members/${removedA.userId}`,
    headers: bearer(hostA.account.token),
  });
  if (removed.statusCode !== 200) throw new Error(`removing a member failed: ${removed.body}`);
  return {
    managerA: accountOfMember(managerA),
    staffA: accountOfMember(staffA),
    memberB: accountOfMember(memberB),
    removedA: accountOfMember(removedA),
  };
}

/** Puts a staff member on a session, as its organisation's owner. */
export async function assignToSession(
  app: FastifyInstance,
  ownerToken: string,
  sessionId: number,
  userId: number,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/host/sessions/${sessionId}/staff/${userId}`,
    headers: bearer(ownerToken),
  });
  if (res.statusCode !== 200) throw new Error(`assigning staff failed: ${res.body}`);
}

/** Builds the world through the API (and one date change no API call can make: a camp that is over). */
export async function buildWorld(app: FastifyInstance, db: Database): Promise<World> {
  const campStart = CAMP_FIELDS.startDate;
  const [adminUser, jpeg] = await Promise.all([createAdmin(app, db), detailedJpeg()]);
  const admin: Account = { ...adminUser };
  const hostA = await hostSide(app, admin.token, jpeg, 'Alder');
  const hostB = await hostSide(app, admin.token, jpeg, 'Birch');
  const unsubscribed = await registerAccount(app, 'host');
  const hostC: Account = {
    id: await userIdOf(app, unsubscribed.token),
    email: unsubscribed.email,
    password: ACCOUNT_PASSWORD,
    token: unsubscribed.token,
    userType: 'host',
  };
  const pendingName = `Waiting Woods ${tag()}`;
  const pendingOrg = {
    id: await createOrg(app, hostA.account.token, { name: pendingName }),
    name: pendingName,
  };
  const teams = await buildTeams(app, db, hostA, hostB, pendingOrg.id);
  const parentA = await parentSide(app, hostA, campStart);
  const parentB = await parentSide(app, hostB, campStart);

  const over = await addWorldCamp(app, hostA.account.token, hostA.orgId, jpeg);
  await markOver(db, over.id);

  return {
    parentA,
    parentB,
    hostA,
    hostB,
    hostC,
    ...teams,
    admin,
    pendingOrg,
    overCamp: { id: over.id, name: over.name, imageId: over.imageId },
    campStart,
  };
}

/** Moves a camp's dates into the past: it stays the host's but leaves every public list. */
export async function markOver(db: Database, campId: number): Promise<void> {
  await db
    .update(campSessions)
    .set({ startDate: '2020-06-01', endDate: '2020-06-05' })
    .where(eq(campSessions.campId, campId));
}

/** The account behind each signed-in actor; null for the guest. */
export function accountOf(world: World, actor: ActorName): Account | null {
  switch (actor) {
    case 'guest':
      return null;
    case 'parentA':
      return world.parentA.account;
    case 'parentB':
      return world.parentB.account;
    case 'hostA':
      return world.hostA.account;
    case 'hostB':
      return world.hostB.account;
    case 'hostC':
      return world.hostC;
    case 'managerA':
    case 'staffA':
    case 'memberB':
    case 'removedA':
      return world[actor];
    case 'admin':
      return world.admin;
  }
}
