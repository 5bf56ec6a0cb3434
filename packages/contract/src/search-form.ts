import { categoryIds } from './categories.ts';
import type { SearchBody } from './search.ts';

/**
 * The orders a parent can choose. Without a choice: nearest first with a ZIP, best match with
 * words, else soonest start; ties always go by camp id, so the order is the same every time.
 */
export const SEARCH_SORTS = ['relevance', 'distance', 'start', 'price'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  distance: 'Distance',
  start: 'Start date',
  price: 'Price, lowest first',
};

/** How far from the ZIP a search looks when the parent does not say. */
export const SEARCH_DEFAULT_RADIUS_MILES = 25;
/** The distances the search form offers (a shared link may carry another). */
export const SEARCH_RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;

/**
 * The distance field's options: the offered distances, the default one standing for "not said"
 * (the empty value), and a distance a shared link carries that is not among them.
 */
export function radiusOptions(current = ''): { value: string; label: string }[] {
  const miles = new Set<number>(SEARCH_RADIUS_CHOICES);
  const asked = Number(current);
  if (current !== '' && Number.isInteger(asked) && asked > 0) miles.add(asked);
  return [...miles]
    .sort((a, b) => a - b)
    .map((mile) => ({
      value: mile === SEARCH_DEFAULT_RADIUS_MILES ? '' : String(mile),
      label: `Within ${mile} miles`,
    }));
}

/** What the search form holds and the results URL mirrors (all optional, as typed). */
export interface SearchForm {
  term?: string;
  zip?: string;
  age?: string;
  month?: string;
  cost?: string;
  radius?: string;
  startsFrom?: string;
  endsBy?: string;
  hasPlaces?: boolean;
  categories?: number[];
  sort?: SearchSort;
}

const formKeys = ['term', 'zip', 'age', 'month', 'cost', 'radius', 'startsFrom', 'endsBy'] as const;

const isSearchSort = (value: string | null): value is SearchSort =>
  (SEARCH_SORTS as readonly (string | null)[]).includes(value);

/** The results page's URL query for a search, so results survive a reload and can be shared. */
export function searchFormToParams(form: SearchForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of formKeys) {
    const value = form[key]?.trim();
    if (value) params.set(key, value);
  }
  if (form.hasPlaces) params.set('hasPlaces', 'true');
  if (form.categories?.length) params.set('categories', form.categories.join(','));
  if (form.sort) params.set('sort', form.sort);
  return params;
}

export function searchFormFromParams(params: URLSearchParams): SearchForm {
  const form: SearchForm = {};
  for (const key of formKeys) {
    const value = params.get(key);
    if (value) form[key] = value;
  }
  if (params.get('hasPlaces') === 'true') form.hasPlaces = true;
  const categories = (params.get('categories') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && categoryIds.has(id));
  if (categories.length) form.categories = categories;
  const sort = params.get('sort');
  // Distance needs a ZIP; a link that asks for it without one keeps the default order.
  if (isSearchSort(sort) && (sort !== 'distance' || form.zip)) form.sort = sort;
  return form;
}

/** The request body for a search form (the spec's shape plus paging). */
export function searchFormToBody(form: SearchForm, cursor?: string | null): SearchBody {
  return {
    type: 'camp',
    term: form.term ?? '',
    filters: {
      zip: form.zip ?? '',
      age: form.age ?? '',
      month: form.month ?? '',
      cost: form.cost ?? '',
      ...(form.radius ? { radius: form.radius } : {}),
      ...(form.startsFrom ? { startsFrom: form.startsFrom } : {}),
      ...(form.endsBy ? { endsBy: form.endsBy } : {}),
      ...(form.hasPlaces ? { hasPlaces: true } : {}),
    },
    categories: form.categories ?? [],
    ...(form.sort ? { sort: form.sort } : {}),
    ...(cursor ? { cursor } : {}),
  };
}
