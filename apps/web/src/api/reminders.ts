import type { ReminderSettings } from '@campwise/contract/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';

export const reminderKeys = {
  settings: (campId: number) => [...campKeys.hostCamp(campId), 'reminders'] as const,
};

/** Whether families of this camp are reminded before each session, and what to bring. */
export function useReminderSettings(campId: number) {
  return useQuery({
    queryKey: reminderKeys.settings(campId),
    queryFn: async () =>
      (await apiRequest<{ data: ReminderSettings }>('GET', `/host/camp/${campId}/reminders`)).data,
    enabled: validId(campId),
  });
}

export function useSaveReminderSettings(campId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReminderSettings) =>
      (await apiRequest<{ data: ReminderSettings }>('PUT', `/host/camp/${campId}/reminders`, body)).data,
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.settings(campId), saved),
  });
}
