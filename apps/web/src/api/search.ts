import type { SearchResponse } from '@campwise/contract/search';
import { type SearchForm, searchFormToBody, searchFormToParams } from '@campwise/contract/search-form';
import { useInfiniteQuery } from '@tanstack/react-query';
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
