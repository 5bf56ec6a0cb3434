import type { Earnings, HostedOnboarding, PayoutAccount, TestBankAccount } from '@campwise/contract/payouts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const payoutKeys = {
  account: ['payout-account'] as const,
  earnings: ['earnings'] as const,
};

/**
 * The signed-in host's payout account: where it stands, the bank, the fee and the schedule.
 * Back from onboarding (`waitForActive`) it is asked again every few seconds until it is active,
 * as the provider may take a moment to open it.
 */
export function usePayoutAccount({ waitForActive = false } = {}) {
  return useQuery({
    queryKey: payoutKeys.account,
    queryFn: async () => (await apiRequest<{ data: PayoutAccount }>('GET', '/host/payout-account')).data,
    refetchInterval: (query) => (waitForActive && query.state.data?.status !== 'active' ? 3_000 : false),
  });
}

/** Opens the provider's onboarding; the caller sends the browser to the answered URL. */
export function useStartPayoutOnboarding() {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: { url: string } }>('POST', '/host/payout-account/onboarding')).data.url,
  });
}

/** What the host earned, by camp and session, and the payouts to their bank. */
export function useEarnings() {
  return useQuery({
    queryKey: payoutKeys.earnings,
    queryFn: async () => (await apiRequest<{ data: Earnings }>('GET', '/host/earnings')).data,
  });
}

export const earningsDownload = {
  path: '/host/earnings.csv',
  fallbackName: 'campwise-earnings.csv',
};

/** The built-in test processor's onboarding page. */
export function useHostedOnboarding(token: string) {
  return useQuery({
    queryKey: ['hosted-onboarding', token],
    queryFn: async () =>
      (
        await apiRequest<{ data: HostedOnboarding }>(
          'GET',
          `/api/pay/onboarding/${encodeURIComponent(token)}`,
        )
      ).data,
  });
}

export function useCompleteHostedOnboarding(token: string) {
  return useMutation({
    mutationFn: async (bank: TestBankAccount) =>
      (
        await apiRequest<{ data: { redirectUrl: string } }>(
          'POST',
          `/api/pay/onboarding/${encodeURIComponent(token)}`,
          bank,
        )
      ).data.redirectUrl,
  });
}
