import type {
  ParentRegistration,
  RegisterBody,
  RegistrationOptions,
  RegistrationOutcome,
  RegistrationStatus,
  Roster,
} from '@campwise/contract/registrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { type ApiFile, apiFile, apiRequest } from './client.ts';

/**
 * Everything about registrations sits under `registrations`: a registration or a cancellation
 * changes spots, waitlists and lists at once, so one invalidation refreshes them all.
 */
export const registrationKeys = {
  all: ['registrations'] as const,
  options: (campId: number) => ['registrations', 'options', campId] as const,
  mine: ['registrations', 'mine'] as const,
  roster: (campId: number) => ['registrations', 'roster', campId] as const,
};

const validId = (id: number) => Number.isInteger(id) && id > 0;

/** The camp's cost and spots, and the parent's children with whether each can be registered. */
export function useRegistrationOptions(campId: number) {
  return useQuery({
    queryKey: registrationKeys.options(campId),
    queryFn: async () =>
      (await apiRequest<{ data: RegistrationOptions }>('GET', `/api/camps/${campId}/registration-options`))
        .data,
    enabled: validId(campId),
  });
}

/** After registering or cancelling: every registration view, and the camp whose spots changed. */
function useRegistrationsChanged() {
  const queryClient = useQueryClient();
  return (campId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
      queryClient.invalidateQueries({ queryKey: campKeys.hostCamp(campId) }),
      queryClient.invalidateQueries({ queryKey: campKeys.publicCamp(campId) }),
    ]);
}

/**
 * Registers children (and pays, unless they join the waitlist). The caller keeps one
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

/** A host's roster of one camp: who is registered and who is waiting. */
export function useRoster(campId: number) {
  return useQuery({
    queryKey: registrationKeys.roster(campId),
    queryFn: async () => (await apiRequest<{ data: Roster }>('GET', `/host/camp/${campId}/roster`)).data,
    enabled: validId(campId),
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

interface Download {
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

export const rosterDownload = (campId: number): Download => ({
  path: `/host/camp/${campId}/roster.csv`,
  fallbackName: `campwise-roster-${campId}.csv`,
});
