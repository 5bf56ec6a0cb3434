import type { RosterEntry } from '@campwise/contract/registrations';
import { describe, expect, it } from 'vitest';
import { filterRoster, hasHealthNeeds, owesForms } from '../src/components/registrations/roster-filter.ts';

let nextId = 1;
function entry(overrides: Partial<RosterEntry> = {}): RosterEntry {
  const id = nextId++;
  return {
    registrationId: id,
    status: 'confirmed',
    sessionId: 1,
    sessionName: 'Week 1',
    childFirstName: 'Maya',
    childLastName: 'Lee',
    age: 9,
    gender: null,
    shirtSize: 'youth_m',
    medical: null,
    health: null,
    parentName: 'Dana Lee',
    parentPhone: '555-0100',
    parentEmail: 'dana@example.com',
    amountCents: 30_000,
    refundedCents: 0,
    registeredAt: '2026-12-01T10:00:00.000Z',
    waitlistPosition: null,
    offerExpiresAt: null,
    canTransfer: false,
    attendance: [],
    forms: { answers: [], waivers: [], missing: 0 },
    ...overrides,
  };
}

const health = (part: Partial<NonNullable<RosterEntry['health']>>): RosterEntry['health'] => ({
  allergies: [],
  medications: [],
  conditions: [],
  dietaryNeeds: [],
  doctor: null,
  insurance: null,
  emergencyContacts: [],
  mediaConsent: true,
  version: 1,
  reviewedAt: '2026-12-01T10:00:00.000Z',
  ...part,
});

describe('the roster search', () => {
  const maya = entry();
  const zoe = entry({
    childFirstName: 'Zoë',
    childLastName: 'Ortiz',
    parentName: 'Luis Ortiz',
    parentEmail: 'luis@example.com',
    parentPhone: null,
  });
  const ben = entry({
    childFirstName: 'Ben',
    childLastName: 'Stone',
    parentName: 'Ana Stone',
    parentEmail: 'ana@mail.test',
    parentPhone: '555-0199',
  });

  it('keeps everyone, in order, with nothing typed', () => {
    expect(filterRoster([maya, zoe, ben], '  ', 'all')).toEqual([maya, zoe, ben]);
  });

  it('finds a child or a parent by any part of a name, without case or accents', () => {
    expect(filterRoster([maya, zoe, ben], 'zoe', 'all')).toEqual([zoe]);
    expect(filterRoster([maya, zoe, ben], 'ORTIZ', 'all')).toEqual([zoe]);
    expect(filterRoster([maya, zoe, ben], 'stone', 'all')).toEqual([ben]);
    // Any part of a word: "ana" is in Ana and in Dana.
    expect(filterRoster([maya, zoe, ben], 'ana', 'all')).toEqual([maya, ben]);
  });

  it('needs every word typed, in any field', () => {
    expect(filterRoster([maya, zoe, ben], 'maya dana', 'all')).toEqual([maya]);
    expect(filterRoster([maya, zoe, ben], 'maya luis', 'all')).toEqual([]);
  });

  it('finds a family by e-mail or telephone', () => {
    expect(filterRoster([maya, zoe, ben], 'mail.test', 'all')).toEqual([ben]);
    expect(filterRoster([maya, zoe, ben], '555-0100', 'all')).toEqual([maya]);
  });
});

describe('narrowing the roster', () => {
  const owing = entry({ forms: { answers: [], waivers: [], missing: 2 } });
  const done = entry();
  const allergic = entry({
    health: health({ allergies: [{ name: 'Peanuts', severity: 'severe', reaction: null }] }),
  });
  const noted = entry({ medical: 'Inhaler before swimming' });
  const diet = entry({ health: health({ dietaryNeeds: ['Vegetarian'] }) });
  const blankNote = entry({ medical: '   ', health: health({}) });

  it('to the families who still owe forms', () => {
    expect(owesForms(owing)).toBe(true);
    expect(filterRoster([owing, done], '', 'forms')).toEqual([owing]);
  });

  it('to the children with a health need of any kind', () => {
    expect([allergic, noted, diet, blankNote, done].map(hasHealthNeeds)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(filterRoster([allergic, noted, diet, blankNote, done], '', 'health')).toEqual([
      allergic,
      noted,
      diet,
    ]);
  });

  it('with a search and a narrowing together', () => {
    const owingZoe = entry({ childFirstName: 'Zoe', forms: { answers: [], waivers: [], missing: 1 } });
    expect(filterRoster([owing, owingZoe, done], 'zoe', 'forms')).toEqual([owingZoe]);
  });
});
