import { type HealthProfileInput, healthProfileBody } from '@campwise/contract/health-profiles';
import type { Database } from '../db/client.ts';
import { saveHealthProfile } from '../modules/health-profiles/index.ts';
import type { SeedContext } from './common.ts';

/** Maya's and Leo's health profiles, filled in once (decision 028); their bookings then copy them. */
const PROFILES: HealthProfileInput[] = [
  {
    allergies: [
      {
        name: 'Peanuts',
        severity: 'life_threatening',
        reaction: 'Swelling and wheezing: EpiPen in her backpack, then 911',
      },
      { name: 'Bee stings', severity: 'moderate', reaction: 'Large swelling: ice and an antihistamine' },
    ],
    medications: [
      { name: 'Cetirizine', dose: '5 mg', schedule: 'Every morning with breakfast', givenBy: 'camp_staff' },
    ],
    conditions: [],
    dietaryNeeds: ['Nut-free'],
    doctor: { name: 'Dr. Priya Raman', phone: '512-555-0163' },
    insurance: { provider: 'Lone Star Family Health', policyNumber: 'LSF-204-7781' },
    emergencyContacts: [
      { name: 'Jordan Taylor', relationship: 'Aunt', phone: '512-555-0174' },
      { name: 'Pat Alvarez', relationship: 'Neighbor', phone: '512-555-0181' },
    ],
    mediaConsent: true,
  },
  {
    allergies: [],
    medications: [
      {
        name: 'Albuterol inhaler',
        dose: '2 puffs',
        schedule: 'Before sports and when wheezy',
        givenBy: 'camper',
      },
    ],
    conditions: ['Mild asthma'],
    dietaryNeeds: ['Vegetarian'],
    doctor: { name: 'Dr. Priya Raman', phone: '512-555-0163' },
    insurance: null,
    emergencyContacts: [{ name: 'Jordan Taylor', relationship: 'Aunt', phone: '512-555-0174' }],
    mediaConsent: false,
  },
];

export async function writeDemoHealthProfiles(
  context: SeedContext,
  db: Database,
  parentId: number,
  childIds: number[],
): Promise<void> {
  for (const [index, childId] of childIds.entries()) {
    const profile = PROFILES[index];
    if (!profile) continue;
    await saveHealthProfile(
      { db, healthData: context.healthData },
      parentId,
      childId,
      healthProfileBody.parse(profile),
      context.today,
    );
  }
}
