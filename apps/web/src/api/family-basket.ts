import type { BasketCheckout, BasketCheckoutBody, FamilyBasket } from '@campwise/contract/family-basket';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { registrationKeys, useRegistrationsChanged } from './registrations.ts';

export const familyBasketKey = ['family-basket'] as const;

/** The parent's family basket (decision 069); `enabled` is false for anyone but a parent. */
export function useFamilyBasket(enabled = true) {
  return useQuery({
    queryKey: familyBasketKey,
    queryFn: async () => (await apiRequest<{ data: FamilyBasket }>('GET', '/camper/basket')).data,
    enabled,
  });
}

/** Every change answers the whole basket: it is shown as the server has it at once. */
function useBasketChange<Input>(send: (input: Input) => Promise<{ data: FamilyBasket }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await send(input)).data,
    onSuccess: (basket) => queryClient.setQueryData(familyBasketKey, basket),
  });
}

/** Puts a session in the basket, or changes the children chosen for it. */
export function useSetBasketChildren() {
  return useBasketChange(({ sessionId, childIds }: { sessionId: number; childIds: number[] }) =>
    apiRequest<{ data: FamilyBasket }>('PUT', `/camper/basket/sessions/${sessionId}`, { childIds }),
  );
}

export function useRemoveBasketSession() {
  return useBasketChange((sessionId: number) =>
    apiRequest<{ data: FamilyBasket }>('DELETE', `/camper/basket/sessions/${sessionId}`),
  );
}

/**
 * Pays for the basket's camps with one press; every camp's places and spots are read again after.
 * `onDone` hears the answer before the basket is read again (emptied, the checkout goes).
 */
export function useBasketCheckout(onDone: (answer: BasketCheckout) => void) {
  const queryClient = useQueryClient();
  const registrationsChanged = useRegistrationsChanged();
  return useMutation({
    mutationFn: async (body: BasketCheckoutBody) =>
      (await apiRequest<{ data: BasketCheckout }>('POST', '/camper/basket/checkout', body)).data,
    onSuccess: (answer) => {
      // The prices shown are spent: asked again now, the places just taken would refuse them.
      queryClient.removeQueries({ queryKey: [...registrationKeys.all, 'quote'] });
      onDone(answer);
    },
    onSettled: (_answer, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: familyBasketKey }),
        ...body.camps.map((camp) => registrationsChanged(camp.campId)),
      ]),
  });
}
