import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * The time zones an organisation's camps can run on (docs/decisions/047): the zones of the
 * states and territories we list, each with a short name a host knows it by (one of a kind, so
 * it can stand alone in a field) and a few of its places.
 */
export const US_TIME_ZONES = [
  { id: 'America/New_York', name: 'Eastern Time', places: 'New York, Boston, Atlanta, Miami' },
  { id: 'America/Detroit', name: 'Eastern Time (Michigan)', places: 'Detroit, Grand Rapids, Lansing' },
  { id: 'America/Indiana/Indianapolis', name: 'Eastern Time (Indiana)', places: 'Indianapolis, Fort Wayne' },
  { id: 'America/Chicago', name: 'Central Time', places: 'Chicago, Austin, Minneapolis, Nashville' },
  { id: 'America/Denver', name: 'Mountain Time', places: 'Denver, Salt Lake City, Albuquerque' },
  { id: 'America/Boise', name: 'Mountain Time (Idaho)', places: 'Boise, Twin Falls' },
  { id: 'America/Phoenix', name: 'Arizona Time', places: 'Phoenix, Tucson; no daylight saving' },
  { id: 'America/Los_Angeles', name: 'Pacific Time', places: 'Los Angeles, San Diego, Seattle, Las Vegas' },
  { id: 'America/Anchorage', name: 'Alaska Time', places: 'Anchorage, Fairbanks, Juneau' },
  { id: 'America/Adak', name: 'Hawaii–Aleutian Time', places: 'Aleutian Islands' },
  { id: 'Pacific/Honolulu', name: 'Hawaii Time', places: 'Honolulu' },
  { id: 'America/Puerto_Rico', name: 'Atlantic Time', places: 'Puerto Rico, U.S. Virgin Islands' },
  { id: 'Pacific/Guam', name: 'Chamorro Time', places: 'Guam, Northern Mariana Islands' },
  { id: 'Pacific/Pago_Pago', name: 'Samoa Time', places: 'American Samoa' },
] as const;

export type UsTimeZone = (typeof US_TIME_ZONES)[number]['id'];
export const US_TIME_ZONE_IDS = US_TIME_ZONES.map((zone) => zone.id) as [UsTimeZone, ...UsTimeZone[]];

/** The one rule for a time zone field: one of the zones above. */
export const timeZoneField = z.enum(US_TIME_ZONE_IDS, { error: messages.invalidTimeZone });

/** "Pacific Time — Los Angeles, San Diego, Seattle, Las Vegas", or the zone's id for one not listed. */
export function timeZoneLabel(id: string): string {
  const zone = US_TIME_ZONES.find((candidate) => candidate.id === id);
  return zone ? `${zone.name} — ${zone.places}` : id;
}

/** "Pacific Time", or the zone's id for one not listed. */
export function timeZoneName(id: string): string {
  return US_TIME_ZONES.find((candidate) => candidate.id === id)?.name ?? id;
}

/** Where no ZIP range says otherwise (an unused prefix, a military post office abroad). */
export const FALLBACK_TIME_ZONE: UsTimeZone = 'America/New_York';

/** Single ZIP codes whose zone differs from the rest of their prefix. */
const ZIP_EXCEPTIONS: Readonly<Record<string, UsTimeZone>> = {
  '96799': 'Pacific/Pago_Pago',
  '99546': 'America/Adak',
  '99547': 'America/Adak',
};

/**
 * Ranges of three-digit ZIP prefixes (first, last, zone) in order. A prefix is a sectional
 * centre's area; where a time-zone line crosses a state, the prefix goes to the zone its centre
 * keeps (Pensacola's 325 Central, Evansville's 476–477 Central, Rapid City's 577 Mountain).
 */
const PREFIX_RANGES: readonly (readonly [number, number, UsTimeZone])[] = [
  [5, 5, 'America/New_York'], // Holtsville, NY
  [6, 9, 'America/Puerto_Rico'], // Puerto Rico, U.S. Virgin Islands (008)
  [10, 323, 'America/New_York'], // New England to the Carolinas, Georgia, Florida's east
  [324, 325, 'America/Chicago'], // Florida's panhandle: Panama City, Pensacola
  [326, 349, 'America/New_York'], // the rest of Florida
  [350, 372, 'America/Chicago'], // Alabama; Nashville
  [373, 374, 'America/New_York'], // Chattanooga
  [375, 375, 'America/Chicago'],
  [376, 379, 'America/New_York'], // Johnson City, Knoxville
  [380, 397, 'America/Chicago'], // Memphis, Mississippi
  [398, 419, 'America/New_York'], // Georgia's 398–399; Louisville, Lexington, eastern Kentucky
  [420, 424, 'America/Chicago'], // Paducah, Bowling Green, Owensboro, Henderson
  [425, 459, 'America/New_York'], // Somerset, Elizabethtown; Ohio
  [460, 462, 'America/Indiana/Indianapolis'],
  [463, 464, 'America/Chicago'], // Gary, Hammond
  [465, 475, 'America/Indiana/Indianapolis'],
  [476, 477, 'America/Chicago'], // Evansville
  [478, 479, 'America/Indiana/Indianapolis'],
  [480, 499, 'America/Detroit'],
  [500, 576, 'America/Chicago'], // Iowa, Wisconsin, Minnesota, eastern South Dakota
  [577, 577, 'America/Denver'], // Rapid City
  [578, 585, 'America/Chicago'], // North Dakota
  [586, 586, 'America/Denver'], // Dickinson
  [587, 588, 'America/Chicago'],
  [589, 599, 'America/Denver'], // Montana
  [600, 692, 'America/Chicago'], // Illinois, Missouri, Kansas, Nebraska
  [693, 693, 'America/Denver'], // Alliance, Scottsbluff
  [694, 797, 'America/Chicago'], // Louisiana, Arkansas, Oklahoma, Texas
  [798, 831, 'America/Denver'], // El Paso; Colorado, Wyoming
  [832, 834, 'America/Boise'],
  [835, 835, 'America/Los_Angeles'], // Lewiston
  [836, 837, 'America/Boise'],
  [838, 838, 'America/Los_Angeles'], // Coeur d'Alene
  [839, 849, 'America/Denver'], // Utah
  [850, 869, 'America/Phoenix'], // Arizona
  [870, 888, 'America/Denver'], // New Mexico; El Paso's 885
  [889, 961, 'America/Los_Angeles'], // Nevada, California
  [967, 968, 'Pacific/Honolulu'],
  [969, 969, 'Pacific/Guam'],
  [970, 994, 'America/Los_Angeles'], // Oregon, Washington
  [995, 999, 'America/Anchorage'],
];

/**
 * The time zone a US ZIP code most likely keeps: a default for a new organisation (and for
 * existing ones when zones came in), which its host confirms or changes on the form.
 */
export function timeZoneOfZip(zip: string): UsTimeZone {
  const exception = ZIP_EXCEPTIONS[zip];
  if (exception) return exception;
  if (!/^\d{3}/.test(zip)) return FALLBACK_TIME_ZONE;
  const prefix = Number(zip.slice(0, 3));
  const range = PREFIX_RANGES.find(([first, last]) => prefix >= first && prefix <= last);
  return range ? range[2] : FALLBACK_TIME_ZONE;
}
