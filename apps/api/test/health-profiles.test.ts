import { randomUUID } from 'node:crypto';
import type { HealthProfile } from '@campwise/contract/health-profiles';
import { messages } from '@campwise/contract/messages';
import type { AccountExport, MedicalView } from '@campwise/contract/privacy';
import type { Roster } from '@campwise/contract/registrations';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { childHealthProfiles, registrationHealthSnapshots, registrations } from '../src/db/schema.ts';
import { allergyBadgesForSession } from '../src/modules/health-profiles/host-health.ts';
import { CAMP_TODAY_SQL, firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin, unauthenticatedReply } from './fixtures.ts';
import { HEALTH_PROFILE, profileUrl, putProfile, savedProfile } from './health-profile-fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, expectError } from './payments-fixtures.ts';
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
let host: CampHost;
let otherHost: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  otherHost = await campHost(app, admin.token);
});

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });

async function roster(campId: number, token = host.token): Promise<Roster> {
  const res = await get(`/host/camp/${campId}/roster`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Roster }>().data;
}

const entryOf = (list: Roster, childId: number, parent: Family) =>
  list.registered.find((entry) => entry.childFirstName === ['Ada', 'Ben'][parent.childIds.indexOf(childId)]);

async function views(parent: Family, childId: number): Promise<MedicalView[]> {
  const res = await get(`/camper/campers/${childId}/medical-views`, parent.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MedicalView[] }>().data;
}

/** Moves a session's dates so that it ended `daysAgo` days ago. */
async function endSessionDaysAgo(campId: number, daysAgo: number) {
  const session = await firstSession(db, campId);
  await db.execute(
    sql`update camp_sessions set start_date = ${CAMP_TODAY_SQL} - ${daysAgo + 5}::int,
        end_date = ${CAMP_TODAY_SQL} - ${daysAgo}::int where id = ${session.id}`,
  );
}

describe("the parent's health profile", () => {
  it('is empty at first, saved as version 1, then 2, and keeps the old notes as other notes', async () => {
    const parent = await family(app, [8]);
    const [ada] = parent.childIds as [number];
    const empty = await get(profileUrl(ada), parent.token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ data: null });
    expect(empty.headers['cache-control']).toBe('no-store');

    const saved = await putProfile(app, parent.token, ada);
    // The answer to a save carries the whole profile back: no-store like every other.
    expect(saved.headers['cache-control']).toBe('no-store');
    const first = savedProfile(saved);
    expect(first).toEqual({
      ...HEALTH_PROFILE,
      childId: ada,
      version: 1,
      updatedAt: expect.any(String),
      otherNotes: 'Peanut allergy: carries an EpiPen.',
    });
    const second = savedProfile(
      await putProfile(app, parent.token, ada, {
        ...HEALTH_PROFILE,
        doctor: null,
        insurance: null,
        medications: [],
      }),
    );
    expect(second).toMatchObject({ version: 2, doctor: null, insurance: null, medications: [] });
    expect(savedProfile(await get(profileUrl(ada), parent.token))).toEqual(second);
  });

  it('is sealed at rest: the stored column holds none of it', async () => {
    const parent = await family(app, [8]);
    const [ada] = parent.childIds as [number];
    savedProfile(await putProfile(app, parent.token, ada));
    const [row] = await db.select().from(childHealthProfiles).where(eq(childHealthProfiles.childId, ada));
    expect(row?.profileSealed).toMatch(/^app\.v1\./);
    expect(row?.profileSealed).not.toContain('Peanuts');
    expect(row?.profileSealed).not.toContain('Grace');
  });

  it('needs an emergency contact who is not the parent, and a media consent answer', async () => {
    const parent = await family(app, [8]);
    const [ada] = parent.childIds as [number];
    const none = await putProfile(app, parent.token, ada, { ...HEALTH_PROFILE, emergencyContacts: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(messages.healthEmergencyContactRequired);
    // The parent's own name, or own phone number, is not an emergency contact.
    for (const contact of [
      { name: ' robin  MEADOWS ', relationship: 'Mother', phone: '312-555-0188' },
      { name: 'Sam Meadows', relationship: 'Father', phone: '312-555-0142' },
    ]) {
      expectError(
        await putProfile(app, parent.token, ada, { ...HEALTH_PROFILE, emergencyContacts: [contact] }),
        400,
        'BAD_REQUEST',
        messages.healthEmergencyContactIsParent,
        { 'emergencyContacts.0.name': messages.healthEmergencyContactIsParent },
      );
    }
    const { mediaConsent: _left, ...noConsent } = HEALTH_PROFILE;
    const missing = await putProfile(app, parent.token, ada, noConsent);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.healthMediaConsentRequired);
    const severity = await putProfile(app, parent.token, ada, {
      ...HEALTH_PROFILE,
      allergies: [{ name: 'Bees', severity: 'very' }],
    });
    expect(severity.statusCode).toBe(400);
    expect(severity.json().message).toBe(messages.healthSeverityRequired);
    // Nothing was saved by any of these.
    expect((await get(profileUrl(ada), parent.token)).json()).toEqual({ data: null });
  });

  it("is the parent's own: another parent, a host and a guest cannot read or write it", async () => {
    const parent = await family(app, [8]);
    const [ada] = parent.childIds as [number];
    savedProfile(await putProfile(app, parent.token, ada));
    const stranger = await family(app, [8]);
    expectError(await get(profileUrl(ada), stranger.token), 404, 'NOT_FOUND', messages.childNotFound);
    expectError(await putProfile(app, stranger.token, ada), 404, 'NOT_FOUND', messages.childNotFound);
    expectError(await get(profileUrl(ada), host.token), 403, 'FORBIDDEN', messages.forbidden);
    expect((await get(profileUrl(ada))).json()).toEqual(unauthenticatedReply);
    expectError(await get(profileUrl(999_999), parent.token), 404, 'NOT_FOUND', messages.childNotFound);
    expect(savedProfile(await get(profileUrl(ada), parent.token)).version).toBe(1);
  });
});

describe('registration with a reviewed health profile', () => {
  it('stores the reviewed version with each place, and refuses a version that has changed', async () => {
    const parent = await family(app, [8, 9]);
    const [ada, ben] = parent.childIds as [number, number];
    const adaProfile = savedProfile(await putProfile(app, parent.token, ada));
    const benProfile = savedProfile(
      await putProfile(app, parent.token, ben, { ...HEALTH_PROFILE, allergies: [], mediaConsent: false }),
    );
    const campId = await addCamp(app, host);
    // Reviewed version 1, but the profile is at version 2 now: nothing is charged or taken.
    savedProfile(await putProfile(app, parent.token, ada));
    const stale = await register(app, parent, campId, {
      childIds: [ada, ben],
      paymentMethodId: parent.cardId,
      healthReviews: [
        { childId: ada, version: adaProfile.version },
        { childId: ben, version: benProfile.version },
      ],
    });
    expectError(stale, 409, 'HEALTH_PROFILE_CHANGED', messages.healthProfileChanged.replace('{name}', 'Ada'));
    expect(await db.select().from(registrations).where(eq(registrations.parentId, parent.id))).toEqual([]);

    const placed = outcome(
      await register(app, parent, campId, {
        childIds: [ada, ben],
        paymentMethodId: parent.cardId,
        healthReviews: [
          { childId: ada, version: 2 },
          { childId: ben, version: 1 },
        ],
      }),
    );
    const copies = await db
      .select({
        registrationId: registrationHealthSnapshots.registrationId,
        version: registrationHealthSnapshots.version,
      })
      .from(registrationHealthSnapshots)
      .where(sql`${registrationHealthSnapshots.registrationId} in ${placed.registrationIds}`);
    expect(copies.map((copy) => copy.version).sort()).toEqual([1, 2]);
  });

  it('answers 404 for a reviewed child of another family', async () => {
    const parent = await family(app, [8]);
    const stranger = await family(app, [8]);
    const campId = await addCamp(app, host);
    const res = await register(app, parent, campId, {
      childIds: parent.childIds,
      paymentMethodId: parent.cardId,
      healthReviews: [{ childId: stranger.childIds[0] as number, version: 1 }],
    });
    expectError(res, 404, 'NOT_FOUND', messages.childNotFound);
  });
});

describe('hosts reading the health profile on the roster', () => {
  let parent: Family;
  let campId: number;

  beforeAll(async () => {
    parent = await family(app, [8, 9]);
    savedProfile(await putProfile(app, parent.token, parent.childIds[0] as number));
    campId = await addCamp(app, host);
    outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
  });

  it('shows the paid place its stored profile, and records the view for the parent', async () => {
    const [ada, ben] = parent.childIds as [number, number];
    const list = await roster(campId);
    const adaEntry = entryOf(list, ada, parent);
    expect(adaEntry?.health).toEqual({ ...HEALTH_PROFILE, version: 1, reviewedAt: expect.any(String) });
    // Ben has no profile: nothing to show.
    expect(entryOf(list, ben, parent)?.health).toBeNull();
    expect(await views(parent, ada)).toEqual([
      expect.objectContaining({ what: 'health_profile', hostName: 'Robin Meadows' }),
    ]);
    expect(await views(parent, ben)).toEqual([]);
    // Health data is never kept by a browser or a proxy on the way.
    expect((await get(`/host/camp/${campId}/roster`, host.token)).headers['cache-control']).toBe('no-store');
  });

  it("shows a later save to the camp: the place's copy follows the profile while the session is ahead", async () => {
    const [ada] = parent.childIds as [number];
    savedProfile(
      await putProfile(app, parent.token, ada, {
        ...HEALTH_PROFILE,
        allergies: [{ name: 'Kiwi', severity: 'mild' }],
      }),
    );
    const adaEntry = entryOf(await roster(campId), ada, parent);
    expect(adaEntry?.health).toMatchObject({
      version: 2,
      allergies: [{ name: 'Kiwi', severity: 'mild', reaction: null }],
    });
  });

  it('shows another host nothing: the camp is not found', async () => {
    expectError(
      await get(`/host/camp/${campId}/roster`, otherHost.token),
      404,
      'NOT_FOUND',
      messages.campNotFound,
    );
  });

  it('the CSV names each allergy with its severity', async () => {
    const res = await get(`/host/camp/${campId}/roster.csv`, host.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Allergies');
    expect(res.body).toContain('Kiwi (Mild)');
    // A download of health data is no more kept on the way than the roster itself.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('shows an unpaid place (waitlisted, being paid) nothing and records nothing', async () => {
    const full = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const first = await family(app, [8]);
    outcome(await register(app, first, full, { childIds: first.childIds, paymentMethodId: first.cardId }));
    const waiting = await family(app, [8]);
    savedProfile(await putProfile(app, waiting.token, waiting.childIds[0] as number));
    expect(outcome(await register(app, waiting, full, { childIds: waiting.childIds })).status).toBe(
      'waitlisted',
    );
    const list = await roster(full);
    expect(list.waitlist[0]?.health).toBeNull();
    expect(list.waitlist[0]?.medical).toBeNull();
    // Its copy is kept for the day a place is paid for.
    const [copy] = await db
      .select()
      .from(registrationHealthSnapshots)
      .where(eq(registrationHealthSnapshots.registrationId, list.waitlist[0]?.registrationId ?? 0));
    expect(copy?.version).toBe(1);
    expect(await views(waiting, waiting.childIds[0] as number)).toEqual([]);
  });

  it('shows it until 30 days after the session ended, and nothing after', async () => {
    const recent = await family(app, [8]);
    const [kid] = recent.childIds as [number];
    savedProfile(await putProfile(app, recent.token, kid));
    const ended = await addCamp(app, host);
    outcome(await register(app, recent, ended, { childIds: [kid], paymentMethodId: recent.cardId }));
    await endSessionDaysAgo(ended, 30);
    expect((await roster(ended)).registered[0]?.health).not.toBeNull();
    expect((await roster(ended)).registered[0]?.medical).not.toBeNull();
    await endSessionDaysAgo(ended, 31);
    expect((await roster(ended)).registered[0]?.health).toBeNull();
    expect((await roster(ended)).registered[0]?.medical).toBeNull();
    expect(await views(recent, kid)).toHaveLength(2);
    // A save after the session ended leaves its copy as it was.
    savedProfile(await putProfile(app, recent.token, kid, { ...HEALTH_PROFILE, conditions: [] }));
    const [copy] = await db
      .select({ version: registrationHealthSnapshots.version })
      .from(registrationHealthSnapshots)
      .innerJoin(registrations, eq(registrations.id, registrationHealthSnapshots.registrationId))
      .where(eq(registrations.childId, kid));
    expect(copy?.version).toBe(1);
  });

  it('a stranger and a parent cannot open a roster', async () => {
    const stranger = await family(app, [8]);
    expectError(
      await get(`/host/camp/${campId}/roster`, stranger.token),
      403,
      'FORBIDDEN',
      messages.forbidden,
    );
    expect((await get(`/host/camp/${campId}/roster`)).json()).toEqual(unauthenticatedReply);
  });
});

describe('allergy badges for a session', () => {
  it('lists the paid places with allergies, most severe first, for the host only, and records the view', async () => {
    const parent = await family(app, [8, 9]);
    const [ada, ben] = parent.childIds as [number, number];
    savedProfile(await putProfile(app, parent.token, ada));
    savedProfile(await putProfile(app, parent.token, ben, { ...HEALTH_PROFILE, allergies: [] }));
    const campId = await addCamp(app, host);
    outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
    const session = await firstSession(db, campId);
    const deps = { db, healthData: app.healthData };
    const badges = await allergyBadgesForSession(deps, host.id, session.id, { recordViews: true });
    expect(badges).toEqual([
      {
        childId: ada,
        registrationId: expect.any(Number),
        badges: [
          { name: 'Peanuts', severity: 'life_threatening' },
          { name: 'Penicillin', severity: 'moderate' },
        ],
      },
    ]);
    expect(await views(parent, ada)).toEqual([expect.objectContaining({ what: 'allergy_badges' })]);
    await expect(
      allergyBadgesForSession(deps, otherHost.id, session.id, { recordViews: true }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await endSessionDaysAgo(campId, 31);
    expect(await allergyBadgesForSession(deps, host.id, session.id, { recordViews: true })).toEqual([]);
    expect(await views(parent, ada)).toHaveLength(1);
  });
  it("are on the host's check-in sheet for the day, beside each child", async () => {
    const parent = await family(app, [8, 9]);
    const [ada, ben] = parent.childIds as [number, number];
    savedProfile(await putProfile(app, parent.token, ada));
    savedProfile(await putProfile(app, parent.token, ben, { ...HEALTH_PROFILE, allergies: [] }));
    const campId = await addCamp(app, host);
    outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
    const session = await firstSession(db, campId);
    const res = await get(`/host/sessions/${session.id}/check-in?day=${session.startDate}`, host.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.allergies).toEqual([
      {
        childId: ada,
        badges: [
          { name: 'Peanuts', severity: 'life_threatening' },
          { name: 'Penicillin', severity: 'moderate' },
        ],
      },
    ]);
    expect(await views(parent, ada)).toEqual([expect.objectContaining({ what: 'allergy_badges' })]);
  });
});

describe('health data and the account', () => {
  it("is in the parent's data export, opened, and gone after the account is deleted", async () => {
    const parent = await family(app, [8]);
    const [ada] = parent.childIds as [number];
    savedProfile(await putProfile(app, parent.token, ada));
    const campId = await addCamp(app, host);
    const placed = outcome(
      await register(app, parent, campId, { childIds: [ada], paymentMethodId: parent.cardId }),
    );
    const exported = await get('/api/account/export', parent.token);
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<AccountExport>();
    expect(data.healthProfiles).toEqual([
      { ...HEALTH_PROFILE, childId: ada, version: 1, updatedAt: expect.any(String) },
    ]);
    expect(data.registrationHealth).toEqual([
      {
        registrationId: placed.registrationIds[0],
        version: 1,
        reviewedAt: expect.any(String),
        profile: HEALTH_PROFILE,
      },
    ]);

    // The camp is over, so the account can go.
    await endSessionDaysAgo(campId, 2);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(parent.token),
      payload: { password: ACCOUNT_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db.select().from(childHealthProfiles).where(eq(childHealthProfiles.childId, ada))).toEqual(
      [],
    );
    expect(
      await db
        .select()
        .from(registrationHealthSnapshots)
        .where(eq(registrationHealthSnapshots.registrationId, placed.registrationIds[0] ?? 0)),
    ).toEqual([]);
  });

  it('a host export holds no health data of the children at its camps', async () => {
    const res = await get('/api/account/export', host.token);
    expect(res.statusCode).toBe(200);
    const data = res.json<AccountExport>();
    expect(data.healthProfiles).toEqual([]);
    expect(data.registrationHealth).toEqual([]);
    expect(res.body).not.toContain('Peanuts');
  });
});

describe('idempotency keys stay unrelated to health reviews', () => {
  it('a replayed registration with the same reviewed versions gives the same outcome', async () => {
    const parent = await family(app, [8]);
    const [ada] = parent.childIds as [number];
    const profile: HealthProfile = savedProfile(await putProfile(app, parent.token, ada));
    const campId = await addCamp(app, host);
    const body = {
      childIds: [ada],
      paymentMethodId: parent.cardId,
      healthReviews: [{ childId: ada, version: profile.version }],
      idempotencyKey: randomUUID(),
    };
    const first = outcome(await register(app, parent, campId, body));
    const again = outcome(await register(app, parent, campId, body));
    expect(again.registrationIds).toEqual(first.registrationIds);
  });
});
