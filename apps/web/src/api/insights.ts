import type { Insights } from '@campwise/contract/insights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export interface InsightsFilter {
  orgId?: number;
  campId?: number;
  from?: string;
  to?: string;
}

export const insightsKeys = {
  all: ['insights'] as const,
  figures: (filter: InsightsFilter) => ['insights', filter] as const,
};

/** The host's figures for an organisation or camp over a range; the last answer stays while the next loads. */
export function useInsights(filter: InsightsFilter) {
  return useQuery({
    queryKey: insightsKeys.figures(filter),
    queryFn: async () => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filter)) {
        if (value !== undefined) query.set(name, String(value));
      }
      const suffix = query.size > 0 ? `?${query}` : '';
      return (await apiRequest<{ data: Insights }>('GET', `/host/insights${suffix}`)).data;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * Counts one opening of a camp's public profile. Fire and forget: a count that does not arrive
 * changes nothing for the visitor, so failures are ignored.
 */
export function countCampView(campId: number): void {
  apiRequest('POST', `/api/camps/${campId}/views`).catch(() => undefined);
}
