import type { Planner, PlannerPreferences } from '@campwise/contract/planner';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { registrationKeys } from './registrations.ts';

/** The weeks asked for; null for the coming school summer, as the server picks it. */
export interface PlannerRange {
  from: string;
  to: string;
}

/** `?from=…&to=…`, or nothing for the school summer. */
export const rangeSearch = (range: PlannerRange | null) =>
  range ? `?${new URLSearchParams({ from: range.from, to: range.to })}` : '';

/**
 * Under the registrations area's key: registering, cancelling, moving a place or changing the
 * children all invalidate it, so the planner is never older than My Registrations.
 */
export const plannerKeys = {
  all: [...registrationKeys.all, 'planner'] as const,
  range: (range: PlannerRange | null) =>
    [...registrationKeys.all, 'planner', range?.from ?? null, range?.to ?? null] as const,
};

/**
 * The family's weeks, children, places, totals and warnings. The weeks shown stay on screen
 * while another range loads, so changing the range does not flash a skeleton.
 */
export function usePlanner(range: PlannerRange | null) {
  return useQuery({
    queryKey: plannerKeys.range(range),
    queryFn: async () =>
      (await apiRequest<{ data: Planner }>('GET', `/camper/planner${rangeSearch(range)}`)).data,
    placeholderData: keepPreviousData,
  });
}

/** Saves where the family searches for a gap from; every planner range reloads with it. */
export function useSavePlannerPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PlannerPreferences) =>
      (await apiRequest<{ data: PlannerPreferences }>('PUT', '/camper/planner/preferences', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerKeys.all }),
  });
}

/** One calendar file of the range's places, waitlist places and offers. */
export const plannerCalendarDownload = (range: PlannerRange) => ({
  path: `/camper/planner.ics${rangeSearch(range)}`,
  fallbackName: `summer-${range.from.slice(0, 4)}.ics`,
});
