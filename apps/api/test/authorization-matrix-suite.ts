import { randomBytes, randomUUID } from 'node:crypto';
import type { UserType } from '@campwise/contract/accounts';
import { roleHasRight, type TeamRight } from '@campwise/contract/team-roles';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  announcementRecipients,
  announcements,
  campSessions,
  conversationMessages,
  conversations,
  hostSubscriptions,
  instalmentPlaces,
  instalments,
  registrations,
  users,
} from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { ADMITTED, type RouteAccess } from '../src/platform/route-access.ts';
import {
  ACTORS,
  type Account,
  type ActorName,
  accountOf,
  addWorldCamp,
  assignToSession,
  buildWorld,
  isMember,
  MEMBERS,
  markOver,
  randomName,
  tag,
  uniquePhone,
  type World,
} from './authorization-world.ts';
import {
  approvedOrg,
  CAMP_FIELDS,
  type Call,
  campToday,
  campUpdate,
  detailedJpeg,
  firstSession,
  imagePart,
  multipartCall,
  send,
} from './camp-fixtures.ts';
import {
  ADULT_FIELDS,
  addPickupAdult,
  bookPlace,
  pickupAdultCall,
  runToday,
  tap,
  tapBody,
} from './check-in-fixtures.ts';
import { tableWrites, writesBetween } from './database-writes.ts';
import { bearer, createAdmin, logIn, uniqueEmail, uniqueRemoteAddress } from './fixtures.ts';
import { HEALTH_PROFILE } from './health-profile-fixtures.ts';
import { createOrg, NEW_ORG_FIELDS, ORG_ENV, ORG_UPDATE, thumbnailPart, userIdOf } from './org-fixtures.ts';
import {
  GOOD_CARD,
  registerAccount,
  startCheckout,
  startPayoutOnboarding,
  subscribedHost,
  TEST_BANK_ACCOUNT,
} from './payments-fixtures.ts';
import { addCard, addChild, birthdayAged, outcome, register } from './registration-fixtures.ts';
import {
  buildAppWithRoutes,
  declaredOf,
  type LiveRoute,
  NOT_API,
  routeKey,
  uncovered,
} from './route-table.ts';
import { casesOf, type SuitePart } from './suite-parts.ts';
import { joinedMember, mailedTeamToken } from './team-fixtures.ts';

// ---------------------------------------------------------------------------------------------
// The rule every cell follows.

/** Whose a target resource is: one caller's, every admitted caller's, or nobody's (not published). */
type Owner = ActorName | 'anyone' | 'nobody';

interface Context {
  app: FastifyInstance;
  db: Database;
  world: World;
  jpeg: Buffer;
}

/** How one caller asks for the target; may build something fresh for each call. */
type CallFor = (actor: ActorName, account: Account | null) => Call | Promise<Call>;
/** Builds what a target needs once (a fresh resource for a destructive call), then its calls. */
type Prepare = (ctx: Context) => CallFor | Promise<CallFor>;

interface Target {
  /** A: owned by side A; B: by side B; unpublished: not public; own: the caller's own account. */
  name: 'A' | 'B' | 'unpublished' | 'own';
  owner: Owner;
  prepare: Prepare;
  /** Cells whose status is not the rule's, each with its reason beside it in the table. */
  expect?: Partial<Record<ActorName, number>>;
}

interface Entry {
  /** The status of an admitted caller who may use the target. */
  success: number;
  targets: Target[];
  /** The call answers a fresh token and revokes the caller's old one (a password change). */
  refreshesToken?: boolean;
  /** A route-specific check of a successful reply, for answers that carry only ids. */
  check?: (res: LightMyRequestResponse, actor: ActorName, target: Target['name'], world: World) => void;
  /** Why the reply may show other people's data (the development mailbox, a family's calendar feed). */
  showsEveryone?: string;
  /**
   * The route finds its resource among those the caller's role may act on (`memberOf`,
   * `mayActOnCamp`), so a member whose role lacks the right finds nothing: 404, as a stranger,
   * where the access module's other checks answer such a member 403.
   */
  foundByRight?: true;
}

/** What each caller signs in as (the members are hosts, decision 057). */
const USER_TYPE: Record<ActorName, UserType | null> = {
  guest: null,
  parentA: 'camper',
  parentB: 'camper',
  hostA: 'host',
  hostB: 'host',
  hostC: 'host',
  managerA: 'host',
  staffA: 'host',
  memberB: 'host',
  removedA: 'host',
  admin: 'admin',
};

/** Hosts A and B pay for a plan of their own; members are admitted through their team's owner's. */
function subscribedFor(access: 'subscribedHost' | 'ownSubscription', actor: ActorName): boolean {
  if (actor === 'hostA' || actor === 'hostB') return true;
  return access === 'subscribedHost' && isMember(actor);
}

/** Whether the caller may act on the owner's resources with the right: the owner, or a member whose role holds it. */
function actsFor(actor: ActorName, owner: Owner, right: TeamRight): boolean {
  if (actor === owner) return true;
  return isMember(actor) && MEMBERS[actor].of === owner && roleHasRight(MEMBERS[actor].role, right);
}

/** What a route declares on itself (decision 059). */
interface Declared {
  access: RouteAccess;
  right: TeamRight | undefined;
}

function expectedStatus({ access, right }: Declared, entry: Entry, target: Target, actor: ActorName): number {
  const exception = target.expect?.[actor];
  if (exception !== undefined) return exception;
  if (access !== 'public') {
    const role = USER_TYPE[actor];
    if (role === null) return 401;
    if (!ADMITTED[access].includes(role)) return 403;
    if ((access === 'subscribedHost' || access === 'ownSubscription') && !subscribedFor(access, actor)) {
      return 402;
    }
  }
  if (target.owner === 'nobody') return 404;
  if (target.owner === 'anyone' || target.owner === actor) return entry.success;
  // A member on their host's resource (a session of A's is one staff A works): the role decides.
  if (right && isMember(actor) && MEMBERS[actor].of === target.owner) {
    if (roleHasRight(MEMBERS[actor].role, right)) return entry.success;
    return entry.foundByRight ? 404 : 403;
  }
  return 404;
}

// ---------------------------------------------------------------------------------------------
// Building targets.

type Side = 'A' | 'B' | 'unpublished';

/** Owners per side: a host's resources (A's unpublished ones too), a parent's, or listed ones. */
const OWNERS = {
  host: { A: 'hostA', B: 'hostB', unpublished: 'hostA' },
  parent: { A: 'parentA', B: 'parentB', unpublished: 'nobody' },
  listed: { A: 'anyone', B: 'anyone', unpublished: 'nobody' },
  anyone: { A: 'anyone', B: 'anyone', unpublished: 'anyone' },
} as const satisfies Record<string, Record<Side, Owner>>;

function sides(
  owners: keyof typeof OWNERS,
  which: readonly Side[],
  prepare: (ctx: Context, side: Side) => CallFor | Promise<CallFor>,
  expect: Partial<Record<Side, Partial<Record<ActorName, number>>>> = {},
): Target[] {
  return which.map((side) => ({
    name: side,
    owner: OWNERS[owners][side],
    prepare: (ctx: Context) => prepare(ctx, side),
    ...(expect[side] ? { expect: expect[side] } : {}),
  }));
}

const ALL_SIDES = ['A', 'B', 'unpublished'] as const;
const AB = ['A', 'B'] as const;

/** The caller's own account or lists: nothing of anyone else's is named. */
const own = (prepare: Prepare, expect?: Partial<Record<ActorName, number>>): Target[] => [
  { name: 'own', owner: 'anyone', prepare, ...(expect ? { expect } : {}) },
];

/** The same call for every caller. */
const always =
  (call: Call): CallFor =>
  () =>
    call;
const fixed =
  (call: Call): Prepare =>
  () =>
    always(call);
/** A call built for each caller (their own details, or something new each time). */
const perCall =
  (build: (ctx: Context, account: Account | null) => Call | Promise<Call>): Prepare =>
  (ctx) =>
  (_actor, account) =>
    build(ctx, account);

const GOOD_PASSWORD = 'Granite-Canoe-Lantern-42';
const get = (url: string): Call => ({ method: 'GET', url });
const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object): Call => ({
  method,
  url,
  payload,
});

const hostSide = (w: World, side: Side) => (side === 'B' ? w.hostB : w.hostA);
const parentSide = (w: World, side: Side) => (side === 'B' ? w.parentB : w.parentA);
/** The charge that paid for a registration (its receipt's id). */
async function paymentOf(db: Database, registrationId: number): Promise<number> {
  const [row] = await db
    .select({ paymentId: registrations.paymentId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!row?.paymentId) throw new Error(`registration ${registrationId} has no payment`);
  return row.paymentId;
}
const campOf = (w: World, side: Side) => (side === 'unpublished' ? w.overCamp.id : hostSide(w, side).campId);
const orgOf = (w: World, side: Side) => (side === 'unpublished' ? w.pendingOrg.id : hostSide(w, side).orgId);
const orgNameOf = (w: World, side: Side) =>
  side === 'unpublished' ? w.pendingOrg.name : hostSide(w, side).orgName;

/** A second week for a camp made from CAMP_FIELDS (June 15–20, 2030). */
const NEXT_SESSION = {
  name: 'Week 2',
  startDate: '2030-07-01',
  endDate: '2030-07-05',
  price: '175',
  capacity: '12',
  allowsWaitlist: true,
};
const datesOf = (session: { startDate: string | null; endDate: string | null }) => ({
  startDate: session.startDate,
  endDate: session.endDate,
});

/**
 * A new camp of the side's host (A's unpublished one is over), so destructive calls hurt nothing
 * shared. Staff A works the first session of a new camp of A's, as they work the world's.
 */
async function freshCamp(ctx: Context, side: Side) {
  const host = hostSide(ctx.world, side);
  const camp = await addWorldCamp(ctx.app, host.account.token, host.orgId, ctx.jpeg);
  if (side !== 'B') {
    const sessionId = (await firstSession(ctx.db, camp.id)).id;
    await assignToSession(ctx.app, host.account.token, sessionId, ctx.world.staffA.id);
  }
  if (side === 'unpublished') await markOver(ctx.db, camp.id);
  return { ...camp, orgId: host.orgId };
}

/** A new organization of the side's host, approved or still waiting for review. */
async function freshOrg(ctx: Context, side: Side, status: 'approved' | 'pending'): Promise<number> {
  const host = hostSide(ctx.world, side);
  const fields = { name: `${randomName('Org ')} ${tag()}` };
  return status === 'pending'
    ? createOrg(ctx.app, host.account.token, fields)
    : approvedOrg(ctx.app, ctx.world.admin.token, host.account.token, fields);
}

function freshChild(ctx: Context, side: Side): Promise<number> {
  return addChild(ctx.app, parentSide(ctx.world, side).account.token, {
    firstName: randomName('Kid'),
    birthday: birthdayAged(9, ctx.world.campStart),
  });
}

/** A new confirmed registration of a new child of the side's parent at the side's host's camp. */
async function freshRegistration(ctx: Context, side: Side): Promise<number> {
  const parent = parentSide(ctx.world, side);
  const childId = await freshChild(ctx, side);
  const booked = outcome(
    await register(ctx.app, parent.account, hostSide(ctx.world, side).campId, {
      childIds: [childId],
      paymentMethodId: parent.cardId,
    }),
  );
  const id = booked.registrationIds[0];
  if (id === undefined) throw new Error('no registration id');
  return id;
}

/**
 * A failed instalment of the side's parent: a place booked on a payment plan at a new camp of the
 * side's host, its first instalment declined once (set as the job would leave it).
 */
async function freshFailedInstalment(ctx: Context, side: Side): Promise<number> {
  const host = hostSide(ctx.world, side);
  const parent = parentSide(ctx.world, side);
  const camp = await freshCamp(ctx, side);
  const plan = { depositCents: 1000, balanceDueDays: 7, maxInstalments: 2, onFinalFailure: 'keep' };
  const set = await send(
    ctx.app,
    { method: 'PUT', url: `/host/camp/${camp.id}/payment-plan`, payload: { plan } },
    host.account.token,
  );
  if (set.statusCode !== 200) throw new Error(`setting the plan failed: ${set.body}`);
  const sessionId = (await firstSession(ctx.db, camp.id)).id;
  const booked = outcome(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/camps/${camp.id}/registrations`,
      headers: bearer(parent.account.token),
      payload: {
        lines: [{ childId: await freshChild(ctx, side), sessionId }],
        paymentMethodId: parent.cardId,
        plan: { instalments: 2 },
        idempotencyKey: randomUUID(),
      },
    }),
  );
  const [first] = await ctx.db
    .select({ id: instalmentPlaces.instalmentId })
    .from(instalmentPlaces)
    .where(eq(instalmentPlaces.registrationId, booked.registrationIds[0] ?? 0))
    .orderBy(asc(instalmentPlaces.instalmentId))
    .limit(1);
  if (!first) throw new Error('no instalment');
  await ctx.db
    .update(instalments)
    .set({ status: 'failed', failedAttempts: 1 })
    .where(eq(instalments.id, first.id));
  return first.id;
}

/** An invitation link of a new family's, for whoever is asked to accept it. */
async function strangerLink(ctx: Context): Promise<string> {
  const inviter = await registerAccount(ctx.app, 'camper');
  const link = await ctx.app.inject({
    method: 'POST',
    url: '/camper/friends/invitations/link',
    headers: bearer(inviter.token),
  });
  if (link.statusCode !== 201) throw new Error(`inviting failed: ${link.body}`);
  return new URL(link.json<{ data: { url: string } }>().data.url).searchParams.get('token') ?? '';
}

/** Invites the address to the organisation as its owner; answers the invitation and its mailed token. */
async function teamInvitation(ctx: Context, ownerToken: string, orgId: number, email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/host/orgs/${orgId}/team/invitations`,
    headers: bearer(ownerToken),
    payload: { email, role: 'staff' },
  });
  if (res.statusCode !== 201) throw new Error(`inviting failed: ${res.body}`);
  return { id: res.json<{ data: { id: number } }>().data.id, token: await mailedTeamToken(ctx.db, email) };
}

/** A new host on the team of the side's organisation as staff; answers their user id. */
function freshMember(ctx: Context, side: Side): Promise<number> {
  return freshStaff(ctx, hostSide(ctx.world, side).account.token, orgOf(ctx.world, side));
}

/** A new host on the organisation's team as staff, invited by its owner; answers their user id. */
async function freshStaff(ctx: Context, ownerToken: string, orgId: number): Promise<number> {
  return (await joinedMember(ctx.app, ctx.db, { token: ownerToken, orgId }, 'staff')).userId;
}

/** A session of a new camp of the side's host, and a new staff member of that host's organisation. */
async function freshStaffedSession(ctx: Context, side: Side) {
  const camp = await freshCamp(ctx, side);
  const userId = await freshStaff(ctx, hostSide(ctx.world, side).account.token, camp.orgId);
  return { sessionId: (await firstSession(ctx.db, camp.id)).id, userId };
}

/** A new staff member of the side's organisation with a recorded check (and its document); answers the check's id. */
async function freshCheck(ctx: Context, side: Side): Promise<number> {
  const orgId = orgOf(ctx.world, side);
  const ownerToken = hostSide(ctx.world, side).account.token;
  const userId = await freshStaff(ctx, ownerToken, orgId);
  const res = await send(
    ctx.app,
    multipartCall('POST', `/host/orgs/${orgId}/team/members/${userId}/background-checks`, BACKGROUND_CHECK, [
      {
        field: 'document',
        filename: 'check.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    ]),
    ownerToken,
  );
  if (res.statusCode !== 201) throw new Error(`recording a check failed: ${res.body}`);
  return res.json<{ data: { check: { id: number } } }>().data.check.id;
}

const BACKGROUND_CHECK = {
  checkedBy: 'Sterling Volunteers',
  checkedOn: '2026-01-05',
  result: 'clear',
  expiresOn: '2031-01-05',
};

/** A host outside the world, per app, whose new organisations invite the callers. */
const outsideHosts = new WeakMap<FastifyInstance, Promise<{ id: number; token: string }>>();
function outsideHost(ctx: Context): Promise<{ id: number; token: string }> {
  let host = outsideHosts.get(ctx.app);
  if (!host) {
    host = subscribedHost(ctx.app).then(async ({ token }) => ({ id: await userIdOf(ctx.app, token), token }));
    outsideHosts.set(ctx.app, host);
  }
  return host;
}

const setSubscription = (db: Database, hostId: number, status: 'active' | 'canceled') =>
  db.update(hostSubscriptions).set({ status }).where(eq(hostSubscriptions.hostId, hostId));

/**
 * A token inviting the caller (a host) to a new organisation outside the world. Its owner's
 * subscription is live only while it is made, so joining it admits the caller to nothing else
 * (an unsubscribed host stays one for the other cells).
 */
async function invitationFor(ctx: Context, account: Account | null): Promise<string> {
  if (account?.userType !== 'host') return 'not-an-invitation';
  const owner = await outsideHost(ctx);
  await setSubscription(ctx.db, owner.id, 'active');
  const orgId = await createOrg(ctx.app, owner.token, { name: `${randomName('Outside ')} ${tag()}` });
  const { token } = await teamInvitation(ctx, owner.token, orgId, account.email);
  await setSubscription(ctx.db, owner.id, 'canceled');
  return token;
}

/** A new family who is friends with the side's parent; answers the friendship's id. */
async function freshFriendship(ctx: Context, side: Side): Promise<number> {
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: '/camper/friends/invitations/accept',
    headers: bearer(parentSide(ctx.world, side).account.token),
    payload: { token: await strangerLink(ctx) },
  });
  if (accepted.statusCode !== 201) throw new Error(`accepting failed: ${accepted.body}`);
  return accepted.json<{ data: { id: number } }>().data.id;
}

/**
 * A new confirmed registration at a new camp of the side's host with a second session, a week
 * later at the same price: a place that can move there at no cost.
 */
async function freshMovablePlace(ctx: Context, side: Side) {
  const host = hostSide(ctx.world, side);
  const parent = parentSide(ctx.world, side);
  const camp = await addWorldCamp(ctx.app, host.account.token, host.orgId, ctx.jpeg);
  const week1 = (await firstSession(ctx.db, camp.id)).id;
  const copied = await ctx.app.inject({
    method: 'POST',
    url: `/host/sessions/${week1}/copy`,
    headers: bearer(host.account.token),
  });
  if (copied.statusCode !== 201) throw new Error(`copy failed: ${copied.body}`);
  const week2 = copied.json<{ data: { id: number } }>().data.id;
  const booked = outcome(
    await register(ctx.app, parent.account, camp.id, {
      childIds: [await freshChild(ctx, side)],
      sessionId: week1,
      paymentMethodId: parent.cardId,
    }),
  );
  const registrationId = booked.registrationIds[0];
  if (registrationId === undefined) throw new Error('no registration id');
  return { registrationId, body: { sessionId: week2, expectedDifferenceCents: 0 } };
}

/** A child of the side's parent with a confirmed place at a new camp of the side's host, now over. */
async function freshEndedPlace(ctx: Context, side: Side) {
  const camp = await freshCamp(ctx, side);
  const parent = parentSide(ctx.world, side);
  outcome(
    await register(ctx.app, parent.account, camp.id, {
      childIds: [await freshChild(ctx, side)],
      paymentMethodId: parent.cardId,
    }),
  );
  const sessionId = (await firstSession(ctx.db, camp.id)).id;
  await ctx.db
    .update(campSessions)
    .set({ startDate: '2020-06-01', endDate: '2020-06-05' })
    .where(eq(campSessions.id, sessionId));
  return { campId: camp.id, sessionId };
}

const REVIEW = { rating: 4, text: 'A lovely week by the lake, well run.' };

/** The side's parent's review of a session that is over, reported by its host when asked. */
async function freshReview(ctx: Context, side: Side, reported = false): Promise<number> {
  const { sessionId } = await freshEndedPlace(ctx, side);
  const res = await ctx.app.inject({
    ...json('POST', `/camper/sessions/${sessionId}/reviews`, REVIEW),
    headers: bearer(parentSide(ctx.world, side).account.token),
  });
  if (res.statusCode !== 201) throw new Error(`writing a review failed: ${res.body}`);
  const id = res.json<{ data: { id: number } }>().data.id;
  if (reported) {
    const report = await ctx.app.inject({
      ...json('POST', `/host/reviews/${id}/report`, { reason: 'It names a member of staff.' }),
      headers: bearer(hostSide(ctx.world, side).account.token),
    });
    if (report.statusCode !== 200) throw new Error(`reporting a review failed: ${report.body}`);
  }
  return id;
}

// A camp's forms (decision 029). Everything added to the world's camps is optional, so the
// world's other bookings are not held up by it.
const FORM_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const OPTIONAL_QUESTION = { label: 'Nickname', kind: 'short_text', required: false, per: 'child' };
const OPTIONAL_WAIVER = {
  title: 'Photo release',
  text: 'We may take photos of campers during activities and share them with the families of the session.',
  required: false,
};

async function hostCreates(
  ctx: Context,
  side: Side,
  url: string,
  payload: object,
): Promise<{ id: number; textHash?: string }> {
  const res = await send(ctx.app, json('POST', url, payload), hostSide(ctx.world, side).account.token);
  if (res.statusCode !== 201) throw new Error(`creating ${url} failed: ${res.body}`);
  return res.json<{ data: { id: number; textHash?: string } }>().data;
}

const freshQuestion = async (ctx: Context, side: Side) =>
  (await hostCreates(ctx, side, `/host/camp/${campOf(ctx.world, side)}/questions`, OPTIONAL_QUESTION)).id;

async function freshWaiver(ctx: Context, side: Side) {
  const waiver = await hostCreates(
    ctx,
    side,
    `/host/camp/${campOf(ctx.world, side)}/waivers`,
    OPTIONAL_WAIVER,
  );
  return { id: waiver.id, textHash: waiver.textHash ?? '' };
}

const pdfUpload = (campId: number) =>
  multipartCall('POST', `/camper/camps/${campId}/form-files`, {}, [
    { field: 'file', filename: 'certificate.pdf', contentType: 'application/pdf', data: FORM_PDF },
  ]);

/** A PDF the side's parent uploaded at the side's host's camp (where their child has a place), given as an answer. */
async function freshFormFile(ctx: Context, side: Side): Promise<number> {
  const parent = parentSide(ctx.world, side);
  const campId = campOf(ctx.world, side);
  const question = (
    await hostCreates(ctx, side, `/host/camp/${campId}/questions`, { ...OPTIONAL_QUESTION, kind: 'file' })
  ).id;
  const uploaded = await send(ctx.app, pdfUpload(campId), parent.account.token);
  if (uploaded.statusCode !== 201) throw new Error(`uploading failed: ${uploaded.body}`);
  const fileId = uploaded.json<{ data: { id: number } }>().data.id;
  const saved = await send(
    ctx.app,
    json('PUT', `/camper/camps/${campId}/answers`, {
      childIds: [parent.childId],
      answers: [{ questionId: question, childId: parent.childId, value: fileId }],
    }),
    parent.account.token,
  );
  if (saved.statusCode !== 200) throw new Error(`answering failed: ${saved.body}`);
  return fileId;
}

/** The side's parent's signature of a new waiver at the side's host's camp. */
async function freshSignature(ctx: Context, side: Side): Promise<number> {
  const waiver = await freshWaiver(ctx, side);
  const res = await send(
    ctx.app,
    json('POST', `/camper/waivers/${waiver.id}/signatures`, {
      fullName: 'Pat Meadows',
      consent: true,
      textHash: waiver.textHash,
    }),
    parentSide(ctx.world, side).account.token,
  );
  if (res.statusCode !== 201) throw new Error(`signing failed: ${res.body}`);
  return res.json<{ data: { id: number } }>().data.id;
}

const signaturesRead = new WeakMap<Context, Map<Side, Promise<number>>>();

/** One signature per side for the routes that only read it (a camp takes at most 5 waivers). */
function signatureToRead(ctx: Context, side: Side): Promise<number> {
  const bySide = signaturesRead.get(ctx) ?? new Map<Side, Promise<number>>();
  signaturesRead.set(ctx, bySide);
  const signature = bySide.get(side) ?? freshSignature(ctx, side);
  bySide.set(side, signature);
  return signature;
}

/** An open checkout session of a host nobody else in the world knows. */
async function freshCheckoutSession(ctx: Context): Promise<string> {
  const stranger = await registerAccount(ctx.app, 'host');
  return startCheckout(ctx.app, stranger.token);
}

/** A checkout session that does not exist, new for each call: tries are counted per session (10 in 15 minutes). */
const unknownSession = () => `cs_test_${randomBytes(12).toString('hex')}`;

/** A stranger host's payout onboarding link; answers its token. */
async function freshOnboarding(ctx: Context): Promise<string> {
  const stranger = await registerAccount(ctx.app, 'host');
  return startPayoutOnboarding(ctx.app, stranger.token);
}

/** A new pickup adult of the side's parent's child, with a photo when asked. */
function freshPickupAdult(ctx: Context, side: Side, photo = false): Promise<number> {
  const parent = parentSide(ctx.world, side);
  return addPickupAdult(
    ctx.app,
    parent.account.token,
    parent.childId,
    ADULT_FIELDS,
    photo ? ctx.jpeg : undefined,
  );
}

/**
 * A child of the side's parent with a paid place at a new camp of the side's host running today,
 * with a pickup adult; checked in when asked.
 */
async function freshCheckInPlace(ctx: Context, side: Side, checkedIn = false) {
  const camp = await freshCamp(ctx, side);
  const parent = parentSide(ctx.world, side);
  const childId = await freshChild(ctx, side);
  await bookPlace(ctx.app, { token: parent.account.token, cardId: parent.cardId }, camp.id, childId);
  const sessionId = await runToday(ctx.db, camp.id);
  const adultId = await addPickupAdult(ctx.app, parent.account.token, childId);
  if (checkedIn) {
    const res = await tap(
      ctx.app,
      hostSide(ctx.world, side).account.token,
      sessionId,
      'check-ins',
      tapBody(childId),
    );
    if (res.statusCode !== 201) throw new Error(`checking in failed: ${res.body}`);
  }
  return { sessionId, childId, adultId };
}

const UNKNOWN_ONBOARDING = '0'.repeat(36);

/** A new saved search of the side's parent, with words of its own so it is never a duplicate. */
async function freshSavedSearch(ctx: Context, side: Side): Promise<number> {
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/camper/saved-searches',
    headers: bearer(parentSide(ctx.world, side).account.token),
    payload: { search: { term: `${randomName('Search')} ${tag()}` } },
  });
  if (saved.statusCode !== 201) throw new Error(`saving a search failed: ${saved.body}`);
  return saved.json<{ data: { id: number } }>().data.id;
}

/** A conversation between the side's parent and the side's host's organisation, made in the database. */
async function freshConversation(ctx: Context, side: Side): Promise<number> {
  const host = hostSide(ctx.world, side);
  const [row] = await ctx.db
    .insert(conversations)
    .values({ orgId: host.orgId, parentId: parentSide(ctx.world, side).account.id, campId: host.campId })
    .returning({ id: conversations.id });
  if (!row) throw new Error('no conversation');
  await ctx.db
    .insert(conversationMessages)
    .values({ conversationId: row.id, fromHost: false, body: 'Is lunch included?' });
  return row.id;
}

/** A message with a PDF attachment in a fresh conversation of the side's parent and host. */
async function freshAttachment(ctx: Context, side: Side): Promise<number> {
  const [row] = await ctx.db
    .insert(conversationMessages)
    .values({
      conversationId: await freshConversation(ctx, side),
      fromHost: true,
      body: 'The menu',
      attachmentName: 'menu.pdf',
      attachmentKind: 'pdf',
      attachmentContent: Buffer.from('%PDF-1.4\n%%EOF\n'),
    })
    .returning({ id: conversationMessages.id });
  if (!row) throw new Error('no message');
  return row.id;
}

/** An announcement of the side's host's camp, delivered to the side's parent. */
async function freshAnnouncement(ctx: Context, side: Side): Promise<number> {
  const [row] = await ctx.db
    .insert(announcements)
    .values({
      campId: hostSide(ctx.world, side).campId,
      audience: 'camp',
      subject: 'Bring a hat',
      body: 'Sunny week.',
    })
    .returning({ id: announcements.id });
  if (!row) throw new Error('no announcement');
  await ctx.db.insert(announcementRecipients).values({
    announcementId: row.id,
    parentId: parentSide(ctx.world, side).account.id,
    deliveredAt: new Date(),
  });
  return row.id;
}

const REPLY = (url: string) => multipartCall('POST', url, { body: 'Yes, lunch is included.' });

/** Unsubscribe links: one for a digest of parent A's (anyone holding it may use it), one tampered. */
function unsubscribeTargets(method: 'GET' | 'POST'): Target[] {
  const call = (token: string): Call =>
    method === 'GET' ? get(`/api/unsubscribe/${token}`) : json('POST', `/api/unsubscribe/${token}`, {});
  const tokenFor = async (ctx: Context) =>
    ctx.app.unsubscribeLinks.token({
      kind: 'digest',
      id: await freshSavedSearch(ctx, 'A'),
      issuedAt: new Date(),
    });
  return [
    { name: 'A', owner: 'anyone', prepare: async (ctx) => always(call(await tokenFor(ctx))) },
    {
      name: 'unpublished',
      owner: 'nobody',
      prepare: async (ctx) => always(call(`${(await tokenFor(ctx)).slice(0, -4)}AAAA`)),
    },
  ];
}

/** A family's calendar feed: the address is the proof, whoever asks; a made-up one is nobody's. */
function calendarFeedTargets(): Target[] {
  const call = (url: string): Call => get(new URL(url).pathname);
  const feedOf = async (ctx: Context) => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/camper/calendar-feed',
      headers: bearer(parentSide(ctx.world, 'A').account.token),
    });
    if (made.statusCode !== 201) throw new Error(`making a feed failed: ${made.body}`);
    return made.json<{ data: { url: string } }>().data.url;
  };
  return [
    { name: 'A', owner: 'anyone', prepare: async (ctx) => always(call(await feedOf(ctx))) },
    {
      name: 'unpublished',
      owner: 'nobody',
      prepare: () => always(get(`/calendar/feeds/${'A'.repeat(43)}/family.ics`)),
    },
  ];
}

function accountDetails(account: Account | null) {
  return {
    firstName: 'Robin',
    lastName: 'Meadows',
    email: account?.email ?? uniqueEmail('nobody'),
    phone: '312-555-0142',
  };
}

function campFields(overrides: Record<string, string> = {}) {
  return { ...CAMP_FIELDS, name: `${randomName('Camp ')} ${tag()}`, phone: uniquePhone(), ...overrides };
}

// ---------------------------------------------------------------------------------------------
// The table: every route the app answers, with who may do what to whose resource.

const MATRIX: Record<string, Entry> = {
  // Public: the bearer, whoever's it is, changes nothing.
  'GET /healthz': { success: 200, targets: own(fixed(get('/healthz'))) },
  'GET /api/site': { success: 200, targets: own(fixed(get('/api/site'))) },
  'GET /api/search/popular-place': { success: 200, targets: own(fixed(get('/api/search/popular-place'))) },
  'GET /data/categories': { success: 200, targets: own(fixed(get('/data/categories'))) },
  'GET /robots.txt': { success: 200, targets: own(fixed(get('/robots.txt'))) },
  'GET /sitemap.xml': { success: 200, targets: own(fixed(get('/sitemap.xml'))) },
  'GET /sitemaps/:file': { success: 200, targets: own(fixed(get('/sitemaps/pages.xml'))) },
  'GET /dev/mailbox': {
    success: 200,
    targets: own(fixed(get('/dev/mailbox'))),
    showsEveryone: 'the development mailbox shows every queued mail; production does not register it',
  },
  'POST /dev/clock': {
    success: 200,
    targets: own(fixed(json('POST', '/dev/clock', { days: 1 }))),
  },
  'POST /api/newsletter': {
    success: 200,
    targets: own(perCall(() => json('POST', '/api/newsletter', { email: uniqueEmail('news') }))),
  },
  'POST /auth/register': {
    success: 201,
    targets: own(
      perCall(() =>
        json('POST', '/auth/register', {
          firstName: 'Robin',
          lastName: 'Meadows',
          email: uniqueEmail('newhost'),
          password: GOOD_PASSWORD,
        }),
      ),
    ),
  },
  'POST /camper/auth/register': {
    success: 201,
    targets: own(
      perCall(() =>
        json('POST', '/camper/auth/register', {
          firstName: 'Robin',
          lastName: 'Meadows',
          email: uniqueEmail('newparent'),
          phone: '312-555-0142',
          password: GOOD_PASSWORD,
        }),
      ),
    ),
  },
  'POST /auth/login': {
    success: 200,
    targets: sides('listed', ['A'], ({ world }) =>
      always(
        json('POST', '/auth/login', {
          email: world.hostA.account.email,
          password: world.hostA.account.password,
        }),
      ),
    ),
  },
  'POST /camper/auth/login': {
    success: 200,
    targets: sides('listed', ['A'], ({ world }) =>
      always(
        json('POST', '/camper/auth/login', {
          email: world.parentA.account.email,
          password: world.parentA.account.password,
        }),
      ),
    ),
  },
  'POST /admin/auth/login': {
    success: 200,
    targets: own(
      perCall(({ world }) =>
        json('POST', '/admin/auth/login', { email: world.admin.email, password: world.admin.password }),
      ),
    ),
  },
  'POST /api/host/requestpasswordreset': {
    success: 200,
    targets: own(
      perCall(() => json('POST', '/api/host/requestpasswordreset', { email: uniqueEmail('forgot') })),
    ),
  },
  'POST /api/camper/requestpasswordreset': {
    success: 200,
    targets: own(
      perCall(() => json('POST', '/api/camper/requestpasswordreset', { email: uniqueEmail('forgot') })),
    ),
  },
  'POST /api/auth/resetpassword': {
    // A link nobody was sent: refused the same for everyone.
    success: 400,
    targets: own(
      perCall(() =>
        json('POST', '/api/auth/resetpassword', { token: 'x'.repeat(43), password: GOOD_PASSWORD }),
      ),
    ),
  },
  'POST /api/account/email/confirm': {
    // A link nobody was sent: refused the same for everyone.
    success: 400,
    targets: own(perCall(() => json('POST', '/api/account/email/confirm', { token: 'x'.repeat(43) }))),
  },
  'POST /api/webhooks/payments': {
    // Only the processor's signature admits an event, never a bearer token.
    success: 400,
    targets: own(
      perCall(() => ({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          id: `evt_${tag()}`,
          type: 'invoice.paid',
          data: { object: { id: 'sub_x' } },
        }),
      })),
    ),
  },
  'GET /api/pay/checkout/:sessionId': {
    // The hosted checkout page: the session id itself is the secret, as with Stripe's.
    success: 200,
    targets: sides('listed', ['A', 'unpublished'], async (ctx, side) =>
      always(get(`/api/pay/checkout/${side === 'A' ? await freshCheckoutSession(ctx) : unknownSession()}`)),
    ),
  },
  'POST /api/pay/checkout/:sessionId': {
    success: 200,
    targets: sides('listed', ['A', 'unpublished'], (ctx, side) => async () => ({
      method: 'POST',
      url: `/api/pay/checkout/${side === 'A' ? await freshCheckoutSession(ctx) : unknownSession()}`,
      payload: GOOD_CARD,
    })),
  },
  'GET /api/pay/onboarding/:token': {
    // The hosted onboarding page: its one-use link is the secret, as with Stripe's account links.
    success: 200,
    targets: sides('listed', ['A', 'unpublished'], async (ctx, side) =>
      always(get(`/api/pay/onboarding/${side === 'A' ? await freshOnboarding(ctx) : UNKNOWN_ONBOARDING}`)),
    ),
  },
  'POST /api/pay/onboarding/:token': {
    success: 200,
    targets: sides('listed', ['A', 'unpublished'], (ctx, side) => async () => ({
      method: 'POST',
      url: `/api/pay/onboarding/${side === 'A' ? await freshOnboarding(ctx) : UNKNOWN_ONBOARDING}`,
      payload: TEST_BANK_ACCOUNT,
    })),
  },
  'POST /api/search': {
    // Searching for the over camp by name finds nothing (the leak check proves its name never shows).
    success: 200,
    targets: sides('anyone', ALL_SIDES, ({ world }, side) =>
      always(
        json('POST', '/api/search', {
          term: side === 'unpublished' ? world.overCamp.name : hostSide(world, side).campName,
        }),
      ),
    ),
  },
  'GET /api/camps/:id': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/api/camps/${campOf(world, side)}`)),
    ),
  },
  'GET /api/camps/:id/images': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/api/camps/${campOf(world, side)}/images`)),
    ),
  },
  'GET /api/camps/:id/categories': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/api/camps/${campOf(world, side)}/categories`)),
    ),
  },
  'GET /api/orgs/:id': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) => always(get(`/api/orgs/${orgOf(world, side)}`))),
  },
  'GET /api/orgs/:id/camps': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/api/orgs/${orgOf(world, side)}/camps`)),
    ),
  },

  // Any signed-in user, about their own account.
  'GET /me': { success: 200, targets: own(fixed(get('/me'))) },
  'POST /api/user/passcheck': {
    success: 200,
    targets: own(
      perCall((_ctx, account) =>
        json('POST', '/api/user/passcheck', { password: account?.password ?? GOOD_PASSWORD }),
      ),
    ),
  },
  'PUT /api/user/password': {
    success: 200,
    refreshesToken: true,
    targets: own(
      perCall((_ctx, account) =>
        json('PUT', '/api/user/password', {
          currentPassword: account?.password ?? GOOD_PASSWORD,
          password: account?.password ?? GOOD_PASSWORD,
        }),
      ),
    ),
  },

  // Hosts, subscribed or not.
  'GET /host/:id': {
    success: 200,
    targets: sides('host', AB, ({ world }, side) => always(get(`/host/${hostSide(world, side).account.id}`))),
  },
  'PUT /host': {
    success: 200,
    targets: own(perCall((_ctx, account) => json('PUT', '/host', accountDetails(account)))),
  },
  'POST /auth/host/regen': {
    success: 200,
    targets: own(
      perCall((_ctx, account) =>
        json('POST', '/auth/host/regen', { email: account?.email ?? uniqueEmail('nobody') }),
      ),
    ),
  },
  'GET /api/host/subscription': {
    success: 200,
    targets: own(fixed(get('/api/host/subscription'))),
  },
  'POST /api/ecom/subscription': {
    success: 200,
    // Hosts A and B already pay: a second checkout is a conflict.
    targets: own(fixed(json('POST', '/api/ecom/subscription', { priceId: 'plan' })), {
      hostA: 409,
      hostB: 409,
    }),
  },
  'PUT /api/host/subscription': {
    success: 200,
    targets: sides('host', AB, ({ world }, side) =>
      always(json('PUT', '/api/host/subscription', { sessionId: hostSide(world, side).sessionId })),
    ),
  },
  'PUT /api/host/subscription/renewal': {
    success: 200,
    // Host C and the members have no plan of their own to renew.
    targets: own(fixed(json('PUT', '/api/host/subscription/renewal', { cancelAtPeriodEnd: false })), {
      hostC: 409,
      managerA: 409,
      staffA: 409,
      memberB: 409,
      removedA: 409,
    }),
  },
  'POST /api/host/subscription/portal': {
    // The test processor has no billing portal (Stripe's is covered by the Stripe tests).
    success: 409,
    targets: own(fixed({ method: 'POST', url: '/api/host/subscription/portal' })),
  },
  'GET /host/payout-account': { success: 200, targets: own(fixed(get('/host/payout-account'))) },
  'POST /host/payout-account/onboarding': {
    success: 200,
    targets: own(fixed({ method: 'POST', url: '/host/payout-account/onboarding' })),
  },
  'GET /host/earnings': { success: 200, targets: own(fixed(get('/host/earnings'))) },
  'GET /host/earnings.csv': { success: 200, targets: own(fixed(get('/host/earnings.csv'))) },

  // Subscribed hosts: their organizations.
  'GET /host/orgs': { success: 200, targets: own(fixed(get('/host/orgs'))) },
  'POST /host/orgs': {
    // Members need a plan of their own to add one (ownSubscription): 402.
    success: 201,
    targets: own(
      perCall(() =>
        multipartCall('POST', '/host/orgs', { ...NEW_ORG_FIELDS, name: `${randomName('Org ')} ${tag()}` }),
      ),
    ),
  },
  'GET /host/orgs/:id': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) => always(get(`/host/orgs/${orgOf(world, side)}`))),
  },
  'PUT /host/orgs/:id': {
    // The same details again: an approved organization stays as it is, a waiting one stays waiting.
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(
        json('PUT', `/host/orgs/${orgOf(world, side)}`, { ...ORG_UPDATE, name: orgNameOf(world, side) }),
      ),
    ),
  },
  'PUT /host/orgs/:id/reviewupdate': {
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(
        json('PUT', `/host/orgs/${orgOf(world, side)}/reviewupdate`, {
          ...ORG_UPDATE,
          name: orgNameOf(world, side),
        }),
      ),
    ),
  },
  'PUT /host/org/:id/image': {
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, ({ world, jpeg }, side) =>
      always(multipartCall('PUT', `/host/org/${orgOf(world, side)}/image`, {}, [thumbnailPart(jpeg)])),
    ),
  },
  'DELETE /host/org/:id': {
    success: 200,
    // A new organisation, whose team is its owner alone: the side's members find none.
    targets: sides(
      'host',
      ALL_SIDES,
      async (ctx, side) =>
        always({
          method: 'DELETE',
          url: `/host/org/${await freshOrg(ctx, side, side === 'unpublished' ? 'pending' : 'approved')}`,
        }),
      {
        A: { managerA: 404, staffA: 404 },
        B: { memberB: 404 },
        unpublished: { managerA: 404, staffA: 404 },
      },
    ),
  },

  // Teams (decision 057): the side's owner manages the team; its members see it.
  'GET /host/orgs/:id/team': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/orgs/${orgOf(world, side)}/team`)),
    ),
  },
  'POST /host/orgs/:id/team/invitations': {
    success: 201,
    targets: sides(
      'host',
      ALL_SIDES,
      ({ world }, side) =>
        () =>
          json('POST', `/host/orgs/${orgOf(world, side)}/team/invitations`, {
            email: uniqueEmail('invitee'),
            role: 'staff',
          }),
    ),
  },
  'DELETE /host/orgs/:id/team/invitations/:invitationId': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const orgId = orgOf(ctx.world, side);
      const { id } = await teamInvitation(
        ctx,
        hostSide(ctx.world, side).account.token,
        orgId,
        uniqueEmail('invitee'),
      );
      return always({ method: 'DELETE', url: `/host/orgs/${orgId}/team/invitations/${id}` });
    }),
  },
  'PUT /host/orgs/:id/team/members/:userId': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        json('PUT', `/host/orgs/${orgOf(ctx.world, side)}/team/members/${await freshMember(ctx, side)}`, {
          role: 'manager',
        }),
      ),
    ),
  },
  'DELETE /host/orgs/:id/team/members/:userId': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always({
        method: 'DELETE',
        url: `/host/orgs/${orgOf(ctx.world, side)}/team/members/${await freshMember(ctx, side)}`,
      }),
    ),
  },
  'GET /host/sessions/:id/staff': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(get(`/host/sessions/${(await firstSession(ctx.db, (await freshCamp(ctx, side)).id)).id}/staff`)),
    ),
  },
  'PUT /host/sessions/:id/staff/:userId': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const { sessionId, userId } = await freshStaffedSession(ctx, side);
      return always({ method: 'PUT', url: `/host/sessions/${sessionId}/staff/${userId}` });
    }),
  },
  'DELETE /host/sessions/:id/staff/:userId': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const { sessionId, userId } = await freshStaffedSession(ctx, side);
      const assigned = await ctx.app.inject({
        method: 'PUT',
        url: `/host/sessions/${sessionId}/staff/${userId}`,
        headers: bearer(hostSide(ctx.world, side).account.token),
      });
      if (assigned.statusCode !== 200) throw new Error(`assigning failed: ${assigned.body}`);
      return always({ method: 'DELETE', url: `/host/sessions/${sessionId}/staff/${userId}` });
    }),
  },
  // The caller's own sessions as staff: the ones of A's camps staff A works, none for the others.
  'GET /host/team/sessions': {
    success: 200,
    targets: own(fixed(get('/host/team/sessions'))),
  },
  // A host's home: the sessions of A's camps for A's team, none for the others.
  'GET /host/today': {
    success: 200,
    targets: own(fixed(get('/host/today'))),
  },
  // An organisation's tax details for families' statements (decision 077): its owner's, like its money.
  'GET /host/org/:id/tax-details': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/org/${orgOf(world, side)}/tax-details`)),
    ),
  },
  'PUT /host/org/:id/tax-details': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(
        json('PUT', `/host/org/${orgOf(world, side)}/tax-details`, {
          legalName: 'Matrix Camps LLC',
          ein: '12-3456789',
        }),
      ),
    ),
  },
  'GET /host/orgs/:id/compliance': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/orgs/${orgOf(world, side)}/compliance`)),
    ),
  },
  'POST /host/orgs/:id/team/members/:userId/background-checks': {
    success: 201,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const orgId = orgOf(ctx.world, side);
      const userId = await freshStaff(ctx, hostSide(ctx.world, side).account.token, orgId);
      return () =>
        multipartCall(
          'POST',
          `/host/orgs/${orgId}/team/members/${userId}/background-checks`,
          BACKGROUND_CHECK,
        );
    }),
  },
  'GET /host/background-checks/:id/document': {
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(get(`/host/background-checks/${await freshCheck(ctx, side)}/document`)),
    ),
  },
  // The invitee's own invitation, to a new organisation outside the world; no subscription needed.
  'POST /host/team/invitation': {
    success: 200,
    targets: own(
      perCall(async (ctx, account) =>
        json('POST', '/host/team/invitation', { token: await invitationFor(ctx, account) }),
      ),
    ),
  },
  'POST /host/team/invitation/accept': {
    success: 200,
    targets: own(
      perCall(async (ctx, account) =>
        json('POST', '/host/team/invitation/accept', { token: await invitationFor(ctx, account) }),
      ),
    ),
  },

  // Subscribed hosts: their camps.
  'GET /host/org/:id/camps': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/org/${orgOf(world, side)}/camps`)),
    ),
  },
  'POST /host/org/:id/camps': {
    success: 201,
    // Host A's organization waiting for review cannot list camps yet, whoever adds one.
    targets: sides(
      'host',
      ALL_SIDES,
      ({ world }, side) =>
        () =>
          multipartCall('POST', `/host/org/${orgOf(world, side)}/camps`, campFields()),
      { unpublished: { hostA: 409, managerA: 409 } },
    ),
  },
  'GET /host/camp/:id': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) => always(get(`/host/camp/${campOf(world, side)}`))),
  },
  'PUT /host/camp/:id': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const camp = await freshCamp(ctx, side);
      return always(json('PUT', `/host/camp/${camp.id}`, campUpdate({ name: camp.name, phone: camp.phone })));
    }),
  },
  'DELETE /host/camp/:id': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always({ method: 'DELETE', url: `/host/camp/${(await freshCamp(ctx, side)).id}` }),
    ),
  },
  'PUT /host/camp/:id/thumbnail': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        multipartCall('PUT', `/host/camp/${(await freshCamp(ctx, side)).id}/thumbnail`, {}, [
          imagePart('thumbnail', ctx.jpeg),
        ]),
      ),
    ),
  },
  'DELETE /host/camp/:id/thumbnail': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always({ method: 'DELETE', url: `/host/camp/${(await freshCamp(ctx, side)).id}/thumbnail` }),
    ),
  },
  'POST /host/camp/:id/images': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        multipartCall('POST', `/host/camp/${(await freshCamp(ctx, side)).id}/images`, {}, [
          imagePart('image', ctx.jpeg),
        ]),
      ),
    ),
  },
  'POST /host/org/:orgId/camps/:campId/images': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const camp = await freshCamp(ctx, side);
      return always(
        multipartCall('POST', `/host/org/${camp.orgId}/camps/${camp.id}/images`, {}, [
          imagePart('image', ctx.jpeg),
        ]),
      );
    }),
  },
  'PUT /host/camp/images/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        multipartCall('PUT', `/host/camp/images/${(await freshCamp(ctx, side)).imageId}`, {}, [
          imagePart('image', ctx.jpeg),
        ]),
      ),
    ),
  },
  'DELETE /host/camp/image/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always({ method: 'DELETE', url: `/host/camp/image/${(await freshCamp(ctx, side)).imageId}` }),
    ),
  },
  'POST /host/org/:orgId/camps/:campId/categories': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(
        json('POST', `/host/org/${hostSide(world, side).orgId}/camps/${campOf(world, side)}/categories`, {
          categoryId: 12,
        }),
      ),
    ),
  },
  'POST /api/camps/duplicate': {
    // Asking about host A's camp: only who manages A's camps hears of it, everyone else gets an
    // empty list.
    success: 200,
    targets: own(
      perCall(({ world }) =>
        json('POST', '/api/camps/duplicate', { name: world.hostA.campName, phone: world.hostA.campPhone }),
      ),
    ),
    check: (res, actor, _target, world) => {
      const ids = res.json<{ data: { id: number }[] }>().data.map((camp) => camp.id);
      expect(ids).toEqual(actsFor(actor, 'hostA', 'camps:manage') ? [world.hostA.campId] : []);
    },
  },
  'GET /host/camp/:id/roster': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/roster`)),
    ),
  },
  'GET /host/camp/:id/roster.csv': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/roster.csv`)),
    ),
  },
  'GET /host/registrations/:id/transfer-options': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(
        get(`/host/registrations/${(await freshMovablePlace(ctx, side)).registrationId}/transfer-options`),
      ),
    ),
  },
  'POST /host/registrations/:id/transfer': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) => {
      const place = await freshMovablePlace(ctx, side);
      return always(json('POST', `/host/registrations/${place.registrationId}/transfer`, place.body));
    }),
  },
  'POST /host/registrations/:id/cancel': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always({ method: 'POST', url: `/host/registrations/${await freshRegistration(ctx, side)}/cancel` }),
    ),
  },
  'GET /host/camp/:id/refund-policy': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/refund-policy`)),
    ),
  },
  'PUT /host/camp/:id/refund-policy': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        json('PUT', `/host/camp/${(await freshCamp(ctx, side)).id}/refund-policy`, {
          fullUntilDays: 14,
          partial: { percent: 50, untilDays: 7 },
          cancellationFeeCents: 2500,
        }),
      ),
    ),
  },
  'GET /host/camp/:id/payment-plan': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/payment-plan`)),
    ),
  },
  'PUT /host/camp/:id/payment-plan': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        json('PUT', `/host/camp/${(await freshCamp(ctx, side)).id}/payment-plan`, {
          plan: { depositCents: 1000, balanceDueDays: 14, maxInstalments: 3, onFinalFailure: 'release' },
        }),
      ),
    ),
  },
  'GET /host/camp/:id/discounts': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/discounts`)),
    ),
  },
  'PUT /host/camp/:id/discounts': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        json('PUT', `/host/camp/${(await freshCamp(ctx, side)).id}/discounts`, {
          earlyBird: null,
          sibling: { kind: 'percent', value: 10 },
          multiSession: null,
        }),
      ),
    ),
  },
  'GET /host/camp/:id/promo-codes': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/promo-codes`)),
    ),
  },
  'POST /host/camp/:id/promo-codes': {
    success: 201,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(
        json('POST', `/host/camp/${(await freshCamp(ctx, side)).id}/promo-codes`, {
          code: 'SUMMER10',
          kind: 'amount',
          value: 1000,
        }),
      ),
    ),
  },
  'DELETE /host/promo-codes/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const camp = await freshCamp(ctx, side);
      const added = await send(
        ctx.app,
        {
          method: 'POST',
          url: `/host/camp/${camp.id}/promo-codes`,
          payload: { code: 'GONE-SOON', kind: 'percent', value: 5 },
        },
        hostSide(ctx.world, side).account.token,
      );
      return always({
        method: 'DELETE',
        url: `/host/promo-codes/${added.json<{ data: { id: number } }>().data.id}`,
      });
    }),
  },
  'GET /host/camp/:id/sessions': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/sessions`)),
    ),
  },
  'POST /host/camp/:id/sessions': {
    success: 201,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(json('POST', `/host/camp/${(await freshCamp(ctx, side)).id}/sessions`, NEXT_SESSION)),
    ),
  },
  'PUT /host/sessions/:id': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) => {
      const session = await firstSession(ctx.db, (await freshCamp(ctx, side)).id);
      return always(json('PUT', `/host/sessions/${session.id}`, { ...NEXT_SESSION, ...datesOf(session) }));
    }),
  },
  'POST /host/sessions/:id/copy': {
    success: 201,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always({
        method: 'POST',
        url: `/host/sessions/${(await firstSession(ctx.db, (await freshCamp(ctx, side)).id)).id}/copy`,
      }),
    ),
  },
  'POST /host/sessions/:id/cancel': {
    success: 200,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always({
        method: 'POST',
        url: `/host/sessions/${(await firstSession(ctx.db, (await freshCamp(ctx, side)).id)).id}/cancel`,
      }),
    ),
  },
  'DELETE /host/sessions/:id': {
    success: 200,
    // A week staff A does not work: not found for them, as for a stranger.
    targets: sides(
      'host',
      ALL_SIDES,
      async (ctx, side) => {
        const camp = await freshCamp(ctx, side);
        const token = hostSide(ctx.world, side).account.token;
        const added = await send(
          ctx.app,
          { method: 'POST', url: `/host/camp/${camp.id}/sessions`, payload: NEXT_SESSION },
          token,
        );
        return always({
          method: 'DELETE',
          url: `/host/sessions/${added.json<{ data: { id: number } }>().data.id}`,
        });
      },
      { A: { staffA: 404 }, unpublished: { staffA: 404 } },
    ),
  },

  // Administrators.
  'GET /api/admin/reviews': { success: 200, targets: own(fixed(get('/api/admin/reviews'))) },
  'GET /api/admin/orgs/:id': {
    success: 200,
    targets: sides('anyone', ALL_SIDES, ({ world }, side) =>
      always(get(`/api/admin/orgs/${orgOf(world, side)}`)),
    ),
  },
  'POST /api/admin/org/approvalrequestresponse': {
    success: 200,
    targets: sides('anyone', AB, async (ctx, side) => {
      const orgId = await freshOrg(ctx, side, 'pending');
      return always(
        json('POST', '/api/admin/org/approvalrequestresponse', {
          orgApprovalResponse: {
            OrganizationID: orgId,
            Approved: false,
            TextResponse: 'Please add a phone number.',
          },
        }),
      );
    }),
  },

  // Parents: their account, children, cards and registrations.
  'PUT /camper': {
    success: 200,
    targets: own(perCall((_ctx, account) => json('PUT', '/camper', accountDetails(account)))),
  },
  'GET /camper/campers': { success: 200, targets: own(fixed(get('/camper/campers'))) },
  'POST /camper/campers': {
    success: 201,
    targets: own(
      perCall(() =>
        json('POST', '/camper/campers', {
          firstName: randomName('Kid'),
          lastName: 'Meadows',
          gender: 'male',
          shirtSize: 'youth_s',
          birthday: '2019-05-04',
        }),
      ),
    ),
  },
  'GET /camper/campers/:id': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/campers/${parentSide(world, side).childId}`)),
    ),
  },
  'PUT /camper/campers/:id': {
    // The child's own details again: nothing changes for the owner either.
    success: 200,
    targets: sides('parent', AB, ({ world }, side) => {
      const parent = parentSide(world, side);
      return always(
        json('PUT', `/camper/campers/${parent.childId}`, {
          firstName: parent.childFirstName,
          lastName: 'Meadows',
          gender: 'female',
          shirtSize: 'youth_m',
          medical: parent.medical,
          birthday: birthdayAged(9, world.campStart),
        }),
      );
    }),
  },
  'DELETE /camper/campers/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({ method: 'DELETE', url: `/camper/campers/${await freshChild(ctx, side)}` }),
    ),
  },
  'GET /camper/cards': { success: 200, targets: own(fixed(get('/camper/cards'))) },
  'POST /camper/cards/setup': {
    success: 200,
    targets: own(fixed({ method: 'POST', url: '/camper/cards/setup' })),
  },
  'POST /camper/cards': {
    success: 201,
    targets: own(fixed(json('POST', '/camper/cards', GOOD_CARD))),
  },
  'GET /camper/cards/:id': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/cards/${parentSide(world, side).cardId}`)),
    ),
  },
  'DELETE /camper/cards/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({
        method: 'DELETE',
        url: `/camper/cards/${await addCard(ctx.app, parentSide(ctx.world, side).account.token)}`,
      }),
    ),
  },
  'POST /camper/sessions/:id/place-alert': {
    // A full week without a waitlist; the unpublished side's camp is over (not listed).
    success: 201,
    targets: sides('listed', ALL_SIDES, async (ctx, side) => {
      const camp = await freshCamp(ctx, side);
      const added = await send(
        ctx.app,
        {
          method: 'POST',
          url: `/host/camp/${camp.id}/sessions`,
          payload: {
            ...NEXT_SESSION,
            capacity: '1',
            allowsWaitlist: false,
            ...(side === 'unpublished' ? { startDate: '2020-07-01', endDate: '2020-07-05' } : {}),
          },
        },
        hostSide(ctx.world, side).account.token,
      );
      const sessionId = added.json<{ data: { id: number } }>().data.id;
      await ctx.db.update(campSessions).set({ spotsTaken: 1 }).where(eq(campSessions.id, sessionId));
      return always({ method: 'POST', url: `/camper/sessions/${sessionId}/place-alert` });
    }),
  },
  'GET /camper/place-alerts': { success: 200, targets: own(fixed(get('/camper/place-alerts'))) },
  'POST /camper/sessions/:id/opening-notice': {
    // A week whose registration opens later; the unpublished side's camp is over (not listed).
    success: 201,
    targets: sides('listed', ALL_SIDES, async (ctx, side) => {
      const camp = await freshCamp(ctx, side);
      const added = await send(
        ctx.app,
        {
          method: 'POST',
          url: `/host/camp/${camp.id}/sessions`,
          payload: {
            ...NEXT_SESSION,
            registrationOpensAt: '2029-12-01',
            // The over camp stays over: its new week is in the past too.
            ...(side === 'unpublished' ? { startDate: '2020-07-01', endDate: '2020-07-05' } : {}),
          },
        },
        hostSide(ctx.world, side).account.token,
      );
      const sessionId = added.json<{ data: { id: number } }>().data.id;
      return always({ method: 'POST', url: `/camper/sessions/${sessionId}/opening-notice` });
    }),
  },
  'GET /camper/opening-notices': { success: 200, targets: own(fixed(get('/camper/opening-notices'))) },
  'GET /camper/planner': { success: 200, targets: own(fixed(get('/camper/planner'))) },
  'GET /camper/maybes': { success: 200, targets: own(fixed(get('/camper/maybes'))) },
  'POST /camper/maybes': {
    // The side's child and a session of the side's listed camp: another parent's child is not found.
    success: 201,
    targets: sides('parent', AB, async (ctx, side) =>
      always(
        json('POST', '/camper/maybes', {
          childId: await freshChild(ctx, side),
          sessionId: (await firstSession(ctx.db, campOf(ctx.world, side))).id,
        }),
      ),
    ),
  },
  'DELETE /camper/maybes/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) => {
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/camper/maybes',
        headers: bearer(parentSide(ctx.world, side).account.token),
        payload: {
          childId: await freshChild(ctx, side),
          sessionId: (await firstSession(ctx.db, campOf(ctx.world, side))).id,
        },
      });
      if (saved.statusCode !== 201) throw new Error(`saving a maybe failed: ${saved.body}`);
      return always({
        method: 'DELETE',
        url: `/camper/maybes/${saved.json<{ data: { id: number } }>().data.id}`,
      });
    }),
  },
  // The family basket (decision 069): a parent's own; another parent's child is not found.
  'GET /camper/basket': { success: 200, targets: own(fixed(get('/camper/basket'))) },
  'PUT /camper/basket/sessions/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(
        json('PUT', `/camper/basket/sessions/${(await firstSession(ctx.db, campOf(ctx.world, side))).id}`, {
          childIds: [await freshChild(ctx, side)],
        }),
      ),
    ),
  },
  'DELETE /camper/basket/sessions/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) => {
      const sessionId = (await firstSession(ctx.db, campOf(ctx.world, side))).id;
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/camper/basket/sessions/${sessionId}`,
        headers: bearer(parentSide(ctx.world, side).account.token),
        payload: { childIds: [] },
      });
      if (put.statusCode !== 200) throw new Error(`filling a basket failed: ${put.body}`);
      return always({ method: 'DELETE', url: `/camper/basket/sessions/${sessionId}` });
    }),
  },
  'POST /camper/basket/checkout': {
    // The side's parent pays for a new child of theirs at the side's camp, at the price quoted.
    success: 201,
    targets: sides('parent', ALL_SIDES, async (ctx, side) => {
      const parent = parentSide(ctx.world, side);
      const childId = await freshChild(ctx, side);
      const campId = campOf(ctx.world, side);
      const lines = [{ childId, sessionId: (await firstSession(ctx.db, campId)).id }];
      const quoted = await ctx.app.inject({
        method: 'POST',
        url: `/api/camps/${campId}/quote`,
        headers: bearer(parent.account.token),
        payload: { lines },
      });
      // A camp that takes no places (not listed, another's) has no price: nobody may book it.
      const expectedTotalCents =
        quoted.statusCode === 200 ? quoted.json<{ data: { totalCents: number } }>().data.totalCents : 0;
      return () =>
        json('POST', '/camper/basket/checkout', {
          camps: [{ campId, lines, expectedTotalCents }],
          paymentMethodId: parent.cardId,
          idempotencyKey: randomUUID(),
        });
    }),
  },
  'GET /camper/planner.ics': { success: 200, targets: own(fixed(get('/camper/planner.ics'))) },
  'PUT /camper/planner/preferences': {
    success: 200,
    targets: own(fixed(json('PUT', '/camper/planner/preferences', { homeZip: '60614', radiusMiles: 15 }))),
  },
  // Conversations and announcements (decision 031): the family and the organisation's host and
  // managers only (messages); everyone else finds nothing.
  'GET /camper/messages': { success: 200, targets: own(fixed(get('/camper/messages'))) },
  'GET /camper/messages/unread': { success: 200, targets: own(fixed(get('/camper/messages/unread'))) },
  'POST /camper/camps/:id/conversations': {
    success: 201,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(
        json('POST', `/camper/camps/${campOf(world, side)}/conversations`, { body: 'Is lunch included?' }),
      ),
    ),
  },
  'GET /camper/conversations/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(get(`/camper/conversations/${await freshConversation(ctx, side)}`)),
    ),
  },
  'POST /camper/conversations/:id/messages': {
    success: 201,
    targets: sides('parent', AB, async (ctx, side) =>
      always(REPLY(`/camper/conversations/${await freshConversation(ctx, side)}/messages`)),
    ),
  },
  'GET /camper/message-attachments/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(get(`/camper/message-attachments/${await freshAttachment(ctx, side)}`)),
    ),
  },
  'GET /camper/announcements/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(get(`/camper/announcements/${await freshAnnouncement(ctx, side)}`)),
    ),
  },
  'GET /host/messages': { success: 200, targets: own(fixed(get('/host/messages'))) },
  'GET /host/messages/unread': { success: 200, targets: own(fixed(get('/host/messages/unread'))) },
  'GET /host/conversations/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(get(`/host/conversations/${await freshConversation(ctx, side)}`)),
    ),
  },
  'POST /host/conversations/:id/messages': {
    success: 201,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(REPLY(`/host/conversations/${await freshConversation(ctx, side)}/messages`)),
    ),
  },
  'GET /host/message-attachments/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(get(`/host/message-attachments/${await freshAttachment(ctx, side)}`)),
    ),
  },
  'POST /host/registrations/:id/messages': {
    success: 201,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(
        json('POST', `/host/registrations/${await freshRegistration(ctx, side)}/messages`, {
          body: 'Please bring sunscreen.',
        }),
      ),
    ),
  },
  'PUT /host/conversations/:id/status': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(
        json('PUT', `/host/conversations/${await freshConversation(ctx, side)}/status`, { status: 'done' }),
      ),
    ),
  },
  'POST /host/camp/:id/announcements': {
    success: 201,
    targets: sides('host', AB, ({ world }, side) =>
      always(
        json('POST', `/host/camp/${campOf(world, side)}/announcements`, {
          audience: 'camp',
          subject: 'Bring a hat',
          body: 'A sunny week ahead.',
        }),
      ),
    ),
  },
  'GET /host/camp/:id/announcements': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/announcements`)),
    ),
  },
  'GET /host/announcements/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(get(`/host/announcements/${await freshAnnouncement(ctx, side)}`)),
    ),
  },
  'GET /camper/friends': { success: 200, targets: own(fixed(get('/camper/friends'))) },
  'POST /camper/friends/invitations': {
    success: 201,
    targets: own(
      perCall(() => json('POST', '/camper/friends/invitations', { email: uniqueEmail('friend') })),
    ),
  },
  'POST /camper/friends/invitations/link': {
    success: 201,
    targets: own(fixed({ method: 'POST', url: '/camper/friends/invitations/link' })),
  },
  'DELETE /camper/friends/invitations/:id': {
    // The side's parent's invitation: another parent's is not found.
    success: 200,
    targets: sides('parent', AB, async (ctx, side) => {
      const link = await ctx.app.inject({
        method: 'POST',
        url: '/camper/friends/invitations/link',
        headers: bearer(parentSide(ctx.world, side).account.token),
      });
      if (link.statusCode !== 201) throw new Error(`inviting failed: ${link.body}`);
      const id = link.json<{ data: { invitation: { id: number } } }>().data.invitation.id;
      return always({ method: 'DELETE', url: `/camper/friends/invitations/${id}` });
    }),
  },
  'GET /camper/friends/invitation': {
    // A link of another family's, fresh for each caller: any parent may read and accept it.
    success: 200,
    targets: own(perCall(async (ctx) => get(`/camper/friends/invitation?token=${await strangerLink(ctx)}`))),
  },
  'POST /camper/friends/invitations/accept': {
    success: 201,
    targets: own(
      perCall(async (ctx) =>
        json('POST', '/camper/friends/invitations/accept', { token: await strangerLink(ctx) }),
      ),
    ),
  },
  'PUT /camper/friends/:id/shares/:childId': {
    // The side's parent's friendship and child: another parent finds neither.
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(
        json(
          'PUT',
          `/camper/friends/${await freshFriendship(ctx, side)}/shares/${await freshChild(ctx, side)}`,
          {
            shared: true,
          },
        ),
      ),
    ),
  },
  'DELETE /camper/friends/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({ method: 'DELETE', url: `/camper/friends/${await freshFriendship(ctx, side)}` }),
    ),
  },
  // Host insights and reminders (decision 032): the view counter is public for listed camps.
  'POST /api/camps/:id/views': {
    success: 204,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always({ method: 'POST', url: `/api/camps/${campOf(world, side)}/views` }),
    ),
  },
  'GET /host/insights': {
    success: 200,
    foundByRight: true,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/insights?orgId=${orgOf(world, side)}`)),
    ),
  },
  'GET /host/camp/:id/reminders': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/reminders`)),
    ),
  },
  'PUT /host/camp/:id/reminders': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(
        json('PUT', `/host/camp/${campOf(world, side)}/reminders`, { enabled: true, whatToBring: 'Hat' }),
      ),
    ),
  },
  'GET /camper/friends/going': {
    success: 200,
    targets: own(({ world }) =>
      always(get(`/camper/friends/going?campIds=${world.hostA.campId},${world.hostB.campId}`)),
    ),
  },
  'GET /api/camps/:id/registration-options': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/api/camps/${campOf(world, side)}/registration-options`)),
    ),
  },
  'POST /api/camps/:id/registrations': {
    // The side's parent registers a new child of theirs with their card; the other parent may not.
    success: 201,
    targets: sides('parent', ALL_SIDES, async (ctx, side) => {
      const parent = parentSide(ctx.world, side);
      const childId = await freshChild(ctx, side);
      return () =>
        json('POST', `/api/camps/${campOf(ctx.world, side)}/registrations`, {
          childIds: [childId],
          paymentMethodId: parent.cardId,
          idempotencyKey: randomUUID(),
        });
    }),
  },
  'POST /api/camps/:id/quote': {
    // The side's parent prices a basket of a child of theirs; another parent's child is unknown.
    success: 200,
    targets: sides('parent', ALL_SIDES, async (ctx, side) => {
      const childId = await freshChild(ctx, side);
      const campId = campOf(ctx.world, side);
      const sessionId = (await firstSession(ctx.db, campId)).id;
      return always(json('POST', `/api/camps/${campId}/quote`, { lines: [{ childId, sessionId }] }));
    }),
  },
  'GET /camper/registrations': {
    // Filtered by one child: another parent's child is not found.
    success: 200,
    targets: [
      ...own(fixed(get('/camper/registrations'))),
      ...sides('parent', AB, ({ world }, side) =>
        always(get(`/camper/registrations?childId=${parentSide(world, side).childId}`)),
      ),
    ],
  },
  'GET /camper/receipts': { success: 200, targets: own(fixed(get('/camper/receipts'))) },
  'GET /camper/receipts/:id': {
    success: 200,
    targets: sides('parent', AB, async ({ world, db }, side) =>
      always(get(`/camper/receipts/${await paymentOf(db, parentSide(world, side).registrationId)}`)),
    ),
  },
  'GET /camper/receipts/:id/pdf': {
    success: 200,
    targets: sides('parent', AB, async ({ world, db }, side) =>
      always(get(`/camper/receipts/${await paymentOf(db, parentSide(world, side).registrationId)}/pdf`)),
    ),
  },
  'GET /camper/registrations/:id/transfer-options': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(
        get(`/camper/registrations/${(await freshMovablePlace(ctx, side)).registrationId}/transfer-options`),
      ),
    ),
  },
  'POST /camper/registrations/:id/transfer': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) => {
      const place = await freshMovablePlace(ctx, side);
      return always(json('POST', `/camper/registrations/${place.registrationId}/transfer`, place.body));
    }),
  },
  'POST /api/camper/instalments/:id/pay': {
    // The owner pays with their own card; another parent's card is theirs, the instalment is not.
    success: 200,
    targets: sides('parent', AB, async (ctx, side) => {
      const instalmentId = await freshFailedInstalment(ctx, side);
      return always(
        json('POST', `/api/camper/instalments/${instalmentId}/pay`, {
          paymentMethodId: parentSide(ctx.world, side).cardId,
          idempotencyKey: randomUUID(),
        }),
      );
    }),
  },
  'POST /camper/registrations/:id/cancel': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({ method: 'POST', url: `/camper/registrations/${await freshRegistration(ctx, side)}/cancel` }),
    ),
  },
  'GET /camper/registrations/:id/calendar.ics': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/registrations/${parentSide(world, side).registrationId}/calendar.ics`)),
    ),
  },
  'GET /camper/campers/:id/medical-views': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/campers/${parentSide(world, side).childId}/medical-views`)),
    ),
  },
  // Children's health profiles (docs/decisions/028): the parent's alone.
  'GET /camper/campers/:id/health-profile': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/campers/${parentSide(world, side).childId}/health-profile`)),
    ),
  },
  'PUT /camper/campers/:id/health-profile': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(
        json('PUT', `/camper/campers/${parentSide(world, side).childId}/health-profile`, HEALTH_PROFILE),
      ),
    ),
  },

  // Families' reviews of camp sessions (docs/decisions/021). A camp's reviews stay readable
  // after it is over; an organization's only once it is approved.
  'GET /api/camps/:id/reviews': {
    success: 200,
    targets: sides('listed', AB, ({ world }, side) =>
      always(get(`/api/camps/${campOf(world, side)}/reviews`)),
    ),
  },
  'GET /api/orgs/:id/reviews': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/api/orgs/${orgOf(world, side)}/reviews`)),
    ),
  },
  'GET /camper/reviews': { success: 200, targets: own(fixed(get('/camper/reviews'))) },
  'POST /camper/sessions/:id/reviews': {
    // The other parent's child did not attend: refused as such (the session itself is public).
    success: 201,
    targets: sides(
      'parent',
      AB,
      async (ctx, side) =>
        always(
          json('POST', `/camper/sessions/${(await freshEndedPlace(ctx, side)).sessionId}/reviews`, REVIEW),
        ),
      { A: { parentB: 403 }, B: { parentA: 403 } },
    ),
  },
  'DELETE /camper/reviews/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({ method: 'DELETE', url: `/camper/reviews/${await freshReview(ctx, side)}` }),
    ),
  },
  'GET /host/camp/:id/reviews': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/reviews`)),
    ),
  },
  'POST /host/reviews/:id/reply': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(json('POST', `/host/reviews/${await freshReview(ctx, side)}/reply`, { text: 'Thank you!' })),
    ),
  },
  'POST /host/reviews/:id/report': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(
        json('POST', `/host/reviews/${await freshReview(ctx, side)}/report`, {
          reason: 'It names a member of staff.',
        }),
      ),
    ),
  },
  'GET /api/admin/camp-reviews': { success: 200, targets: own(fixed(get('/api/admin/camp-reviews'))) },
  'POST /api/admin/camp-reviews/:id/hide': {
    success: 200,
    targets: sides('anyone', AB, async (ctx, side) =>
      always(
        json('POST', `/api/admin/camp-reviews/${await freshReview(ctx, side, true)}/hide`, {
          reason: 'It accuses a named person.',
        }),
      ),
    ),
  },
  'POST /api/admin/camp-reviews/:id/keep': {
    success: 200,
    targets: sides('anyone', AB, async (ctx, side) =>
      always({ method: 'POST', url: `/api/admin/camp-reviews/${await freshReview(ctx, side, true)}/keep` }),
    ),
  },

  // Two-factor sign-in: the second step of a login is admitted by its ticket, never by a bearer.
  'POST /api/auth/two-factor': {
    // A wrong code for a real ticket: refused the same for everyone. Each caller has a ticket of
    // an administrator's of their own, as codes are counted per account (10 in 15 minutes).
    success: 401,
    targets: own(
      perCall(async (ctx) => {
        const ticket = await loginTicket(ctx, await createAdmin(ctx.app, ctx.db), 'code');
        return json('POST', '/api/auth/two-factor', { ticket, code: '000000' });
      }),
    ),
  },
  'POST /api/auth/two-factor/enrolment': {
    success: 200,
    targets: own(async (ctx) => {
      const ticket = await loginTicket(ctx, await unenrolledAdmin(ctx), 'enrol');
      return always(json('POST', '/api/auth/two-factor/enrolment', { ticket }));
    }),
  },
  'POST /api/auth/two-factor/enrolment/confirm': {
    // A wrong code for an enrolment under way: refused the same for everyone. Each caller's is an
    // administrator's of their own, as codes are counted per account.
    success: 400,
    targets: own(
      perCall(async (ctx) => {
        const ticket = await loginTicket(ctx, await unenrolledAdmin(ctx), 'enrol');
        const started = await ctx.app.inject(json('POST', '/api/auth/two-factor/enrolment', { ticket }));
        expect(started.statusCode, started.body).toBe(200);
        return json('POST', '/api/auth/two-factor/enrolment/confirm', { ticket, code: '000000' });
      }),
    ),
  },
  'GET /api/account/two-factor': { success: 200, targets: own(fixed(get('/api/account/two-factor'))) },
  'POST /api/account/two-factor/setup': {
    success: 200,
    // Each caller gives their own password; the administrator's is on already.
    targets: own(
      perCall((_ctx, account) =>
        json('POST', '/api/account/two-factor/setup', { password: account?.password ?? GOOD_PASSWORD }),
      ),
      { admin: 409 },
    ),
  },
  'POST /api/account/two-factor/confirm': {
    // Each caller starts a setup, then sends a wrong code; the administrator's is on already.
    success: 400,
    targets: own(
      (ctx) => async (_actor, account) => {
        if (account)
          await send(
            ctx.app,
            json('POST', '/api/account/two-factor/setup', { password: account.password }),
            account.token,
          );
        return json('POST', '/api/account/two-factor/confirm', { code: '000000' });
      },
      { admin: 409 },
    ),
  },
  'POST /api/account/two-factor/disable': {
    // Nobody but the administrator has it on, and administrators may not turn it off.
    success: 409,
    targets: own(
      perCall((_ctx, account) =>
        json('POST', '/api/account/two-factor/disable', {
          password: account?.password ?? GOOD_PASSWORD,
          code: '000000',
        }),
      ),
      { admin: 403 },
    ),
  },
  'POST /api/account/two-factor/recovery-codes': {
    // Nobody but the administrator has it on; the administrator's wrong code changes nothing
    // (renewals themselves are proved in the two-factor tests).
    success: 409,
    targets: own(
      perCall((_ctx, account) =>
        json('POST', '/api/account/two-factor/recovery-codes', {
          password: account?.password ?? GOOD_PASSWORD,
          code: '000000',
        }),
      ),
      { admin: 400 },
    ),
  },

  // The privacy rights: a copy of one's data, and erasure (proved on throwaway accounts in privacy tests).
  'GET /api/account/export': {
    success: 200,
    targets: own(fixed(get('/api/account/export'))),
    // Stricter than what a caller may see elsewhere: a host's export holds nothing of the families
    // on its rosters, only the caller's own account and what it made.
    check: (res, actor, _target, world) => {
      for (const { text, what, owner } of privateStrings(world)) {
        if (owner !== actor) expect(res.body, `${actor}'s export holds ${what}`).not.toContain(text);
      }
    },
  },
  'POST /api/account/delete': {
    // A wrong password keeps the world's accounts; administrators' accounts are never deleted here.
    success: 400,
    targets: own(fixed(json('POST', '/api/account/delete', { password: 'not-the-password' })), {
      admin: 403,
    }),
  },
  'GET /camper/saved-searches': { success: 200, targets: own(fixed(get('/camper/saved-searches'))) },
  'POST /camper/saved-searches': {
    // Words of its own for each call, so none is the same search saved twice.
    success: 201,
    targets: own(
      perCall(() =>
        json('POST', '/camper/saved-searches', { search: { term: `${randomName('Search')} ${tag()}` } }),
      ),
    ),
  },
  'PATCH /camper/saved-searches/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({
        method: 'PATCH',
        url: `/camper/saved-searches/${await freshSavedSearch(ctx, side)}`,
        payload: { digest: false },
      }),
    ),
  },
  'DELETE /camper/saved-searches/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({ method: 'DELETE', url: `/camper/saved-searches/${await freshSavedSearch(ctx, side)}` }),
    ),
  },
  'GET /api/unsubscribe/:token': { success: 200, targets: unsubscribeTargets('GET') },
  // A family's calendar subscription (decision 071): the parent's own to make, see and stop.
  'GET /camper/calendar-feed': { success: 200, targets: own(fixed(get('/camper/calendar-feed'))) },
  'POST /camper/calendar-feed': {
    success: 201,
    targets: own(fixed(json('POST', '/camper/calendar-feed', {}))),
  },
  'DELETE /camper/calendar-feed': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) => {
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/camper/calendar-feed',
        headers: bearer(parentSide(ctx.world, side).account.token),
      });
      if (made.statusCode !== 201) throw new Error(`making a feed failed: ${made.body}`);
      return always({ method: 'DELETE', url: '/camper/calendar-feed' });
    }),
  },
  // Link previews' pictures: what a listed camp's or organisation's page shows, drawn for networks.
  'GET /og/site.png': { success: 200, targets: own(fixed(get('/og/site.png'))) },
  'GET /og/camps/:id/preview.jpg': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/og/camps/${campOf(world, side)}/preview.jpg`)),
    ),
  },
  'GET /og/orgs/:id/preview.jpg': {
    success: 200,
    // A listed organisation with a picture (the world's have none until a host adds one).
    targets: sides('listed', ALL_SIDES, async ({ app, world, jpeg }, side) => {
      if (side !== 'unpublished') {
        const host = hostSide(world, side).account.token;
        const put = multipartCall('PUT', `/host/org/${orgOf(world, side)}/image`, {}, [thumbnailPart(jpeg)]);
        const res = await send(app, put, host);
        if (res.statusCode !== 200) throw new Error(`adding a picture failed: ${res.body}`);
      }
      return always(get(`/og/orgs/${orgOf(world, side)}/preview.jpg`));
    }),
  },
  // A host's booking widget (decision 075): what its listed organisation's page shows, to any site.
  'GET /widget/orgs/:id': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/widget/orgs/${orgOf(world, side)}`)),
    ),
  },
  // A session's calendar for its staff (decision 071): what its listed camp's page shows, to anyone.
  'GET /calendar/sessions/:id/session.ics': {
    success: 200,
    targets: sides('listed', ALL_SIDES, async (ctx, side) =>
      always(
        get(`/calendar/sessions/${(await firstSession(ctx.db, campOf(ctx.world, side))).id}/session.ics`),
      ),
    ),
  },
  'GET /calendar/feeds/:token/family.ics': {
    success: 200,
    targets: calendarFeedTargets(),
    showsEveryone:
      'the private address is the proof: whoever holds it is the calendar app the family gave it to (decision 071)',
  },
  'POST /api/unsubscribe/:token': { success: 200, targets: unsubscribeTargets('POST') },

  // A camp's questions and waivers, a family's answers and signatures (decision 029). A listed
  // camp's forms are any parent's to read, answer and sign; files and signatures are the
  // family's, and the host's and managers' (health) of a camp where the family has a place.
  'GET /host/camp/:id/forms': {
    success: 200,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(get(`/host/camp/${campOf(world, side)}/forms`)),
    ),
  },
  'POST /host/camp/:id/questions': {
    success: 201,
    targets: sides('host', ALL_SIDES, ({ world }, side) =>
      always(json('POST', `/host/camp/${campOf(world, side)}/questions`, OPTIONAL_QUESTION)),
    ),
  },
  'PUT /host/questions/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(json('PUT', `/host/questions/${await freshQuestion(ctx, side)}`, OPTIONAL_QUESTION)),
    ),
  },
  'DELETE /host/questions/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always({ method: 'DELETE', url: `/host/questions/${await freshQuestion(ctx, side)}` }),
    ),
  },
  // Added at a new camp each time: a camp takes at most 5 waivers, and the world's keep room for
  // the ones their families sign.
  'POST /host/camp/:id/waivers': {
    success: 201,
    targets: sides('host', ALL_SIDES, async (ctx, side) =>
      always(json('POST', `/host/camp/${(await freshCamp(ctx, side)).id}/waivers`, OPTIONAL_WAIVER)),
    ),
  },
  'PUT /host/waivers/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(json('PUT', `/host/waivers/${(await freshWaiver(ctx, side)).id}`, OPTIONAL_WAIVER)),
    ),
  },
  'DELETE /host/waivers/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always({ method: 'DELETE', url: `/host/waivers/${(await freshWaiver(ctx, side)).id}` }),
    ),
  },
  'GET /host/form-files/:id': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(get(`/host/form-files/${await freshFormFile(ctx, side)}`)),
    ),
  },
  'GET /host/waiver-signatures/:id/pdf': {
    success: 200,
    foundByRight: true,
    targets: sides('host', AB, async (ctx, side) =>
      always(get(`/host/waiver-signatures/${await freshSignature(ctx, side)}/pdf`)),
    ),
  },
  'GET /camper/camps/:id/forms': {
    success: 200,
    targets: sides('listed', ALL_SIDES, ({ world }, side) =>
      always(get(`/camper/camps/${campOf(world, side)}/forms`)),
    ),
  },
  'PUT /camper/camps/:id/answers': {
    // The side's parent's child: another parent finds no such child.
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(
        json('PUT', `/camper/camps/${campOf(world, side)}/answers`, {
          childIds: [parentSide(world, side).childId],
          answers: [],
        }),
      ),
    ),
  },
  'POST /camper/camps/:id/form-files': {
    success: 201,
    targets: sides('listed', ALL_SIDES, ({ world }, side) => always(pdfUpload(campOf(world, side)))),
  },
  'GET /camper/form-files/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(get(`/camper/form-files/${await freshFormFile(ctx, side)}`)),
    ),
  },
  'POST /camper/waivers/:id/signatures': {
    success: 201,
    targets: sides('listed', AB, async (ctx, side) => {
      const waiver = await freshWaiver(ctx, side);
      return always(
        json('POST', `/camper/waivers/${waiver.id}/signatures`, {
          fullName: 'Pat Meadows',
          consent: true,
          textHash: waiver.textHash,
        }),
      );
    }),
  },
  'GET /camper/waiver-signatures/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(get(`/camper/waiver-signatures/${await signatureToRead(ctx, side)}`)),
    ),
  },
  'GET /camper/waiver-signatures/:id/pdf': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(get(`/camper/waiver-signatures/${await signatureToRead(ctx, side)}/pdf`)),
    ),
  },

  // The day of camp (decision 030): a parent's own pickup adults; a host's own sessions, which
  // their managers and the staff who work them check children in at.
  // A child's year-end care statement (decision 077): the child's own parent's alone.
  'GET /camper/campers/:id/tax-statement': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/campers/${parentSide(world, side).childId}/tax-statement?year=2026`)),
    ),
  },
  'GET /camper/campers/:id/tax-statement.pdf': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/campers/${parentSide(world, side).childId}/tax-statement.pdf?year=2026`)),
    ),
  },
  'GET /camper/campers/:id/tax-statement.csv': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/campers/${parentSide(world, side).childId}/tax-statement.csv?year=2026`)),
    ),
  },
  'GET /camper/campers/:id/pickup-adults': {
    success: 200,
    targets: sides('parent', AB, ({ world }, side) =>
      always(get(`/camper/campers/${parentSide(world, side).childId}/pickup-adults`)),
    ),
  },
  'POST /camper/campers/:id/pickup-adults': {
    success: 201,
    targets: sides('parent', AB, ({ world }, side) =>
      always(pickupAdultCall('POST', `/camper/campers/${parentSide(world, side).childId}/pickup-adults`)),
    ),
  },
  'PUT /camper/pickup-adults/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always(
        pickupAdultCall('PUT', `/camper/pickup-adults/${await freshPickupAdult(ctx, side)}`, {
          ...ADULT_FIELDS,
          relationship: 'Aunt',
        }),
      ),
    ),
  },
  'DELETE /camper/pickup-adults/:id/photo': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({
        method: 'DELETE',
        url: `/camper/pickup-adults/${await freshPickupAdult(ctx, side, true)}/photo`,
      }),
    ),
  },
  'DELETE /camper/pickup-adults/:id': {
    success: 200,
    targets: sides('parent', AB, async (ctx, side) =>
      always({ method: 'DELETE', url: `/camper/pickup-adults/${await freshPickupAdult(ctx, side)}` }),
    ),
  },
  'GET /host/sessions/:id/check-in': {
    success: 200,
    targets: sides('host', AB, async (ctx, side) =>
      always(
        get(`/host/sessions/${(await freshCheckInPlace(ctx, side)).sessionId}/check-in?day=${campToday()}`),
      ),
    ),
  },
  'GET /host/sessions/:id/announcements': {
    success: 200,
    targets: sides('host', AB, async (ctx, side) =>
      always(get(`/host/sessions/${(await freshCheckInPlace(ctx, side)).sessionId}/announcements`)),
    ),
  },
  'POST /host/sessions/:id/check-ins': {
    success: 201,
    targets: sides('host', AB, async (ctx, side) => {
      const place = await freshCheckInPlace(ctx, side);
      return always(json('POST', `/host/sessions/${place.sessionId}/check-ins`, tapBody(place.childId)));
    }),
  },
  'POST /host/sessions/:id/check-outs': {
    success: 201,
    targets: sides('host', AB, async (ctx, side) => {
      const place = await freshCheckInPlace(ctx, side, true);
      return always(
        json(
          'POST',
          `/host/sessions/${place.sessionId}/check-outs`,
          tapBody(place.childId, { pickupAdultId: place.adultId }),
        ),
      );
    }),
  },
  'POST /host/sessions/:id/pickup-refusals': {
    success: 201,
    targets: sides('host', AB, async (ctx, side) => {
      const place = await freshCheckInPlace(ctx, side, true);
      return always(
        json(
          'POST',
          `/host/sessions/${place.sessionId}/pickup-refusals`,
          tapBody(place.childId, { name: 'Someone Unknown' }),
        ),
      );
    }),
  },
};

/** A password login's ticket for the second step ('code') or for setting an authenticator up ('enrol'). */
async function loginTicket(
  ctx: Context,
  admin: { email: string; password: string },
  expected: 'code' | 'enrol',
) {
  const res = await logIn(ctx.app, 'admin', admin.email, admin.password);
  expect(res.statusCode, res.body).toBe(200);
  const { secondFactor, ticket } = res.json<{ data: { secondFactor?: string; ticket?: string } }>().data;
  expect(secondFactor).toBe(expected);
  if (!ticket) throw new Error(`no ticket in ${res.body}`);
  return ticket;
}

/** An administrator who has never signed in, so has no authenticator yet. */
async function unenrolledAdmin(ctx: Context): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('newadmin');
  await ctx.db.insert(users).values({
    userType: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email,
    passwordHash: await hashPassword(GOOD_PASSWORD),
  });
  return { email, password: GOOD_PASSWORD };
}

// ---------------------------------------------------------------------------------------------
// What nobody but the named callers may ever read.

interface PrivateString {
  text: string;
  what: string;
  owner: ActorName;
  seenBy: ActorName[];
}

/**
 * Each private string, whose it is, and who besides may read it: a host, and their team's
 * managers, see the roster (contacts, health notes) and the team; staff A sees A's team and, on
 * the check-in sheet of the session they work, the children's names and nothing more.
 */
function privateStrings(world: World): PrivateString[] {
  const teamA: ActorName[] = ['hostA', 'managerA', 'staffA'];
  const teamB: ActorName[] = ['hostB', 'memberB'];
  const parent = (side: 'A' | 'B'): PrivateString[] => {
    const p = side === 'A' ? world.parentA : world.parentB;
    const owner: ActorName = side === 'A' ? 'parentA' : 'parentB';
    // The camp the child is registered at: its host and manager see the child on the roster.
    const roster: ActorName[] = side === 'A' ? [owner, 'hostA', 'managerA'] : [owner, 'hostB', 'memberB'];
    const checkIn: ActorName[] = side === 'A' ? [...roster, 'staffA'] : roster;
    return [
      { text: p.account.email, what: `parent ${side}'s e-mail`, owner, seenBy: roster },
      { text: p.childFirstName, what: `parent ${side}'s child's name`, owner, seenBy: checkIn },
      { text: p.medical, what: `parent ${side}'s child's medical notes`, owner, seenBy: roster },
    ];
  };
  // The team's page shows each member's e-mail to the others; the administrator sees every account.
  const email = (actor: ActorName, text: string, team: ActorName[] = [actor]): PrivateString => ({
    text,
    what: `${actor}'s e-mail`,
    owner: actor,
    seenBy: [...team, 'admin'],
  });
  return [
    ...parent('A'),
    ...parent('B'),
    email('hostA', world.hostA.account.email, teamA),
    email('hostB', world.hostB.account.email, teamB),
    email('hostC', world.hostC.email),
    email('managerA', world.managerA.email, teamA),
    email('staffA', world.staffA.email, teamA),
    email('memberB', world.memberB.email, teamB),
    // Off A's team: none of it shows them any more.
    email('removedA', world.removedA.email),
    { text: world.admin.email, what: "the administrator's e-mail", owner: 'admin', seenBy: ['admin'] },
    {
      text: world.pendingOrg.name,
      what: 'the organization waiting for review',
      owner: 'hostA',
      seenBy: [...teamA, 'admin'],
    },
    { text: world.overCamp.name, what: 'the camp that is over', owner: 'hostA', seenBy: teamA },
  ];
}

// ---------------------------------------------------------------------------------------------
// Running it.

/**
 * The authorization matrix over one part of its routes (see suite-parts.ts); each
 * authorization-matrix-<n>.test.ts runs one part on an app and world of its own.
 */
export function describeAuthorizationMatrix(part: SuitePart): void {
  let app: FastifyInstance;
  let db: Database;
  let routes: LiveRoute[];
  let ctx: Context;
  let cells = 0;
  let headCells = 0;
  const routesRun = new Set<string>();

  beforeAll(async () => {
    ({ app, db, routes } = await buildAppWithRoutes(ORG_ENV));
    const [world, jpeg] = await Promise.all([buildWorld(app, db), detailedJpeg()]);
    ctx = { app, db, world, jpeg };
  }, 120_000);

  afterAll(() => {
    console.info(
      `Authorization matrix, part ${part.index} of ${part.of}: ${routesRun.size} routes × ${ACTORS.length} callers, ${cells} cells ` +
        `(${headCells} of them HEAD), on side A's, side B's, unpublished and the caller's own resources. ` +
        `Left out as not API: ${NOT_API.map(({ pattern, what }) => `${pattern} (${what})`).join(', ')}.`,
    );
  });

  const isMutation = (method: string) => method !== 'GET' && method !== 'HEAD';

  interface CellResult {
    problems: string[];
  }

  async function runCell(
    key: string,
    entry: Entry,
    target: Target,
    actor: ActorName,
    call: Call,
    result: CellResult,
  ): Promise<void> {
    const account = accountOf(ctx.world, actor);
    const expected = expectedStatus(declaredOf(routes, key), entry, target, actor);
    const res = await send(app, { ...call, remoteAddress: uniqueRemoteAddress() }, account?.token);
    cells += 1;
    const where = `${key} [${target.name}] as ${actor}`;
    if (res.statusCode !== expected) {
      result.problems.push(`${where}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
      return;
    }
    if (expected >= 400) {
      expect(res.json(), where).toMatchObject({ statusCode: expected, code: expect.any(String) });
    } else {
      if (entry.refreshesToken && account) account.token = res.json<{ data: { token: string } }>().data.token;
      entry.check?.(res, actor, target.name, ctx.world);
    }
    if (!entry.showsEveryone) result.problems.push(...leaks(where, actor, call, res.body));

    if (call.method === 'GET') {
      const head = await send(
        app,
        { ...call, method: 'HEAD', remoteAddress: uniqueRemoteAddress() },
        account?.token,
      );
      cells += 1;
      headCells += 1;
      if (head.statusCode !== expected) {
        result.problems.push(`HEAD ${where}: expected ${expected}, got ${head.statusCode}`);
      }
      if (head.body !== '') result.problems.push(`HEAD ${where}: answered a body`);
    }
  }

  /** Private strings the caller may not see that the reply shows (and the request did not send). */
  function leaks(where: string, actor: ActorName, call: Call, body: string): string[] {
    const sent = `${call.url} ${typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload ?? '')}`;
    return privateStrings(ctx.world)
      .filter(({ text, seenBy }) => !seenBy.includes(actor) && !sent.includes(text) && body.includes(text))
      .map(({ what }) => `${where}: the reply shows ${what}`);
  }

  async function runRoute(key: string, entry: Entry): Promise<string[]> {
    const result: CellResult = { problems: [] };
    const method = key.split(' ')[0] ?? '';
    for (const target of entry.targets) {
      const callFor = await target.prepare(ctx);
      const declared = declaredOf(routes, key);
      const refused = ACTORS.filter((actor) => expectedStatus(declared, entry, target, actor) >= 400);
      const admitted = ACTORS.filter((actor) => expectedStatus(declared, entry, target, actor) < 400);
      // Everyone who must be refused goes first, so a fresh resource is still there for them,
      // and a refused change must leave every table exactly as it was (their calls are built
      // before the first look, as building one may itself write).
      const refusedCalls: [ActorName, Call][] = [];
      for (const actor of refused)
        refusedCalls.push([actor, await callFor(actor, accountOf(ctx.world, actor))]);
      const before = isMutation(method) ? await tableWrites(db) : null;
      for (const [actor, call] of refusedCalls) await runCell(key, entry, target, actor, call, result);
      if (before) {
        const changed = writesBetween(before, await tableWrites(db));
        if (changed.length > 0)
          result.problems.push(`${key} [${target.name}]: refused calls wrote to ${changed.join('; ')}`);
      }
      for (const actor of admitted) {
        // A member's POST or DELETE gets the target prepared anew: the owner's call before it may
        // have used it up (deleted, cancelled, moved or checked it in). A PUT only sets it again.
        const anew = isMember(actor) && isMutation(method) && method !== 'PUT';
        const callOf = anew ? await target.prepare(ctx) : callFor;
        await runCell(key, entry, target, actor, await callOf(actor, accountOf(ctx.world, actor)), result);
      }
    }
    routesRun.add(key);
    return result.problems;
  }

  describe(`the authorization matrix, part ${part.index} of ${part.of}`, () => {
    it('has an entry for every route the app answers, and none for a route it does not', () => {
      const liveKeys = new Set(routes.map((route) => route.key));
      // Fastify answers HEAD for every GET; those cells run with their GET.
      const coveredBy = (table: Record<string, unknown>) => (route: LiveRoute) =>
        route.key in table || (route.method === 'HEAD' && routeKey('GET', route.url) in table);
      const withoutCells = uncovered(routes, coveredBy(MATRIX));
      expect(withoutCells, `Routes without an entry in the authorization matrix:\n${withoutCells}`).toBe('');
      const stale = Object.keys(MATRIX).filter((key) => !liveKeys.has(key));
      expect(stale, 'Entries for routes the app does not have').toEqual([]);
    });

    it.each(casesOf(Object.entries(MATRIX), part))('%s', async (key, entry) => {
      const problems = await runRoute(key, entry);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
}

/** Every API route by `METHOD /url` (HEAD aside), as the matrix covers them: the suites split by it. */
export const API_ROUTE_KEYS: readonly string[] = Object.keys(MATRIX);
