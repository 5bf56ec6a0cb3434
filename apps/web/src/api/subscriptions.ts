import type { CardDetailsInput } from '@campwise/contract/cards';
import type { HostedCheckout, SubscriptionState } from '@campwise/contract/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const subscriptionQueryKey = ['subscription'] as const;

/**
 * The signed-in host's subscription (the spec's list with one row). With `enabled: false` it
 * only reads what another screen has already asked for.
 */
export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: subscriptionQueryKey,
    queryFn: async () => {
      const { data } = await apiRequest<{ data: SubscriptionState[] }>('GET', '/api/host/subscription');
      const [state] = data;
      if (!state) throw new Error('The subscription answer was empty');
      return state;
    },
  });
}

/** Starts checkout at the payment provider; the caller sends the browser to the answered URL. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: { url: string } }>('POST', '/api/ecom/subscription', {})).data.url,
  });
}

export function useConfirmCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const { data } = await apiRequest<{ data: SubscriptionState[] }>('PUT', '/api/host/subscription', {
        sessionId,
      });
      return data[0];
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}

export function useSetRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancelAtPeriodEnd: boolean) =>
      apiRequest('PUT', '/api/host/subscription/renewal', { cancelAtPeriodEnd }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}

export function useBillingPortal() {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: { url: string } }>('POST', '/api/host/subscription/portal')).data.url,
  });
}

/** The built-in test processor's checkout page. */
export function useHostedCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['hosted-checkout', sessionId],
    queryFn: async () =>
      (
        await apiRequest<{ data: HostedCheckout }>(
          'GET',
          `/api/pay/checkout/${encodeURIComponent(sessionId)}`,
        )
      ).data,
  });
}

export function usePayHostedCheckout(sessionId: string) {
  return useMutation({
    mutationFn: async (card: CardDetailsInput) =>
      (
        await apiRequest<{ data: { redirectUrl: string } }>(
          'POST',
          `/api/pay/checkout/${encodeURIComponent(sessionId)}`,
          card,
        )
      ).data.redirectUrl,
  });
}
