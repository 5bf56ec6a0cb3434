import type { HealthProfile, HealthProfileInput } from '@campwise/contract/health-profiles';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './fixtures.ts';

/** A full profile; every text in it is one no log line or error body may ever hold. */
export const HEALTH_PROFILE = {
  allergies: [
    { name: 'Peanuts', severity: 'life_threatening', reaction: 'Swelling; the EpiPen is in her bag' },
    { name: 'Penicillin', severity: 'moderate', reaction: null },
  ],
  medications: [{ name: 'Albuterol inhaler', dose: '2 puffs', schedule: 'Before sports', givenBy: 'camper' }],
  conditions: ['Mild asthma'],
  dietaryNeeds: ['Vegetarian'],
  doctor: { name: 'Dr. Lena Ortiz', phone: '312-555-0199' },
  insurance: { provider: 'Prairie Mutual Health', policyNumber: 'PMH-4410-22' },
  emergencyContacts: [{ name: 'Grace Whitfield', relationship: 'Grandmother', phone: '312-555-0177' }],
  mediaConsent: true,
} satisfies HealthProfileInput;

/** Every health detail of HEALTH_PROFILE as text, to look for where it must not be. */
export const HEALTH_SECRETS = [
  'Peanuts',
  'EpiPen',
  'Penicillin',
  'Albuterol',
  'Mild asthma',
  'Vegetarian',
  'Lena Ortiz',
  'Prairie Mutual',
  'PMH-4410-22',
  'Grace Whitfield',
  '312-555-0177',
];

export const profileUrl = (childId: number) => `/camper/campers/${childId}/health-profile`;

export function putProfile(
  app: FastifyInstance,
  token: string,
  childId: number,
  profile: object = HEALTH_PROFILE,
) {
  return app.inject({ method: 'PUT', url: profileUrl(childId), headers: bearer(token), payload: profile });
}

export function savedProfile(res: LightMyRequestResponse): HealthProfile {
  expect(res.statusCode, res.body).toBe(200);
  const profile = res.json<{ data: HealthProfile | null }>().data;
  expect(profile).not.toBeNull();
  return profile as HealthProfile;
}
