import type { CalendarFeed, NewCalendarFeed } from '@campwise/contract/calendar-feed';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

const calendarFeedKey = ['calendar-feed'] as const;

/** Whether the family's calendar subscription is on (decision 071). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: async () => (await apiRequest<{ data: CalendarFeed }>('GET', '/camper/calendar-feed')).data,
  });
}

/** A new private address; the one before stops working. Its answer is the only time it is shown. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: NewCalendarFeed }>('POST', '/camper/calendar-feed')).data,
    onSuccess: (feed) =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedKey, () => ({ createdAt: feed.createdAt })),
  });
}

export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ data: { deleted: true } }>('DELETE', '/camper/calendar-feed'),
    onSuccess: () => queryClient.setQueryData<CalendarFeed>(calendarFeedKey, () => null),
  });
}
