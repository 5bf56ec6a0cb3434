import type { TaxDetails, TaxDetailsBody } from '@campwise/contract/tax-statements';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import type { Download } from './registrations.ts';

const taxDetailsKey = (orgId: number) => ['orgs', orgId, 'tax-details'] as const;

/** An organisation's legal name and masked EIN (its owner's). */
export function useTaxDetails(orgId: number, enabled: boolean) {
  return useQuery({
    queryKey: taxDetailsKey(orgId),
    queryFn: async () =>
      (await apiRequest<{ data: TaxDetails }>('GET', `/host/org/${orgId}/tax-details`)).data,
    enabled,
  });
}

export function useSaveTaxDetails(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TaxDetailsBody) =>
      (await apiRequest<{ data: TaxDetails }>('PUT', `/host/org/${orgId}/tax-details`, body)).data,
    onSuccess: (saved) => queryClient.setQueryData(taxDetailsKey(orgId), saved),
  });
}

/** A child's year-end statement as a file. */
export const statementDownload = (childId: number, year: number, format: 'pdf' | 'csv'): Download => ({
  path: `/camper/campers/${childId}/tax-statement.${format}?year=${year}`,
  fallbackName: `campwise-${year}-care-statement.${format}`,
});
