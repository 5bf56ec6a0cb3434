import type { HealthProfile, HealthProfileInput } from '@campwise/contract/health-profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';

export const healthProfileKey = (childId: number) => ['children', 'health-profile', childId] as const;

/** A child's health profile; null before the parent first fills it in. */
export function useHealthProfile(childId: number, enabled = true) {
  return useQuery({
    queryKey: healthProfileKey(childId),
    queryFn: async () =>
      (await apiRequest<{ data: HealthProfile | null }>('GET', `/camper/campers/${childId}/health-profile`))
        .data,
    enabled: enabled && validId(childId),
  });
}

/** Saves the profile as a new version; every screen showing it gets the saved one. */
export function useSaveHealthProfile(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HealthProfileInput) =>
      (await apiRequest<{ data: HealthProfile }>('PUT', `/camper/campers/${childId}/health-profile`, body))
        .data,
    onSuccess: (profile) => queryClient.setQueryData(healthProfileKey(childId), profile),
  });
}
