// The words and filters in so many camps that the text index is the slow way to find them
// (decisions 040 and 050).
import { SEARCH_TOTAL_CAP } from '@campwise/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { filterTokenShare } from './filter-tokens.ts';
import type { ResolvedSearch } from './resolve-search.ts';
import { textQuery } from './search-conditions.ts';

/** The share of camps from which a word is common. */
const COMMON_WORD_SHARE = 0.2;
/** A word's share is read again after this long: the statistics follow the camps. */
const SHARE_TTL_MS = 10 * 60_000;
/** Words remembered at most; the one read longest ago goes first. */
const MAX_WORDS = 10_000;

/**
 * The share of camps holding the most common word that `word` is a prefix of, from the text
 * column's statistics (its most common words, which ANALYZE keeps): a lower bound of the camps
 * it matches. 0 when the statistics do not list it, or the table was never analyzed.
 */
function wordShare(word: string): SQL {
  return sql`(select coalesce(max(common.share), 0)::float8 from pg_stats s
    cross join unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) common(lexeme, share)
    where s.schemaname = current_schema() and s.tablename = 'camps' and s.attname = 'search_vector'
      and common.lexeme is not null and array_to_tsvector(array[common.lexeme]) @@ ${textQuery([word])})`;
}

/**
 * Which of a search's words are common, remembered per word for a while, so a search pays for
 * the statistics only the first time a word is seen. A prefix search asks the text index for
 * every camp holding any word it begins ("camp" holds camper and campers: two camps in three at
 * national scale), all gathered before the first is checked: 480 ms for "science camp" near a
 * ZIP. Common words are checked camp by camp instead, among the camps the rarer words or the
 * place bring.
 */
export class CommonWords {
  private readonly shares = new Map<string, { share: number; readAt: number }>();
  private filters: { shares: Map<string, number>; camps: number; readAt: number } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  async of(db: Database, words: string[]): Promise<string[]> {
    const now = this.now();
    const unknown = [...new Set(words)].filter((word) => {
      const known = this.shares.get(word);
      return !known || now - known.readAt >= SHARE_TTL_MS;
    });
    if (unknown.length > 0) {
      const rows = await queryRows<{ word: string; share: number }>(
        db,
        sql.join(
          unknown.map((word) => sql`select ${word}::text as word, ${wordShare(word)} as share`),
          sql` union all `,
        ),
      );
      for (const { word, share } of rows) {
        this.shares.delete(word);
        this.shares.set(word, { share: Number(share), readAt: now });
      }
      // A Map iterates in insertion order: the first word is the one read longest ago.
      for (const word of this.shares.keys()) {
        if (this.shares.size <= MAX_WORDS) break;
        this.shares.delete(word);
      }
    }
    return words.filter((word) => (this.shares.get(word)?.share ?? 0) >= COMMON_WORD_SHARE);
  }

  /**
   * The share of camps holding each filter word, and how many camps there are, from the filter
   * column's statistics (every filter word is among its most common elements), read again after
   * SHARE_TTL_MS. Empty until the table is analyzed.
   */
  private async filterStatistics(db: Database) {
    const now = this.now();
    if (this.filters && now - this.filters.readAt < SHARE_TTL_MS) return this.filters;
    const [row] = await queryRows<{ words: string[] | null; shares: number[] | null; camps: number | null }>(
      db,
      sql`select (select s.most_common_elems::text::text[] from pg_stats s
          where s.schemaname = current_schema() and s.tablename = 'camps' and s.attname = 'filter_tokens') as words,
        (select s.most_common_elem_freqs from pg_stats s
          where s.schemaname = current_schema() and s.tablename = 'camps' and s.attname = 'filter_tokens') as shares,
        (select greatest(c.reltuples, 0)::float8 from pg_class c
          where c.oid = to_regclass(current_schema() || '.camps')) as camps`,
    );
    const shares = new Map(
      (row?.words ?? []).map((word, index) => [word, Number(row?.shares?.[index] ?? 0)]),
    );
    this.filters = { shares, camps: Number(row?.camps ?? 0), readAt: now };
    return this.filters;
  }

  /**
   * The search with its common words marked, and whether its filters are broad: a bitmap of the
   * text index costs about a tenth of a camp read per camp it holds, and a read in an order's
   * index one camp read per camp it checks, of which it checks SEARCH_TOTAL_CAP + 1 over the
   * filters' share. The two cost the same at a share of sqrt(10 (cap + 1) / camps): about a third
   * at 100,000 camps, a tenth at 1,000,000. Past it the filters are broad, unless they name
   * categories: the After School and Year Round camps have no dates and come last in soonest
   * order, so a read in order would pass every other camp first.
   */
  async mark(db: Database, search: ResolvedSearch): Promise<ResolvedSearch> {
    const commonWords = search.words.length > 0 ? await this.of(db, search.words) : [];
    const { shares, camps } = await this.filterStatistics(db);
    const share = filterTokenShare(search, shares);
    const broadFrom = camps > 0 ? Math.sqrt((10 * (SEARCH_TOTAL_CAP + 1)) / camps) : Number.POSITIVE_INFINITY;
    const broadFilters = search.categories.length === 0 && share !== null && share >= broadFrom;
    return { ...search, commonWords, broadFilters };
  }
}
