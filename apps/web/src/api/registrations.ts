import type {
  ParentRegistration,
  RegisterBody,
  RegistrationOptions,
  RegistrationOutcome,
  RegistrationStatus,
  Roster,
} from '@campwise/contract/registrations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { type ApiFile, apiFile, apiRequest } from './client.ts';
import { validId } from './ids.ts';

/**
 * Everything about registrations sits under `registrations`: a registration or a cancellation
 * changes spots, waitlists and lists at once, so one invalidation refreshes them all.
 */
export const registrationKeys = {
  all: ['registrations'] as const,
  /** `sessionId` null: the camp's first session, as the server picks it. */
  options: (campId: number, sessionId: number | null) =>
    ['registrations', 'options', campId, sessionId] as const,
  mine: ['registrations', 'mine'] as const,
  /** `sessionId` null: the whole camp. */
  roster: (campId: number, sessionId: number | null) =>
    ['registrations', 'roster', campId, sessionId] as const,
};

/** `?session=ID` when a session is named, nothing otherwise. */
const sessionSearch = (sessionId: number | null) => (sessionId === null ? '' : `?session=${sessionId}`);

/** One session's registration options, as a query (shared with the basket's per-session look-ups). */
export const registrationOptionsQuery = (campId: number, sessionId: number | null) => ({
  queryKey: registrationKeys.options(campId, sessionId),
  queryFn: async () =>
    (
      await apiRequest<{ data: RegistrationOptions }>(
        'GET',
        `/api/camps/${campId}/registration-options${sessionSearch(sessionId)}`,
      )
    ).data,
});

/**
 * A session's price and places, the camp's sessions to choose from, and the parent's children
 * with whether each can be registered. The previous session's answer stays on screen while
 * another one loads, so switching sessions does not flash a skeleton.
 */
export function useRegistrationOptions(campId: number, sessionId: number | null) {
  return useQuery({
    ...registrationOptionsQuery(campId, sessionId),
    enabled: validId(campId),
    placeholderData: keepPreviousData,
  });
}

/** After registering, cancelling or moving: every registration view, and the camp whose spots changed. */
export function useRegistrationsChanged() {
  const queryClient = useQueryClient();
  return (campId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
      queryClient.invalidateQueries({ queryKey: campKeys.hostCamp(campId) }),
      queryClient.invalidateQueries({ queryKey: campKeys.publicCamp(campId) }),
    ]);
}

/**
 * Registers children (and pays, unless they join the waitlist): `childIds` for one session, or
 * a family's basket (`lines`, `promoCode`, `expectedTotalCents`). The caller keeps one
 * idempotency key per attempt, so a retry of the same attempt registers and charges once.
 */
export function useRegister(campId: number) {
  const registrationsChanged = useRegistrationsChanged();
  return useMutation({
    mutationFn: async (body: RegisterBody) =>
      (await apiRequest<{ data: RegistrationOutcome }>('POST', `/api/camps/${campId}/registrations`, body))
        .data,
    // A refused attempt (full, declined) may still mean the spots changed since the page loaded.
    onSettled: () => registrationsChanged(campId),
  });
}

/** The parent's registrations and waitlist places, for every child. */
export function useMyRegistrations() {
  return useQuery({
    queryKey: registrationKeys.mine,
    queryFn: async () =>
      (await apiRequest<{ data: ParentRegistration[] }>('GET', '/camper/registrations')).data,
  });
}

interface CancelledRegistration {
  id: number;
  status: RegistrationStatus;
  refundedCents: number;
}

/** Cancels one of the parent's registrations (refunded in full) or leaves a waitlist. */
export function useCancelRegistration() {
  const registrationsChanged = useRegistrationsChanged();
  return useMutation({
    mutationFn: async (registration: Pick<ParentRegistration, 'id' | 'campId'>) =>
      (
        await apiRequest<{ data: CancelledRegistration }>(
          'POST',
          `/camper/registrations/${registration.id}/cancel`,
        )
      ).data,
    onSuccess: (_, registration) => registrationsChanged(registration.campId),
  });
}

/** How often an open roster is read again: families register, and a freed spot is offered in the background. */
const ROSTER_REFRESH_MS = 15_000;

/** A host's roster of one camp or one of its sessions: who is registered and who is waiting. */
export function useRoster(campId: number, sessionId: number | null) {
  return useQuery({
    queryKey: registrationKeys.roster(campId, sessionId),
    queryFn: async () =>
      (await apiRequest<{ data: Roster }>('GET', `/host/camp/${campId}/roster${sessionSearch(sessionId)}`))
        .data,
    enabled: validId(campId),
    placeholderData: keepPreviousData,
    refetchInterval: ROSTER_REFRESH_MS,
  });
}

/** A host cancels a registration at its camp; the parent is refunded in full. */
export function useHostCancelRegistration(campId: number) {
  const registrationsChanged = useRegistrationsChanged();
  return useMutation({
    mutationFn: async (registrationId: number) =>
      (
        await apiRequest<{ data: CancelledRegistration }>(
          'POST',
          `/host/registrations/${registrationId}/cancel`,
        )
      ).data,
    onSuccess: () => registrationsChanged(campId),
  });
}

/** Hands a fetched file to the browser's downloads through a temporary object URL. */
function saveFile({ blob, fileName }: ApiFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, so the download still has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface Download {
  path: string;
  /** The name to save under when the server suggests none. */
  fallbackName: string;
}

/** Downloads a file that needs the session (a calendar entry, a roster export). */
export function useDownload() {
  return useMutation({
    mutationFn: async ({ path, fallbackName }: Download) => saveFile(await apiFile(path), fallbackName),
  });
}

export const calendarDownload = (registrationId: number): Download => ({
  path: `/camper/registrations/${registrationId}/calendar.ics`,
  fallbackName: `campwise-registration-${registrationId}.ics`,
});

export const rosterDownload = (campId: number, sessionId: number | null): Download => ({
  path: `/host/camp/${campId}/roster.csv${sessionSearch(sessionId)}`,
  fallbackName: `campwise-roster-${campId}${sessionId === null ? '' : `-session-${sessionId}`}.csv`,
});
