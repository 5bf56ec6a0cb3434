import type { PayInstalmentBody, PaymentPlanBody } from '@campwise/contract/payment-plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';
import { receiptKeys } from './receipts.ts';
import { registrationKeys } from './registrations.ts';

/** Under the host's camp key, so a change to the camp refreshes its plan too. */
export const paymentPlanKeys = {
  plan: (campId: number) => [...campKeys.hostCamp(campId), 'payment-plan'] as const,
};

/** Whether families of this camp may pay a deposit and instalments, and how. */
export function usePaymentPlan(campId: number) {
  return useQuery({
    queryKey: paymentPlanKeys.plan(campId),
    queryFn: async () =>
      (await apiRequest<{ data: PaymentPlanBody }>('GET', `/host/camp/${campId}/payment-plan`)).data,
    enabled: validId(campId),
  });
}

/** Saves the camp's deposit settings (null: full payment only) for bookings from now on. */
export function useSavePaymentPlan(campId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PaymentPlanBody) =>
      (await apiRequest<{ data: PaymentPlanBody }>('PUT', `/host/camp/${campId}/payment-plan`, body)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentPlanKeys.plan(campId), saved);
      return queryClient.invalidateQueries({ queryKey: [...registrationKeys.all, 'options', campId] });
    },
  });
}

/** Pays a failed instalment now with a saved card; My Registrations and the receipts are read again. */
export function usePayInstalment(instalmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayInstalmentBody) =>
      (
        await apiRequest<{ data: { instalmentId: number; status: string; receiptNumber: string } }>(
          'POST',
          `/api/camper/instalments/${instalmentId}/pay`,
          body,
        )
      ).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: receiptKeys.all }),
      ]),
  });
}
