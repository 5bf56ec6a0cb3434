// The shapes of search `npm run bench` measures, each on its own (docs/design.md, section 6).
import type { SearchBody } from '@campwise/contract/search';

/** Search bodies using every filter, around the demo's metro areas, for the months ahead. */
export function allFilterBodies(today: Date): SearchBody[] {
  const month = (ahead: number) => ((today.getUTCMonth() + ahead) % 12) + 1;
  return [
    { term: 'soccer', filters: { zip: '78704', age: 9, month: month(3), cost: 600 }, categories: [7, 6] },
    { term: 'robot', filters: { zip: '80205', age: 10, month: month(5), cost: 900 }, categories: [14, 12] },
    { term: 'swim', filters: { zip: '98103', age: 7, month: month(6), cost: 500 }, categories: [9] },
    { term: 'art', filters: { zip: '60614', age: 8, month: month(4), cost: 700 }, categories: [2, 21] },
    { term: 'chess', filters: { zip: '30306', age: 11, month: month(2), cost: 400 }, categories: [27] },
    {
      term: 'science camp',
      filters: { zip: '02138', age: 9, month: month(7), cost: 800 },
      categories: [15, 12],
    },
    { term: 'dance', filters: { zip: '92103', age: 6, month: month(5), cost: 450 }, categories: [4] },
    { term: 'nature', filters: { zip: '55405', age: 10, month: month(8), cost: 1000 }, categories: [16, 17] },
  ].map((body) => ({ type: 'camp', ...body }));
}

const ZIPS = ['78704', '80205', '98103', '60614', '30306', '02138', '92103', '55405'];
const TERMS = ['soccer', 'robot', 'swim', 'art', 'chess', 'science', 'dance', 'nature'];

/** A kind of search a visitor makes, each measured on its own (docs/design.md, section 6). */
export interface SearchShape {
  name: string;
  bodies: SearchBody[];
}

export function searchShapes(today: Date): SearchShape[] {
  return [
    { name: 'term only', bodies: TERMS.map((term) => ({ term })) },
    { name: 'a common prefix ("camp")', bodies: [{ term: 'camp' }] },
    { name: 'ZIP only', bodies: ZIPS.map((zip) => ({ filters: { zip } })) },
    { name: 'term + ZIP', bodies: TERMS.map((term, index) => ({ term, filters: { zip: ZIPS[index] } })) },
    { name: 'all filters', bodies: allFilterBodies(today) },
    { name: 'no filters', bodies: [{}] },
    { name: 'category tile', bodies: [7, 2, 9, 14, 4, 16].map((id) => ({ categories: [id] })) },
  ];
}

/** Page 5 of a long list: the cursor a visitor holds after four pages of each body. */
export async function pageFive(appUrl: string, bodies: SearchBody[]): Promise<SearchBody[]> {
  const pages: SearchBody[] = [];
  for (const body of bodies) {
    let cursor: string | null = null;
    for (let page = 1; page < 5; page += 1) {
      const res = await fetch(`${appUrl}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cursor ? { ...body, cursor } : body),
      });
      if (!res.ok) throw new Error(`search for page ${page + 1} answered ${res.status}`);
      cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
    if (cursor) pages.push({ ...body, cursor });
  }
  return pages;
}
