import type { SiteInfo } from '@campwise/contract/site';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const siteInfoQuery = {
  queryKey: ['site'] as const,
  queryFn: async () => (await apiRequest<{ data: SiteInfo }>('GET', '/api/site')).data,
  staleTime: Number.POSITIVE_INFINITY,
};

/** Plan price, contact addresses and links, as configured on the server. */
export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}
