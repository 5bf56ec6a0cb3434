import type { CardDetailsInput, SavedCard, SetupIntentCardInput } from '@campwise/contract/cards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';

/** Everything a parent sees of their saved cards sits under `cards`. */
export const cardKeys = {
  all: ['cards'] as const,
  list: ['cards', 'list'] as const,
  card: (id: number) => ['cards', 'card', id] as const,
};

/** The parent's saved cards, oldest first. */
export function useSavedCards() {
  return useQuery({
    queryKey: cardKeys.list,
    queryFn: async () => (await apiRequest<{ data: SavedCard[] }>('GET', '/camper/cards')).data,
  });
}

/** One of the parent's saved cards. */
export function useCard(id: number) {
  return useQuery({
    queryKey: cardKeys.card(id),
    queryFn: async () => (await apiRequest<{ data: SavedCard }>('GET', `/camper/cards/${id}`)).data,
    enabled: validId(id),
  });
}

/** The card body as the server reads it: typed details, or a SetupIntent Stripe confirmed. */
export type NewCardBody = CardDetailsInput | SetupIntentCardInput;

/** Saves a card through the payment provider; the list reloads. */
export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewCardBody) =>
      (await apiRequest<{ data: SavedCard }>('POST', '/camper/cards', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.list }),
  });
}

/** Starts saving a card in Stripe's own field: answers the SetupIntent's client secret. */
export function useBeginCardSetup() {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: { clientSecret: string | null } }>('POST', '/camper/cards/setup')).data,
  });
}

/** Removes a saved card, here and at the payment provider. */
export function useRemoveCard(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ data: { removed: true } }>('DELETE', `/camper/cards/${id}`),
    onSuccess: () => {
      queryClient.setQueryData<SavedCard[]>(cardKeys.list, (list) => list?.filter((card) => card.id !== id));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: cardKeys.list }),
        queryClient.invalidateQueries({ queryKey: cardKeys.card(id), refetchType: 'none' }),
      ]);
    },
  });
}
