// The searches parents send, for `npm run bench`: thousands of different bodies over every shape,
// drawn from the data set's own words, places and categories with a seeded generator, so a run
// is reproducible and no answer cache can serve it.
import { CATEGORIES } from '@campwise/contract/categories';
import type { SearchBody } from '@campwise/contract/search';
import { SEARCH_SORTS } from '@campwise/contract/search-form';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';

/**
 * Different bodies per shape, where the data set has that many: at the budget's pace a shape is
 * asked hundreds of times a second, and fewer bodies would come round again within the answer
 * cache's two seconds far more often than parents' searches do.
 */
export const BODIES_PER_SHAPE = 1_000;
/** Of the first pages, the share whose next page is asked for too, by its cursor. */
const NEXT_PAGE_SHARE = 0.3;
/** First pages asked for their cursor at once. */
const CURSOR_CALLERS = 8;

/** A small seeded generator (mulberry32): the same seed draws the same mix. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new Error('nothing to pick from');
    return list[int(0, list.length - 1)] as T;
  };
  return { next, int, pick, chance: (share: number) => next() < share };
}
type Random = ReturnType<typeof seededRandom>;

/** What the bodies are drawn from: words of listed camps' names and categories, their ZIPs. */
export interface MixVocabulary {
  words: string[];
  zips: string[];
}

export async function mixVocabulary(db: Database): Promise<MixVocabulary> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select name from camps where listed order by id limit 5000`,
  );
  const zips = await queryRows<{ zip: string }>(
    db,
    sql`select distinct zip from camps where listed and not is_virtual and zip ~ '^[0-9]{5}$' limit 2000`,
  );
  const words = new Set<string>();
  for (const { name } of names) {
    for (const word of name.toLowerCase().split(/[^a-z]+/)) if (word.length >= 4) words.add(word);
  }
  for (const category of CATEGORIES) words.add(category.text.toLowerCase());
  return { words: [...words].sort(), zips: zips.map((row) => row.zip).sort() };
}

/** A month from now to eleven months ahead (1 to 12). */
const someMonth = (random: Random, today: Date) => ((today.getUTCMonth() + random.int(0, 11)) % 12) + 1;

/** Age, month and cost, each present or not, never all absent: the seven combinations in turn. */
function someFilters(random: Random, today: Date, combination: number): SearchBody['filters'] {
  const filters: NonNullable<SearchBody['filters']> = {};
  if (combination & 1) filters.age = random.int(4, 15);
  if (combination & 2) filters.month = someMonth(random, today);
  if (combination & 4) filters.cost = random.pick([200, 300, 400, 500, 600, 800, 1000, 1500]);
  return filters;
}

const someRadius = (random: Random) => random.pick([undefined, 5, 10, 25, 50, 100]);
const someCategories = (random: Random) =>
  Array.from({ length: random.int(1, 3) }, () => random.pick(CATEGORIES).id).filter(
    (id, index, ids) => ids.indexOf(id) === index,
  );

/** A shape of search and its different bodies. */
export interface MixShape {
  name: string;
  bodies: SearchBody[];
}

/** `count` different bodies made by `make` (a few tries each, as small spaces repeat). */
function distinct(count: number, make: (index: number) => SearchBody): SearchBody[] {
  const seen = new Map<string, SearchBody>();
  for (let index = 0; seen.size < count && index < count * 20; index += 1) {
    const body = make(index);
    seen.set(JSON.stringify(body), body);
  }
  return [...seen.values()];
}

/** Every shape a parent's search takes, each with its own bodies (first pages). */
export function searchMix(vocabulary: MixVocabulary, today: Date, seed: number): MixShape[] {
  const random = seededRandom(seed);
  const { words, zips } = vocabulary;
  const term = () =>
    random.chance(0.2) ? `${random.pick(words)} ${random.pick(words)}` : random.pick(words);
  const zip = () => random.pick(zips);
  const withRadius = (filters: NonNullable<SearchBody['filters']>) => {
    const radius = someRadius(random);
    return radius === undefined ? filters : { ...filters, radius };
  };
  return [
    { name: 'term only', bodies: distinct(BODIES_PER_SHAPE, () => ({ term: term() })) },
    { name: 'ZIP only', bodies: distinct(BODIES_PER_SHAPE, () => ({ filters: withRadius({ zip: zip() }) })) },
    {
      name: 'term + ZIP',
      bodies: distinct(BODIES_PER_SHAPE, () => ({ term: term(), filters: withRadius({ zip: zip() }) })),
    },
    {
      name: 'ZIP + filters',
      bodies: distinct(BODIES_PER_SHAPE, (index) => ({
        filters: withRadius({ zip: zip(), ...someFilters(random, today, (index % 7) + 1) }),
      })),
    },
    {
      name: 'filters only (age, month, cost)',
      bodies: distinct(BODIES_PER_SHAPE, (index) => ({
        filters: someFilters(random, today, (index % 7) + 1),
      })),
    },
    {
      // Every tile, the dateless ones (After School, Year Round) among them, alone or with filters.
      name: 'category tile',
      bodies: distinct(BODIES_PER_SHAPE, (index) => {
        const tile = CATEGORIES[index % CATEGORIES.length]?.id ?? 1;
        return index < CATEGORIES.length
          ? { categories: [tile] }
          : { categories: [tile], filters: someFilters(random, today, random.int(0, 7)) };
      }),
    },
    {
      name: 'all filters',
      bodies: distinct(BODIES_PER_SHAPE, () => ({
        term: term(),
        filters: withRadius({ zip: zip(), ...someFilters(random, today, 7) }),
        categories: someCategories(random),
      })),
    },
    {
      name: 'every sort order',
      bodies: distinct(BODIES_PER_SHAPE, (index) => {
        const sort = SEARCH_SORTS[index % SEARCH_SORTS.length] ?? 'relevance';
        const filters = someFilters(random, today, random.int(0, 7));
        const near = sort === 'distance' || random.chance(0.5);
        return {
          ...(random.chance(0.5) ? { term: term() } : {}),
          filters: near ? withRadius({ ...filters, zip: zip() }) : filters,
          sort,
        };
      }),
    },
  ];
}

/**
 * The next pages of a share of the first pages, by the cursor each first page answered: asked of
 * `appUrl` before the measuring starts, as a parent scrolling on would hold it.
 */
export async function nextPages(
  appUrl: string,
  shapes: MixShape[],
  seed: number,
  perShape = 100,
): Promise<SearchBody[]> {
  const random = seededRandom(seed + 1);
  const chosen = shapes.flatMap((shape) =>
    shape.bodies.filter(() => random.chance(NEXT_PAGE_SHARE)).slice(0, perShape),
  );
  const pages: SearchBody[] = [];
  let next = 0;
  const caller = async () => {
    for (let body = chosen[next++]; body; body = chosen[next++]) {
      const res = await fetch(`${appUrl}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) continue;
      const cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
      if (cursor) pages.push({ ...body, cursor });
    }
  };
  await Promise.all(Array.from({ length: CURSOR_CALLERS }, caller));
  return pages;
}

/**
 * One autocannon request that sends `bodies` in turn, counting the bodies sent again within
 * `windowMs` of their last sending (the answer cache's time to live): the share a cache could
 * have served.
 */
export function mixRequests(bodies: SearchBody[], windowMs = 2_000) {
  const payloads = bodies.map((body) => JSON.stringify(body));
  const lastSent = new Map<number, number>();
  let next = 0;
  const counts = { sent: 0, repeated: 0 };
  const request = {
    method: 'POST' as const,
    path: '/api/search',
    headers: { 'content-type': 'application/json' },
    setupRequest: <R extends object>(base: R) => {
      const index = next;
      next = (next + 1) % payloads.length;
      const now = performance.now();
      const previous = lastSent.get(index);
      if (previous !== undefined && now - previous < windowMs) counts.repeated += 1;
      counts.sent += 1;
      lastSent.set(index, now);
      return { ...base, body: payloads[index] };
    },
  };
  return {
    requests: [request],
    repeatedShare: () => (counts.sent === 0 ? 0 : counts.repeated / counts.sent),
  };
}
