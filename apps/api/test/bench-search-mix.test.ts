import { CATEGORIES, CATEGORY_AFTER_SCHOOL, CATEGORY_YEAR_ROUND } from '@campwise/contract/categories';
import { searchBodySchema } from '@campwise/contract/search';
import { SEARCH_SORTS } from '@campwise/contract/search-form';
import { describe, expect, it } from 'vitest';
import { BODIES_PER_SHAPE, mixRequests, searchMix } from '../src/cli/bench/search-mix.ts';

/** As many words and ZIPs as a data set of a few thousand camps has. */
const VOCABULARY = {
  words: Array.from({ length: 300 }, (_, index) => `word${index.toString(36)}`),
  zips: Array.from({ length: 200 }, (_, index) => String(10_000 + index * 411)),
};
const TODAY = new Date('2026-12-06T12:00:00Z');
const mix = searchMix(VOCABULARY, TODAY, 7);
const shape = (name: string) => mix.find((candidate) => candidate.name === name)?.bodies ?? [];

describe("the bench's search mix", () => {
  it('holds over two thousand different bodies, each one a search the API takes', () => {
    const all = mix.flatMap((candidate) => candidate.bodies);
    expect(new Set(all.map((body) => JSON.stringify(body))).size).toBeGreaterThanOrEqual(2_000);
    for (const candidate of mix)
      expect(candidate.bodies.length, candidate.name).toBeLessThanOrEqual(BODIES_PER_SHAPE);
    for (const body of all) expect(searchBodySchema.safeParse(body).error).toBeUndefined();
  });

  it('draws the same mix from the same seed, and another from another', () => {
    expect(searchMix(VOCABULARY, TODAY, 7)).toEqual(mix);
    expect(searchMix(VOCABULARY, TODAY, 8)).not.toEqual(mix);
  });

  it('covers every tile, the dateless ones too, every sort and every mix of age, month and cost', () => {
    const tiles = new Set(shape('category tile').flatMap((body) => body.categories ?? []));
    expect([...tiles].sort((a, b) => Number(a) - Number(b))).toEqual(CATEGORIES.map(({ id }) => id));
    expect(tiles).toContain(CATEGORY_AFTER_SCHOOL);
    expect(tiles).toContain(CATEGORY_YEAR_ROUND);
    expect(new Set(shape('every sort order').map((body) => body.sort))).toEqual(new Set(SEARCH_SORTS));
    const combinations = new Set(
      shape('filters only (age, month, cost)').map((body) =>
        ['age', 'month', 'cost'].filter((name) => body.filters?.[name as 'age'] !== undefined).join('+'),
      ),
    );
    expect([...combinations].sort()).toEqual(
      ['age', 'age+cost', 'age+month', 'age+month+cost', 'cost', 'month', 'month+cost'].sort(),
    );
    for (const body of shape('filters only (age, month, cost)')) {
      expect(body.term).toBeUndefined();
      expect(body.filters?.zip).toBeUndefined();
    }
  });

  it('counts the bodies sent again within the window', () => {
    const sent = mixRequests([{ term: 'a' }, { term: 'b' }], 60_000);
    const [request] = sent.requests;
    const bodies = Array.from({ length: 4 }, () => request?.setupRequest({}).body);
    expect(bodies).toEqual([
      JSON.stringify({ term: 'a' }),
      JSON.stringify({ term: 'b' }),
      JSON.stringify({ term: 'a' }),
      JSON.stringify({ term: 'b' }),
    ]);
    expect(sent.repeatedShare()).toBe(0.5);
  });
});
