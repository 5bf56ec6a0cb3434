// A search request made ready to run: its words, its place on the map, its order and its cursor.
import { messages } from '@campwise/contract/messages';
import { isId } from '@campwise/contract/row-ids';
import { SEARCH_DEFAULT_RADIUS_MILES, type SearchQuery } from '@campwise/contract/search';
import { badRequest } from '../../platform/errors.ts';
import { type Coordinates, zipCentroid } from '../../platform/geo.ts';

/** How results are ordered; a cursor only continues the order it was made for. */
export type SortMode = 'distance' | 'relevance' | 'soonest' | 'price';

interface Cursor {
  sortKey: number;
  id: number;
}

/** A search whose ZIP has been placed on the map and whose cursor has been read. */
export interface ResolvedSearch {
  words: string[];
  /** Words in so many camps that the text index is not asked for them (common-words.ts). */
  commonWords: string[];
  /**
   * Its filters hold so many camps that its matches are found by reading camps in an order's
   * index, not by the text index's filter words (common-words.ts).
   */
  broadFilters: boolean;
  centre: Coordinates | null;
  radiusMiles: number;
  age?: number;
  month?: number;
  maxCostCents?: number;
  startsFrom?: string;
  endsBy?: string;
  hasPlaces: boolean;
  categories: number[];
  limit: number;
  mode: SortMode;
  after: Cursor | null;
}

const MAX_WORDS = 10;

/** Letters and digits only: everything else separates words (and cannot reach the query parser). */
function searchWords(term: string | undefined): string[] {
  return (term?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

export function encodeCursor(mode: SortMode, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([mode, cursor.sortKey, cursor.id])).toString('base64url');
}

/** Sorts virtual camps after every real distance in a ZIP search. */
export const VIRTUAL_SORT_KEY = 1e9;

/**
 * The sort keys each order can make, so a cursor holds only values the SQL takes as they are.
 * Distance: the straight line between points on the unit sphere (0 to 2), or the virtual camps'
 * key. Relevance: minus ts_rank, which is 0 or more and passes 1 when a prefix finds a word in
 * several forms ("camp" finds "campers" and its stem "camper"); a million is far beyond any
 * camp's text.
 * Soonest: whole days from 2000-01-01 to a start date of any four-digit year. Price: cents.
 */
const SORT_KEY_RANGES: Record<SortMode, { min: number; max: number; whole: boolean }> = {
  distance: { min: 0, max: VIRTUAL_SORT_KEY, whole: false },
  relevance: { min: -1_000_000, max: 0, whole: false },
  soonest: { min: -800_000, max: 3_000_000, whole: true },
  price: { min: 0, max: 2_147_483_647, whole: true },
};

function isSortKey(mode: SortMode, value: unknown): value is number {
  const { min, max, whole } = SORT_KEY_RANGES[mode];
  return typeof value === 'number' && value >= min && value <= max && (!whole || Number.isInteger(value));
}

function decodeCursor(mode: SortMode, value: string): Cursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 3 &&
      decoded[0] === mode &&
      isSortKey(mode, decoded[1]) &&
      isId(decoded[2])
    ) {
      return { sortKey: decoded[1], id: decoded[2] };
    }
  } catch {
    // Falls through to the same answer as any other unreadable cursor.
  }
  throw badRequest(messages.searchCursorInvalid, { cursor: messages.searchCursorInvalid });
}

/**
 * The order asked for, or the default one. Best match needs words to rank by; without them it
 * is the default order. Distance without a ZIP is refused by the request schema.
 */
export function sortMode(sort: SearchQuery['sort'], hasCentre: boolean, hasWords: boolean): SortMode {
  if (sort === 'price') return 'price';
  if (sort === 'start') return 'soonest';
  if (sort === 'distance' && hasCentre) return 'distance';
  if (sort === 'relevance' && hasWords) return 'relevance';
  return hasCentre ? 'distance' : hasWords ? 'relevance' : 'soonest';
}

/** The words the text index is asked for; common words are checked camp by camp. */
export function indexedWords(search: ResolvedSearch): string[] {
  return search.words.filter((word) => !search.commonWords.includes(word));
}

/**
 * Whether the search gathers its matches by their words: some are asked of the text index, or
 * it ranks by best match, which no index orders. Otherwise its words, all common, are checked
 * along an index that holds the order asked for, as a search without words is read.
 */
export function matchesByWords(search: ResolvedSearch): boolean {
  return indexedWords(search).length > 0 || (search.words.length > 0 && search.mode === 'relevance');
}

/** Places the ZIP on the map and reads the cursor; an unknown ZIP is the searcher's to fix. */
export function resolveSearch(query: SearchQuery): ResolvedSearch {
  const { zip, age, month, cost, radius, startsFrom, endsBy, hasPlaces } = query.filters;
  const centre = zip ? zipCentroid(zip) : null;
  if (zip && !centre) throw badRequest(messages.unknownZip, { 'filters.zip': messages.unknownZip });
  const words = searchWords(query.term);
  const mode = sortMode(query.sort, centre !== null, words.length > 0);
  return {
    words,
    commonWords: [],
    broadFilters: false,
    centre,
    radiusMiles: radius ?? SEARCH_DEFAULT_RADIUS_MILES,
    age,
    month,
    maxCostCents: cost === undefined ? undefined : cost * 100,
    startsFrom,
    endsBy,
    hasPlaces: hasPlaces ?? false,
    categories: query.categories,
    limit: query.limit,
    mode,
    after: query.cursor ? decodeCursor(mode, query.cursor) : null,
  };
}
