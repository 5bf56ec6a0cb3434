// A search's filters asked of the text index: the words camp_filter_tokens (migration 0046)
// gives every camp, named here the same way (docs/decisions/050).
import type { ResolvedSearch } from './resolve-search.ts';

/**
 * The price bands, in dollars, a camp's lowest price is placed in: it holds 'c<band>' for every
 * band at or above its price. A search for at most $X asks for the smallest band at or above X
 * and checks the exact price on the camps found. The same list as camp_filter_tokens.
 */
export const PRICE_BANDS_DOLLARS = [
  0, 50, 100, 150, 200, 250, 300, 400, 500, 600, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 7500,
  10000,
] as const;

/** The oldest age a camp holds a word for; the search form asks for ages up to this. */
export const OLDEST_AGE_TOKEN = 99;

/** The band a search for at most `dollars` asks for, or none past the dearest band. */
export function priceBand(dollars: number): number | undefined {
  return PRICE_BANDS_DOLLARS.find((band) => band >= dollars);
}

type FilteredSearch = Pick<ResolvedSearch, 'age' | 'month' | 'maxCostCents' | 'categories'>;

/**
 * The filter words `search` asks for: each entry is one filter, which a camp answers by holding
 * any of its words (a filter's categories) and all of the entries. Empty when it filters on none.
 */
function filterTerms(search: FilteredSearch): string[][] {
  const terms: string[][] = [];
  if (search.age !== undefined) terms.push([`a${search.age}`]);
  if (search.month !== undefined) terms.push([`m${search.month}`]);
  const band = search.maxCostCents === undefined ? undefined : priceBand(search.maxCostCents / 100);
  if (band !== undefined) terms.push([`c${band}`]);
  if (search.categories.length > 0) terms.push(search.categories.map((category) => `k${category}`));
  return terms;
}

/**
 * The text query a camp's filter words must answer for `search`, or null when it filters on
 * none of them. Words of letters and digits only, so it reads as a query cast to tsquery, with
 * nothing to escape.
 */
export function filterTokenQuery(search: FilteredSearch): string | null {
  const terms = filterTerms(search);
  if (terms.length === 0) return null;
  return terms.map((words) => `(${words.map((word) => `'${word}'`).join(' | ')})`).join(' & ');
}

/**
 * The share of camps the filter words of `search` hold, from each word's share (independent
 * filters: the product, any of a filter's words: their sum), or null when it filters on none.
 * A word the statistics do not list is held by too few camps to be listed.
 */
export function filterTokenShare(search: FilteredSearch, shares: ReadonlyMap<string, number>): number | null {
  const terms = filterTerms(search);
  if (terms.length === 0) return null;
  return terms.reduce(
    (product, words) =>
      product *
      Math.min(
        1,
        words.reduce((sum, word) => sum + (shares.get(word) ?? 0), 0),
      ),
    1,
  );
}
