import type {
  CheckInEntry,
  CheckInSheet,
  PARENT_COLLECTOR,
  PickupAdult,
  PickupAdultInput,
} from '@campwise/contract/check-in';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from './client.ts';
import { validId } from './ids.ts';

/** A parent's pickup adults and a host's check-in sheets (decision 030). */
export const checkInKeys = {
  adults: (childId: number) => ['pickup-adults', childId] as const,
  /** A day's sheet; `null`: today's where the camp is, whichever day that is. */
  sheet: (sessionId: number, day: string | null) => ['check-in', sessionId, day] as const,
};

export function usePickupAdults(childId: number) {
  return useQuery({
    queryKey: checkInKeys.adults(childId),
    queryFn: async () =>
      (await apiRequest<{ data: PickupAdult[] }>('GET', `/camper/campers/${childId}/pickup-adults`)).data,
    enabled: validId(childId),
  });
}

export interface PickupAdultSubmission {
  fields: PickupAdultInput;
  /** A new photo, when one was chosen. */
  photo: File | null;
}

function adultForm({ fields, photo }: PickupAdultSubmission): FormData {
  const body = new FormData();
  body.append('name', fields.name);
  body.append('relationship', fields.relationship);
  body.append('phone', fields.phone);
  if (photo) body.append('photo', photo);
  return body;
}

/** Adds an adult (`adultId` null) or changes one; the child's list reloads. */
export function useSavePickupAdult(childId: number, adultId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (submission: PickupAdultSubmission) =>
      (
        await apiUpload<{ data: PickupAdult }>(
          adultId === null ? 'POST' : 'PUT',
          adultId === null ? `/camper/campers/${childId}/pickup-adults` : `/camper/pickup-adults/${adultId}`,
          adultForm(submission),
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInKeys.adults(childId) }),
  });
}

export function useDeletePickupAdult(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adultId: number) => apiRequest('DELETE', `/camper/pickup-adults/${adultId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInKeys.adults(childId) }),
  });
}

export function useDeletePickupPhoto(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adultId: number) => apiRequest('DELETE', `/camper/pickup-adults/${adultId}/photo`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInKeys.adults(childId) }),
  });
}

/** A day's sheet, or (`day` null) the sheet of today where the camp is (decision 047). */
export function useCheckInSheet(sessionId: number, day: string | null) {
  return useQuery({
    queryKey: checkInKeys.sheet(sessionId, day),
    queryFn: async () =>
      (
        await apiRequest<{ data: CheckInSheet }>(
          'GET',
          `/host/sessions/${sessionId}/check-in${day === null ? '' : `?day=${day}`}`,
        )
      ).data,
    enabled: validId(sessionId),
  });
}

/** A tap of the check-in screen, as it is queued, sent and (if need be) sent again. */
export type CheckInTap =
  | { kind: 'check-ins'; key: string; childId: number; day: string; childName: string }
  | {
      kind: 'check-outs';
      key: string;
      childId: number;
      day: string;
      childName: string;
      /** One of the child's pickup adults, or the parent on the account. */
      pickupAdultId: number | typeof PARENT_COLLECTOR;
      adultName: string;
    }
  | { kind: 'pickup-refusals'; key: string; childId: number; day: string; childName: string; name: string };

/** Sends one tap; the same key sent again is answered as the first time, never recorded twice. */
export async function sendTap(sessionId: number, tap: CheckInTap): Promise<CheckInEntry> {
  const body: Record<string, unknown> = { childId: tap.childId, day: tap.day, key: tap.key };
  if (tap.kind === 'check-outs') body.pickupAdultId = tap.pickupAdultId;
  if (tap.kind === 'pickup-refusals') body.name = tap.name;
  return (await apiRequest<{ data: CheckInEntry }>('POST', `/host/sessions/${sessionId}/${tap.kind}`, body))
    .data;
}
