import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/**
 * What a parent can ask to hear about a session: its registration opening ("Notify me"), or a
 * spot freeing up at a full session without a waitlist. The server e-mails once.
 */
export type SessionNoticeKind = 'opening' | 'place';

const paths: Record<SessionNoticeKind, { list: string; ask: (sessionId: number) => string }> = {
  opening: { list: '/camper/opening-notices', ask: (id) => `/camper/sessions/${id}/opening-notice` },
  place: { list: '/camper/place-alerts', ask: (id) => `/camper/sessions/${id}/place-alert` },
};

const noticeKeys = { mine: (kind: SessionNoticeKind) => ['session-notices', kind] as const };

/** The sessions the signed-in parent asked to hear about (none asked for a guest). */
export function useSessionNotices(kind: SessionNoticeKind, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.mine(kind),
    queryFn: async () => (await apiRequest<{ data: number[] }>('GET', paths[kind].list)).data,
    enabled,
  });
}

export function useRequestSessionNotice(kind: SessionNoticeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: number) => apiRequest('POST', paths[kind].ask(sessionId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.mine(kind) }),
  });
}
