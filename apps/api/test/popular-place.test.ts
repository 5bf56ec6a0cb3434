import type { PopularPlace } from '@campwise/contract/search';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { send } from './camp-fixtures.ts';
import { bookPlace } from './check-in-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, type CampHost, campHost, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
});

async function popular(): Promise<PopularPlace | null> {
  const res = await send(app, { method: 'GET', url: '/api/search/popular-place' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PopularPlace | null }>().data;
}

/** Books `places` children a place each at a new camp in the ZIP. */
async function booked(zip: string, city: string, state: string, places: number): Promise<void> {
  const campId = await addCamp(app, host, { zip, city, state, spotsAvailable: '20' });
  const parent = await family(
    app,
    Array.from({ length: places }, () => 9),
  );
  for (const childId of parent.childIds) await bookPlace(app, parent, campId, childId);
}

describe('where families book most', () => {
  it('is nowhere before anyone books, then the ZIP whose camps took the most places', async () => {
    expect(await popular()).toBeNull();
    await booked('60614', 'Chicago', 'IL', 1);
    expect(await popular()).toEqual({ zip: '60614', city: 'Chicago', state: 'IL' });
    await booked('78704', 'Austin', 'TX', 2);
    expect(await popular()).toEqual({ zip: '78704', city: 'Austin', state: 'TX' });
  });
});
