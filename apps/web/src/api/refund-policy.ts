import type { RefundPolicy } from '@campwise/contract/refund-policy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';
import { registrationKeys } from './registrations.ts';

/** Under the host's camp key, so a change to the camp refreshes its policy too. */
export const refundPolicyKeys = {
  policy: (campId: number) => [...campKeys.hostCamp(campId), 'refund-policy'] as const,
};

/** What a family of this camp gets back when it cancels. */
export function useRefundPolicy(campId: number) {
  return useQuery({
    queryKey: refundPolicyKeys.policy(campId),
    queryFn: async () =>
      (await apiRequest<{ data: RefundPolicy }>('GET', `/host/camp/${campId}/refund-policy`)).data,
    enabled: validId(campId),
  });
}

/**
 * Saves the camp's policy for places booked from now on. The camp page and the checkout print
 * it, so their copies are read again.
 */
export function useSaveRefundPolicy(campId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RefundPolicy) =>
      (await apiRequest<{ data: RefundPolicy }>('PUT', `/host/camp/${campId}/refund-policy`, body)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(refundPolicyKeys.policy(campId), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: campKeys.publicCamp(campId) }),
        queryClient.invalidateQueries({ queryKey: [...registrationKeys.all, 'options', campId] }),
      ]);
    },
  });
}
