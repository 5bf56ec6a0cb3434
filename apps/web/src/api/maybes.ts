import type { Maybe, SaveMaybeBody } from '@campwise/contract/planner';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { plannerKeys } from './planner.ts';

export const maybeKeys = { mine: ['maybes'] as const };

/** The parent's saved sessions, soonest first; `enabled` is false for anyone but a parent. */
export function useMaybes(enabled = true) {
  return useQuery({
    queryKey: maybeKeys.mine,
    queryFn: async () => (await apiRequest<{ data: Maybe[] }>('GET', '/camper/maybes')).data,
    enabled,
  });
}

/** The list reloads in the server's order, and every planner range, which shows maybes, with it. */
function maybesChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: maybeKeys.mine }),
    queryClient.invalidateQueries({ queryKey: plannerKeys.all }),
  ]);
}

/** Saves a session as a maybe for one child; saving it again answers the same maybe. */
export function useSaveMaybe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveMaybeBody) =>
      (await apiRequest<{ data: Maybe }>('POST', '/camper/maybes', body)).data,
    onSuccess: (maybe) => {
      // The heart fills at once rather than after the list reloads.
      queryClient.setQueryData<Maybe[]>(maybeKeys.mine, (list) =>
        list && !list.some((item) => item.id === maybe.id) ? [...list, maybe] : list,
      );
      return maybesChanged(queryClient);
    },
  });
}

/** Removes a saved session. */
export function useRemoveMaybe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maybe: Maybe) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/camper/maybes/${maybe.id}`),
    onSuccess: (_result, maybe) => {
      queryClient.setQueryData<Maybe[]>(maybeKeys.mine, (list) =>
        list?.filter((item) => item.id !== maybe.id),
      );
      return maybesChanged(queryClient);
    },
  });
}
