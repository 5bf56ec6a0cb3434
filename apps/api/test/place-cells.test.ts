// The place grid (docs/decisions/039): a search near a ZIP names the cells that hold its circle
// (placeCells, in the API) and the database names each camp's cells (camp_place_cells, in
// migration 0039). Every camp within the radius must be in a cell the search names.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/raw.ts';
import { type Coordinates, distanceMiles, EARTH_RADIUS_MILES, placeCells } from '../src/platform/geo.ts';
import { closeTestResources, testDatabase } from './helper.ts';

afterAll(closeTestResources);

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The point `miles` from `from` on the initial bearing `bearing` (radians), on the sphere. */
function travel(from: Coordinates, miles: number, bearing: number): Coordinates {
  const angle = miles / EARTH_RADIUS_MILES;
  const lat = toRadians(from.latitude);
  const latitude = Math.asin(
    Math.sin(lat) * Math.cos(angle) + Math.cos(lat) * Math.sin(angle) * Math.cos(bearing),
  );
  const longitude =
    toRadians(from.longitude) +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angle) * Math.cos(lat),
      Math.cos(angle) - Math.sin(lat) * Math.sin(latitude),
    );
  // Back into -180..180 when the trip crossed the 180th meridian.
  const wrapped = ((toDegrees(longitude) + 540) % 360) - 180;
  return { latitude: toDegrees(latitude), longitude: wrapped };
}

async function campCells(point: Coordinates): Promise<string[]> {
  const { handle } = await testDatabase();
  const [row] = await queryRows<{ cells: string[] }>(
    handle.db,
    sql`select tsvector_to_array(camp_place_cells(${point.latitude}::float8, ${point.longitude}::float8)) as cells`,
  );
  return row?.cells ?? [];
}

describe('the place grid', () => {
  it('names three cells for a camp, one per size, as the search names them', async () => {
    expect((await campCells({ latitude: 30.243032, longitude: -97.765081 })).sort()).toEqual([
      'p0/151/-489',
      'p1/30/-98',
      'p2/6/-20',
    ]);
    expect(placeCells({ latitude: 30.243032, longitude: -97.765081 }, 1)).toEqual(['p0/151/-489']);
  });

  it('finds every camp within the radius in a cell the search names', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          latitude: fc.double({ min: -85, max: 85, noNaN: true }),
          longitude: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        fc.integer({ min: 1, max: 500 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        async (centre, radius, share, bearing) => {
          const camp = travel(centre, radius * share, bearing);
          fc.pre(distanceMiles(centre, camp) <= radius);
          const searched = placeCells(centre, radius);
          if (searched === null) return;
          const cells = await campCells(camp);
          expect(cells.some((cell) => searched.includes(cell))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names no cells for a circle the coarsest grid cannot hold in a few', () => {
    expect(placeCells({ latitude: 89.9, longitude: 0 }, 500)).toBeNull();
    expect(placeCells({ latitude: 40, longitude: -100 }, 25)?.length).toBeLessThanOrEqual(48);
  });
});
