import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { HEALTH_PROFILE, HEALTH_SECRETS, profileUrl, putProfile } from './health-profile-fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
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
let parent: Family;
const lines: string[] = [];

beforeAll(async () => {
  // Everything the server logs, at its most talkative.
  ({ app, db } = await buildTestApp(
    { ...ORG_ENV, LOG_LEVEL: 'trace' },
    { logDestination: { write: (line) => lines.push(line) } },
  ));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  parent = await family(app, [8]);
});

const errors: LightMyRequestResponse[] = [];
async function call(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 400) errors.push(res);
  return res;
}

describe('health data in logs and error messages', () => {
  it('never appears in a log line or an error body, whatever goes wrong', async () => {
    const [ada] = parent.childIds as [number];
    // Bad input that carries health details: each refused with a message that repeats none.
    const tooLong = (text: string) => `${text} ${'x'.repeat(300)}`;
    const refused = [
      { ...HEALTH_PROFILE, allergies: [{ name: tooLong('Peanuts'), severity: 'severe' }] },
      { ...HEALTH_PROFILE, allergies: [{ name: 'Peanuts', severity: 'Peanuts' }] },
      { ...HEALTH_PROFILE, conditions: [tooLong('Mild asthma')] },
      {
        ...HEALTH_PROFILE,
        emergencyContacts: [{ name: 'Grace Whitfield', relationship: 'Aunt', phone: 'PMH-4410-22' }],
      },
      {
        ...HEALTH_PROFILE,
        emergencyContacts: [{ name: 'Robin Meadows', relationship: 'Albuterol', phone: '312-555-0177' }],
      },
      { ...HEALTH_PROFILE, medications: [{ ...HEALTH_PROFILE.medications[0], givenBy: 'Vegetarian' }] },
      { ...HEALTH_PROFILE, extra: 'Lena Ortiz', mediaConsent: 'Prairie Mutual' },
    ];
    for (const body of refused) {
      expect((await call('PUT', profileUrl(ada), parent.token, body)).statusCode).toBe(400);
    }
    // Saved, registered, read by the host, exported.
    expect((await putProfile(app, parent.token, ada)).statusCode).toBe(200);
    const campId = await addCamp(app, host);
    outcome(await register(app, parent, campId, { childIds: [ada], paymentMethodId: parent.cardId }));
    expect((await call('GET', `/host/camp/${campId}/roster`, host.token)).statusCode).toBe(200);
    expect((await call('GET', `/host/camp/${campId}/roster.csv`, host.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/export', parent.token)).statusCode).toBe(200);
    // A profile no configured key opens (a key dropped too early): a server fault, logged.
    await db.execute(sql`update child_health_profiles set profile_sealed = 'gone.' || profile_sealed`);
    await db.execute(
      sql`update registration_health_snapshots set profile_sealed = 'gone.' || profile_sealed`,
    );
    expect((await call('GET', profileUrl(ada), parent.token)).statusCode).toBe(500);
    expect((await call('GET', `/host/camp/${campId}/roster`, host.token)).statusCode).toBe(500);

    expect(errors.length).toBeGreaterThanOrEqual(refused.length + 2);
    expect(lines.some((line) => line.includes('Health data could not be opened'))).toBe(true);
    for (const secret of HEALTH_SECRETS) {
      for (const res of errors) expect(res.body).not.toContain(secret);
      for (const line of lines) expect(line).not.toContain(secret);
    }
  });
});
