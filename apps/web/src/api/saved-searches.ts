import type { SavedSearch, SaveSearchBody, UnsubscribeState } from '@campwise/contract/saved-searches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const savedSearchKeys = {
  mine: ['saved-searches'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};

/** The parent's saved searches, oldest first. */
export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.mine,
    queryFn: async () => (await apiRequest<{ data: SavedSearch[] }>('GET', '/camper/saved-searches')).data,
  });
}

/** Saves a search with its weekly e-mail on. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveSearchBody) =>
      (await apiRequest<{ data: SavedSearch }>('POST', '/camper/saved-searches', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.mine }),
  });
}

/** Turns a saved search's weekly e-mail on or off; the switch moves at once. */
export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, digest }: { id: number; digest: boolean }) =>
      (await apiRequest<{ data: SavedSearch }>('PATCH', `/camper/saved-searches/${id}`, { digest })).data,
    onSuccess: (saved) =>
      queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.mine, (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      ),
  });
}

export function useRemoveSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: SavedSearch) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/camper/saved-searches/${search.id}`),
    onSuccess: (_result, search) =>
      queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.mine, (list) =>
        list?.filter((item) => item.id !== search.id),
      ),
  });
}

/** What an unsubscribe link stops (no sign-in: the token is the proof). */
export function useUnsubscribeState(token: string) {
  return useQuery({
    queryKey: savedSearchKeys.unsubscribe(token),
    queryFn: async () =>
      (await apiRequest<{ data: UnsubscribeState }>('GET', `/api/unsubscribe/${encodeURIComponent(token)}`))
        .data,
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<{ data: UnsubscribeState }>(
          'POST',
          `/api/unsubscribe/${encodeURIComponent(token)}`,
          {},
        )
      ).data,
    onSuccess: (state) => queryClient.setQueryData(savedSearchKeys.unsubscribe(token), state),
  });
}
