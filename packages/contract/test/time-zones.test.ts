import { describe, expect, it } from 'vitest';
import { campDay, campMoment } from '../src/camp-clock.ts';
import { messages } from '../src/messages.ts';
import {
  FALLBACK_TIME_ZONE,
  timeZoneField,
  timeZoneLabel,
  timeZoneOfZip,
  US_TIME_ZONE_IDS,
  US_TIME_ZONES,
} from '../src/time-zones.ts';

describe('timeZoneOfZip', () => {
  it.each([
    ['98101', 'America/Los_Angeles'], // Seattle
    ['92101', 'America/Los_Angeles'], // San Diego
    ['89101', 'America/Los_Angeles'], // Las Vegas
    ['97201', 'America/Los_Angeles'], // Portland
    ['80202', 'America/Denver'], // Denver
    ['84101', 'America/Denver'], // Salt Lake City
    ['87102', 'America/Denver'], // Albuquerque
    ['79901', 'America/Denver'], // El Paso
    ['83702', 'America/Boise'], // Boise
    ['83814', 'America/Los_Angeles'], // Coeur d'Alene
    ['85004', 'America/Phoenix'], // Phoenix
    ['78701', 'America/Chicago'], // Austin
    ['60601', 'America/Chicago'], // Chicago
    ['55401', 'America/Chicago'], // Minneapolis
    ['37203', 'America/Chicago'], // Nashville
    ['37902', 'America/New_York'], // Knoxville
    ['32501', 'America/Chicago'], // Pensacola
    ['32301', 'America/New_York'], // Tallahassee
    ['33101', 'America/New_York'], // Miami
    ['30303', 'America/New_York'], // Atlanta
    ['02108', 'America/New_York'], // Boston
    ['10001', 'America/New_York'], // New York
    ['40202', 'America/New_York'], // Louisville
    ['42001', 'America/Chicago'], // Paducah
    ['46204', 'America/Indiana/Indianapolis'], // Indianapolis
    ['47708', 'America/Chicago'], // Evansville
    ['46320', 'America/Chicago'], // Hammond
    ['48201', 'America/Detroit'], // Detroit
    ['57701', 'America/Denver'], // Rapid City
    ['57104', 'America/Chicago'], // Sioux Falls
    ['69361', 'America/Denver'], // Scottsbluff
    ['99501', 'America/Anchorage'], // Anchorage
    ['99546', 'America/Adak'], // Adak
    ['96813', 'Pacific/Honolulu'], // Honolulu
    ['00901', 'America/Puerto_Rico'], // San Juan
    ['00802', 'America/Puerto_Rico'], // St. Thomas
    ['96910', 'Pacific/Guam'], // Hagåtña
    ['96799', 'Pacific/Pago_Pago'], // Pago Pago
  ])('places %s in %s', (zip, zone) => {
    expect(timeZoneOfZip(zip)).toBe(zone);
  });

  it('gives the fallback to a prefix no place has, and something that is not a ZIP', () => {
    expect(timeZoneOfZip('00100')).toBe(FALLBACK_TIME_ZONE);
    expect(timeZoneOfZip('96301')).toBe(FALLBACK_TIME_ZONE); // a military post office abroad
    expect(timeZoneOfZip('')).toBe(FALLBACK_TIME_ZONE);
  });

  it('answers a listed zone for every five-digit prefix', () => {
    for (let prefix = 0; prefix < 1000; prefix += 1) {
      expect(US_TIME_ZONE_IDS).toContain(timeZoneOfZip(`${String(prefix).padStart(3, '0')}01`));
    }
  });
});

describe('timeZoneField', () => {
  it('takes a listed zone and refuses anything else with one message', () => {
    expect(timeZoneField.parse('America/Los_Angeles')).toBe('America/Los_Angeles');
    for (const bad of ['Europe/Paris', 'PST', '', 7, null]) {
      const result = timeZoneField.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.invalidTimeZone);
    }
  });

  it('names a zone as a host knows it', () => {
    expect(timeZoneLabel('America/Los_Angeles')).toBe(
      'Pacific Time — Los Angeles, San Diego, Seattle, Las Vegas',
    );
    expect(new Set(US_TIME_ZONES.map((zone) => zone.name)).size).toBe(US_TIME_ZONES.length);
  });
});

describe('campDay', () => {
  it('is the day where the camp is: 5 PM in Seattle is after midnight in UTC but still that day', () => {
    const fivePm = new Date('2026-07-07T00:00:00Z'); // 5 PM PDT on 6 July
    expect(campDay(fivePm, 'America/Los_Angeles')).toBe('2026-07-06');
    expect(campDay(fivePm, 'America/New_York')).toBe('2026-07-06');
    expect(campDay(fivePm, 'America/Puerto_Rico')).toBe('2026-07-06');
    expect(campDay(fivePm, 'Pacific/Guam')).toBe('2026-07-07');
  });

  it('turns at local midnight across a change of daylight saving', () => {
    // Daylight saving ended in Los Angeles at 2 AM on 1 November 2026.
    expect(campDay(new Date('2026-11-01T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
    expect(campDay(new Date('2026-11-02T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
    expect(campDay(new Date('2026-11-02T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-02');
    // Arizona keeps no daylight saving.
    expect(campDay(new Date('2026-07-07T06:59:00Z'), 'America/Phoenix')).toBe('2026-07-06');
    expect(campDay(new Date('2026-07-07T07:00:00Z'), 'America/Phoenix')).toBe('2026-07-07');
  });
});

describe('campMoment', () => {
  it('is the instant a wall-clock time is where the camp is, in summer and in winter', () => {
    expect(campMoment('2026-07-06', '17:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-07-07T00:00:00.000Z',
    );
    expect(campMoment('2026-12-07', '09:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-12-07T17:00:00.000Z',
    );
    expect(campMoment('2026-07-06', '09:00', 'Pacific/Honolulu').toISOString()).toBe(
      '2026-07-06T19:00:00.000Z',
    );
  });
});
