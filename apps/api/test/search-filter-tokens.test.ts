// A camp's filter words (docs/decisions/050): the database's words for a camp are the ones the
// search asks for, and they follow every change to the camp, its sessions and its categories.
import type { SearchResponse } from '@campwise/contract/search';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';
import { campCategories, camps } from '../src/db/schema.ts';
import {
  filterTokenShare,
  OLDEST_AGE_TOKEN,
  PRICE_BANDS_DOLLARS,
  priceBand,
} from '../src/modules/search/filter-tokens.ts';
import { approvedOrg, campUpdate, createCamp, putCamp, send } from './camp-fixtures.ts';
import { createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, type OrgHost, subscribedOrgHost } from './org-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: OrgHost;
let orgId: number;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const { token: adminToken } = await createAdmin(app, db);
  host = await subscribedOrgHost(app);
  orgId = await approvedOrg(app, adminToken, host.token);
});

/** The words a camp with these columns holds, worked out here from the rule, not from the database. */
function expectedTokens(camp: {
  monthsMask: number;
  minAge: number;
  maxAge: number;
  costCents: number;
  categoryIds: number[];
}): string[] {
  const words: string[] = [];
  for (let month = 1; month <= 12; month += 1)
    if (camp.monthsMask & (1 << (month - 1))) words.push(`m${month}`);
  for (let age = Math.max(camp.minAge, 1); age <= Math.min(camp.maxAge, OLDEST_AGE_TOKEN); age += 1) {
    words.push(`a${age}`);
  }
  for (const category of camp.categoryIds) words.push(`k${category}`);
  for (const band of PRICE_BANDS_DOLLARS) if (camp.costCents <= band * 100) words.push(`c${band}`);
  return words.sort();
}

/** The words the database holds for a camp, and the ones its columns and categories call for. */
async function tokensOf(campId: number) {
  const [row] = await queryRows<{
    tokens: string[];
    monthsMask: number;
    minAge: number;
    maxAge: number;
    costCents: number;
    categoryIds: number[];
    categories: number[];
  }>(
    db,
    sql`select tsvector_to_array(c.filter_tokens) as tokens, c.months_mask as "monthsMask",
      c.min_age as "minAge", c.max_age as "maxAge", c.cost_cents as "costCents", c.category_ids as "categoryIds",
      coalesce((select array_agg(cc.category_id order by cc.category_id) from camp_categories cc
        where cc.camp_id = c.id), '{}') as categories
    from camps c where c.id = ${campId}`,
  );
  if (!row) throw new Error(`camp ${campId} not found`);
  return { held: [...row.tokens].sort(), expected: expectedTokens(row), row };
}

async function expectTokensFollow(campId: number) {
  const { held, expected, row } = await tokensOf(campId);
  expect(row.categoryIds).toEqual(row.categories);
  expect(held).toEqual(expected);
  return row;
}

async function searchIds(body: object): Promise<number[]> {
  const res = await app.inject({ method: 'POST', url: '/api/search', payload: { ...body, limit: 50 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>().data.map((camp) => camp.id);
}

describe('the filter words of a camp', () => {
  it('are the ones the rule gives, for any months, ages, price and categories', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 4095 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 120 }),
        fc.oneof(
          fc.integer({ min: 0, max: 2_000_000 }),
          fc.constantFrom(
            ...PRICE_BANDS_DOLLARS.flatMap((band) => [band * 100 - 1, band * 100, band * 100 + 1]),
          ),
        ),
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 4 }),
        async (monthsMask, minAge, extraYears, costCents, categories) => {
          const categoryIds = [...categories].sort((a, b) => a - b);
          const maxAge = minAge + extraYears;
          const [row] = await queryRows<{ tokens: string[] }>(
            db,
            sql`select tsvector_to_array(camp_filter_tokens(${monthsMask}::int, ${minAge}::int, ${maxAge}::int,
              ${Math.max(costCents, 0)}::int, ${`{${categoryIds.join(',')}}`}::int[])) as tokens`,
          );
          expect([...(row?.tokens ?? [])].sort()).toEqual(
            expectedTokens({ monthsMask, minAge, maxAge, costCents, categoryIds }),
          );
        },
      ),
      { numRuns: 200, seed: 50 },
    );
  });

  it('hold the share of camps their statistics give: independent filters multiply, categories add up', () => {
    const shares = new Map([
      ['a8', 0.5],
      ['m7', 0.2],
      ['c600', 0.4],
      ['k2', 0.3],
      ['k9', 0.9],
    ]);
    const search = { categories: [] as number[] };
    expect(filterTokenShare(search, shares)).toBeNull();
    expect(filterTokenShare({ ...search, age: 8, month: 7 }, shares)).toBeCloseTo(0.1);
    expect(filterTokenShare({ ...search, maxCostCents: 55_000 }, shares)).toBeCloseTo(0.4);
    expect(filterTokenShare({ ...search, age: 8, categories: [2, 9] }, shares)).toBeCloseTo(0.5);
    // A word the statistics do not list is rare.
    expect(filterTokenShare({ ...search, age: 30 }, shares)).toBe(0);
  });

  it('asks for the smallest band at or above the price searched for, and none past the dearest', () => {
    expect(priceBand(0)).toBe(0);
    expect(priceBand(1)).toBe(50);
    expect(priceBand(600)).toBe(600);
    expect(priceBand(601)).toBe(750);
    expect(priceBand(10_000)).toBe(10_000);
    expect(priceBand(10_001)).toBeUndefined();
  });

  it('follow the camp, its sessions and its categories through every change a host makes', async () => {
    const campId = await createCamp(app, host.token, orgId, {
      name: 'Tokens Trail Camp',
      startDate: '2030-06-15',
      endDate: '2030-06-20',
      minAge: '8',
      maxAge: '12',
      cost: '150',
      categories: '[21,9]',
    });
    let row = await expectTokensFollow(campId);
    expect(row.categoryIds).toEqual([9, 21]);
    expect(
      await searchIds({ term: 'tokens trail', filters: { age: 9, month: 6, cost: 150 }, categories: [9] }),
    ).toEqual([campId]);

    // The camp's own fields: ages, dates and categories.
    const edited = await putCamp(
      app,
      host.token,
      campId,
      campUpdate({
        name: 'Tokens Trail Camp',
        minAge: 5,
        maxAge: 7,
        startDate: '2030-08-01',
        endDate: '2030-09-10',
        categories: [4],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    row = await expectTokensFollow(campId);
    expect(row.categoryIds).toEqual([4]);
    expect(await searchIds({ term: 'tokens trail', filters: { age: 9 } })).toEqual([]);
    expect(await searchIds({ term: 'tokens trail', filters: { age: 6, month: 9 }, categories: [4] })).toEqual(
      [campId],
    );
    expect(await searchIds({ term: 'tokens trail', categories: [9] })).toEqual([]);

    // A cheaper session lowers the camp's price; cancelling it raises it again.
    const added = await send(
      app,
      {
        method: 'POST',
        url: `/host/camp/${campId}/sessions`,
        payload: {
          name: 'Week 2',
          startDate: '2030-11-02',
          endDate: '2030-11-06',
          price: '40',
          capacity: '10',
        },
      },
      host.token,
    );
    expect(added.statusCode, added.body).toBe(201);
    row = await expectTokensFollow(campId);
    expect(row.costCents).toBe(4000);
    expect(await searchIds({ term: 'tokens trail', filters: { cost: 50, month: 11 } })).toEqual([campId]);
    const cancelled = await send(
      app,
      {
        method: 'POST',
        url: `/host/sessions/${added.json<{ data: { id: number } }>().data.id}/cancel`,
        payload: {},
      },
      host.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    row = await expectTokensFollow(campId);
    expect(row.costCents).toBe(15_000);
    expect(await searchIds({ term: 'tokens trail', filters: { cost: 50 } })).toEqual([]);

    // Categories written straight to the table, as the seed does, are followed too.
    await db.insert(campCategories).values([
      { campId, categoryId: 12 },
      { campId, categoryId: 2 },
    ]);
    expect((await expectTokensFollow(campId)).categoryIds).toEqual([2, 4, 12]);
    await db.update(campCategories).set({ categoryId: 13 }).where(eq(campCategories.categoryId, 12));
    expect((await expectTokensFollow(campId)).categoryIds).toEqual([2, 4, 13]);
    await db.delete(campCategories).where(eq(campCategories.campId, campId));
    expect((await expectTokensFollow(campId)).categoryIds).toEqual([]);
    expect(await searchIds({ term: 'tokens trail', categories: [4] })).toEqual([]);

    // A year-round camp runs every month.
    await db.update(camps).set({ isYearRound: true }).where(eq(camps.id, campId));
    row = await expectTokensFollow(campId);
    expect(row.monthsMask).toBe(4095);
  });
});
