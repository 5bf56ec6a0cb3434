import type { CampDiscounts, PromoCode, PromoCodeBody } from '@campwise/contract/baskets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';

/** Under the host's camp key, so a change to the camp refreshes its discounts too. */
export const discountKeys = {
  discounts: (campId: number) => [...campKeys.hostCamp(campId), 'discounts'] as const,
  promoCodes: (campId: number) => [...campKeys.hostCamp(campId), 'promo-codes'] as const,
};

/** A camp's early-bird, sibling and multi-session discounts (each null when off). */
export function useCampDiscounts(campId: number) {
  return useQuery({
    queryKey: discountKeys.discounts(campId),
    queryFn: async () =>
      (await apiRequest<{ data: CampDiscounts }>('GET', `/host/camp/${campId}/discounts`)).data,
    enabled: validId(campId),
  });
}

/** Saves all three discounts at once; baskets placed from now on are priced with them. */
export function useSaveCampDiscounts(campId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CampDiscounts) =>
      (await apiRequest<{ data: CampDiscounts }>('PUT', `/host/camp/${campId}/discounts`, body)).data,
    onSuccess: (saved) => queryClient.setQueryData(discountKeys.discounts(campId), saved),
  });
}

/** A camp's promo codes with how often each was used. */
export function usePromoCodes(campId: number) {
  return useQuery({
    queryKey: discountKeys.promoCodes(campId),
    queryFn: async () =>
      (await apiRequest<{ data: PromoCode[] }>('GET', `/host/camp/${campId}/promo-codes`)).data,
    enabled: validId(campId),
  });
}

function usePromoCodesChanged(campId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: discountKeys.promoCodes(campId) });
}

export function useAddPromoCode(campId: number) {
  const promoCodesChanged = usePromoCodesChanged(campId);
  return useMutation({
    mutationFn: async (body: PromoCodeBody) =>
      (await apiRequest<{ data: PromoCode }>('POST', `/host/camp/${campId}/promo-codes`, body)).data,
    onSuccess: promoCodesChanged,
  });
}

export function useDeletePromoCode(campId: number) {
  const promoCodesChanged = usePromoCodesChanged(campId);
  return useMutation({
    mutationFn: (codeId: number) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/host/promo-codes/${codeId}`),
    onSuccess: promoCodesChanged,
  });
}
