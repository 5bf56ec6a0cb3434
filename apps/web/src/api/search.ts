import type { PopularPlace, SearchResponse } from '@campwise/contract/search';
import { type SearchForm, searchFormToBody, searchFormToParams } from '@campwise/contract/search-form';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const searchKeys = {
  all: ['search'] as const,
  /** One cache entry per search: the URL query is the search, written the same way each time. */
  results: (form: SearchForm) => ['search', searchFormToParams(form).toString()] as const,
};

/** Camps matching a search, a page at a time; `fetchNextPage` loads the next one. */
export function useCampSearch(form: SearchForm) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(form),
    queryFn: ({ pageParam }) =>
      apiRequest<SearchResponse>('POST', '/api/search', searchFormToBody(form, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Where families book most: the home page's place for a visitor it knows nothing of. */
export function usePopularPlace() {
  return useQuery({
    queryKey: ['search', 'popular-place'] as const,
    queryFn: async () =>
      (await apiRequest<{ data: PopularPlace | null }>('GET', '/api/search/popular-place')).data,
  });
}

/** How many camps the home page shows near a place. */
export const NEARBY_CAMPS = 6;

/** The camps nearest a ZIP, soonest sessions being the search's own order from there. */
export function useNearbyCamps(zip: string | null) {
  return useQuery({
    queryKey: ['search', 'nearby', zip] as const,
    queryFn: async () =>
      (
        await apiRequest<SearchResponse>('POST', '/api/search', {
          type: 'camp',
          filters: { zip },
          categories: [],
          limit: NEARBY_CAMPS,
        })
      ).data,
    enabled: zip !== null,
  });
}

const LAST_ZIP_KEY = 'campwise:lastZip';

/** Kept on this device only: the ZIP of the last search, for the home page's camps near you. */
export function rememberSearchZip(zip: string): void {
  if (/^\d{5}$/.test(zip)) window.localStorage.setItem(LAST_ZIP_KEY, zip);
}

export function lastSearchZip(): string | null {
  const zip = window.localStorage.getItem(LAST_ZIP_KEY);
  return zip && /^\d{5}$/.test(zip) ? zip : null;
}
