import type { Child, ChildInput } from '@campwise/contract/children';
import type { ParentRegistration } from '@campwise/contract/registrations';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';

/** The registrations area's key: a registration or cancellation invalidates everything under it. */
const REGISTRATIONS_KEY = 'registrations';

/** Everything a parent sees of their children sits under `children`. */
export const childKeys = {
  all: ['children'] as const,
  list: ['children', 'list'] as const,
  child: (id: number) => ['children', 'child', id] as const,
  /** Under the registrations area's key, so every registration change refreshes it too. */
  registrations: (id: number) => [REGISTRATIONS_KEY, 'child', id] as const,
};

/** The parent's children, by first name as the server sends them. */
export function useChildren() {
  return useQuery({
    queryKey: childKeys.list,
    queryFn: async () => (await apiRequest<{ data: Child[] }>('GET', '/camper/campers')).data,
  });
}

/** One of the parent's children; `enabled` is false while the route id is not a number. */
export function useChild(id: number) {
  return useQuery({
    queryKey: childKeys.child(id),
    queryFn: async () => (await apiRequest<{ data: Child }>('GET', `/camper/campers/${id}`)).data,
    enabled: validId(id),
  });
}

/** One child's registrations and waitlist places. */
export function useChildRegistrations(id: number) {
  return useQuery({
    queryKey: childKeys.registrations(id),
    queryFn: async () =>
      (await apiRequest<{ data: ParentRegistration[] }>('GET', `/camper/registrations?childId=${id}`)).data,
    enabled: validId(id),
  });
}

/** The list reloads; registration screens, which list the children too, reload on their next visit. */
function childrenChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: childKeys.list }),
    queryClient.invalidateQueries({ queryKey: [REGISTRATIONS_KEY], refetchType: 'none' }),
  ]);
}

/** Adds a child; the list reloads. */
export function useCreateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChildInput) =>
      (await apiRequest<{ data: Child }>('POST', '/camper/campers', body)).data,
    onSuccess: () => childrenChanged(queryClient),
  });
}

/** Replaces a child's details. */
export function useUpdateChild(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChildInput) =>
      (await apiRequest<{ data: Child }>('PUT', `/camper/campers/${id}`, body)).data,
    onSuccess: (child) => {
      queryClient.setQueryData(childKeys.child(id), child);
      return childrenChanged(queryClient);
    },
  });
}

/** Deletes a child that has no active registration (the server answers 409 otherwise). */
export function useDeleteChild(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ data: { deleted: true } }>('DELETE', `/camper/campers/${id}`),
    onSuccess: () => {
      queryClient.setQueryData<Child[]>(childKeys.list, (list) => list?.filter((child) => child.id !== id));
      return Promise.all([
        childrenChanged(queryClient),
        // The page that deleted it still shows it while it navigates away: refetching it now
        // would flash "not found", so it is only marked stale.
        queryClient.invalidateQueries({ queryKey: childKeys.child(id), refetchType: 'none' }),
      ]);
    },
  });
}
