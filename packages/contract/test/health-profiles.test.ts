import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLERGY_SEVERITIES,
  allergyBadges,
  emergencyContactIsParent,
  HEALTH_ACCESS_DAYS_AFTER_END,
  healthProfileBody,
  hostMayReadHealth,
} from '../src/health-profiles.ts';
import { messages } from '../src/messages.ts';
import { addDays } from '../src/payment-plans.ts';

const profile = {
  allergies: [{ name: ' Peanuts ', severity: 'severe', reaction: '  ' }],
  medications: [{ name: 'Inhaler', dose: '2 puffs', schedule: 'Before sports', givenBy: 'camp_staff' }],
  conditions: ['Asthma'],
  dietaryNeeds: [],
  doctor: null,
  insurance: null,
  emergencyContacts: [{ name: 'Grace Whitfield', relationship: 'Grandmother', phone: '312-555-0177' }],
  mediaConsent: false,
};

describe('healthProfileBody', () => {
  it('trims entries and reads a blank reaction as none', () => {
    const parsed = healthProfileBody.parse(profile);
    expect(parsed.allergies).toEqual([{ name: 'Peanuts', severity: 'severe', reaction: null }]);
  });

  it.each([
    [{ emergencyContacts: [] }, messages.healthEmergencyContactRequired],
    [{ allergies: [{ name: 'Bees', severity: 'awful' }] }, messages.healthSeverityRequired],
    [
      { medications: [{ name: 'A', dose: 'B', schedule: 'C', givenBy: 'anyone' }] },
      messages.healthGiverRequired,
    ],
    [{ conditions: ['x'.repeat(201)] }, messages.healthEntryTooLong],
    [{ dietaryNeeds: Array.from({ length: 21 }, () => 'Vegan') }, messages.healthListTooLong],
    [{ mediaConsent: 'yes' }, messages.healthMediaConsentRequired],
    [{ doctor: { name: 'Dr. Ortiz', phone: '555' } }, messages.invalidPhone],
    [{ conditions: ['Asthma\u0000'] }, messages.invalidInput],
  ])('refuses %j with its message', (change, message) => {
    const result = healthProfileBody.safeParse({ ...profile, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('emergencyContactIsParent', () => {
  const parent = { firstName: 'Robin', lastName: 'Meadows', phone: '312-555-0142' };
  it.each([
    [{ name: 'Robin Meadows', phone: '312-555-0100' }, true],
    [{ name: '  robin   meadows ', phone: '312-555-0100' }, true],
    [{ name: 'Sam Meadows', phone: '312-555-0142' }, true],
    [{ name: 'Sam Meadows', phone: '312-555-0100' }, false],
  ])('%j is the parent: %s', (contact, expected) => {
    expect(emergencyContactIsParent(contact, parent)).toBe(expected);
  });
  it('a parent without a phone is matched by name only', () => {
    expect(emergencyContactIsParent({ name: 'Sam', phone: '312-555-0142' }, { ...parent, phone: null })).toBe(
      false,
    );
  });
});

describe('hostMayReadHealth', () => {
  const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));

  it('holds for a paid place exactly until 30 days after the last day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -400, max: 400 }), (endDate, offset) => {
        const today = addDays(endDate, offset);
        expect(hostMayReadHealth({ status: 'confirmed', endDate }, today)).toBe(
          offset <= HEALTH_ACCESS_DAYS_AFTER_END,
        );
      }),
    );
  });

  it('never holds for a place not paid for, and always for a paid place without an end', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'pending_payment',
          'waitlisted',
          'offered',
          'cancelled',
          'payment_failed',
          'offer_expired',
        ),
        day,
        fc.option(day, { nil: null }),
        (status, today, endDate) => {
          expect(hostMayReadHealth({ status, endDate }, today)).toBe(false);
          expect(hostMayReadHealth({ status: 'confirmed', endDate: null }, today)).toBe(true);
        },
      ),
    );
  });
});

describe('allergyBadges', () => {
  it('puts the most severe first, then by name, and keeps only name and severity', () => {
    expect(
      allergyBadges([
        { name: 'Kiwi', severity: 'mild' },
        { name: 'Peanuts', severity: 'life_threatening' },
        { name: 'Bees', severity: 'mild' },
      ]),
    ).toEqual([
      { name: 'Peanuts', severity: 'life_threatening' },
      { name: 'Bees', severity: 'mild' },
      { name: 'Kiwi', severity: 'mild' },
    ]);
  });

  it('is ordered by severity for any list', () => {
    const allergy = fc.record({
      name: fc.string({ minLength: 1 }),
      severity: fc.constantFrom(...ALLERGY_SEVERITIES),
    });
    fc.assert(
      fc.property(fc.array(allergy), (allergies) => {
        const ranks = allergyBadges(allergies).map((badge) => ALLERGY_SEVERITIES.indexOf(badge.severity));
        expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
      }),
    );
  });
});
