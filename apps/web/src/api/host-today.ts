import type { HostToday } from '@campwise/contract/host-today';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const hostTodayKey = ['host-today'] as const;

/** A host's home: the sessions meeting today and this week, and the week's new places. */
export function useHostToday() {
  return useQuery({
    queryKey: hostTodayKey,
    queryFn: async () => (await apiRequest<{ data: HostToday }>('GET', '/host/today')).data,
    // Check-ins and bookings move during the day; the home is looked at again and again.
    refetchInterval: 60_000,
  });
}
