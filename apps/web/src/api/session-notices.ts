import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

const openingNoticeKeys = { mine: ['opening-notices'] as const };

/** The sessions the signed-in parent asked to hear about (none asked for a guest). */
export function useOpeningNotices(enabled: boolean) {
  return useQuery({
    queryKey: openingNoticeKeys.mine,
    queryFn: async () => (await apiRequest<{ data: number[] }>('GET', '/camper/opening-notices')).data,
    enabled,
  });
}

/** "Notify me": the server e-mails the parent once when the session's registration opens. */
export function useRequestOpeningNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: number) =>
      apiRequest('POST', `/camper/sessions/${sessionId}/opening-notice`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openingNoticeKeys.mine }),
  });
}
