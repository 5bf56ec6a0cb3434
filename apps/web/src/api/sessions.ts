import type { HostCampSession, SessionInput } from '@campwise/contract/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';
import { registrationKeys } from './registrations.ts';

/** Under the host's camp key, so a change to the camp refreshes its sessions too. */
export const sessionKeys = {
  host: (campId: number) => [...campKeys.hostCamp(campId), 'sessions'] as const,
};

/** A camp's sessions as its host sees them: cancelled ones too, with places taken and paid. */
export function useHostSessions(campId: number) {
  return useQuery({
    queryKey: sessionKeys.host(campId),
    queryFn: async () =>
      (await apiRequest<{ data: HostCampSession[] }>('GET', `/host/camp/${campId}/sessions`)).data,
    enabled: validId(campId),
  });
}

/**
 * A session change moves the camp's summary (dates, lowest price, places) on every list, its
 * public page, and for a cancellation the families' registrations and the roster.
 */
function useSessionsChanged(campId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campKeys.host }),
      queryClient.invalidateQueries({ queryKey: campKeys.publicCamp(campId) }),
      queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
    ]);
}

type SessionAnswer = { data: HostCampSession };

export function useAddSession(campId: number) {
  const sessionsChanged = useSessionsChanged(campId);
  return useMutation({
    mutationFn: async (body: SessionInput) =>
      (await apiRequest<SessionAnswer>('POST', `/host/camp/${campId}/sessions`, body)).data,
    onSuccess: sessionsChanged,
  });
}

/** Changes a session; a new price applies to new places only. */
export function useEditSession(campId: number) {
  const sessionsChanged = useSessionsChanged(campId);
  return useMutation({
    mutationFn: async ({ sessionId, body }: { sessionId: number; body: SessionInput }) =>
      (await apiRequest<SessionAnswer>('PUT', `/host/sessions/${sessionId}`, body)).data,
    onSuccess: sessionsChanged,
  });
}

/** The same session seven days later; answers the new one. */
export function useCopySession(campId: number) {
  const sessionsChanged = useSessionsChanged(campId);
  return useMutation({
    mutationFn: async (sessionId: number) =>
      (await apiRequest<SessionAnswer>('POST', `/host/sessions/${sessionId}/copy`)).data,
    onSuccess: sessionsChanged,
  });
}

/** Cancels a session: every paid place refunded in full, each family e-mailed. */
export function useCancelSession(campId: number) {
  const sessionsChanged = useSessionsChanged(campId);
  return useMutation({
    mutationFn: async (sessionId: number) =>
      (await apiRequest<SessionAnswer>('POST', `/host/sessions/${sessionId}/cancel`)).data,
    onSuccess: sessionsChanged,
  });
}

/** Deletes a session nobody registered for (the server refuses otherwise). */
export function useDeleteSession(campId: number) {
  const sessionsChanged = useSessionsChanged(campId);
  return useMutation({
    mutationFn: (sessionId: number) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/host/sessions/${sessionId}`),
    onSuccess: sessionsChanged,
  });
}
