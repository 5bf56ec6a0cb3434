import type { TransferBody, TransferOptions, TransferOutcome } from '@campwise/contract/transfers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './client.ts';
import { useRegistrationsChanged } from './registrations.ts';

/** Who moves the place: the parent (who may pay a difference) or the camp's host (who never charges). */
export type TransferSide = 'parent' | 'host';

const registrationPaths: Record<TransferSide, string> = {
  parent: '/camper/registrations',
  host: '/host/registrations',
};

/**
 * Outside the registrations area's key on purpose: a move refreshes every list at once, but the
 * options of the place being moved must not change under the dialog while it closes.
 */
export const transferKeys = {
  options: (side: TransferSide, registrationId: number) =>
    ['transfer-options', side, registrationId] as const,
  /** Every move of one side on its way, and one place's. */
  moves: (side: TransferSide) => ['transfer', side] as const,
  move: (side: TransferSide, registrationId: number) => ['transfer', side, registrationId] as const,
};

/** The other sessions of the camp a place could move to, each with what the move costs or gives back. */
export function useTransferOptions(side: TransferSide, registrationId: number) {
  return useQuery({
    queryKey: transferKeys.options(side, registrationId),
    queryFn: async () =>
      (
        await apiRequest<{ data: TransferOptions }>(
          'GET',
          `${registrationPaths[side]}/${registrationId}/transfer-options`,
        )
      ).data,
    // Prices and places of the moment: each opening of the dialog asks again rather than showing old ones.
    gcTime: 0,
  });
}

/** Refusals that say the sessions changed since the options were read (a new price, a session now full). */
const optionsOutdated = (error: Error) => error instanceof ApiError && error.status === 409;

/**
 * Moves a place to another session for the difference the reader was shown. A refusal because
 * something changed reloads the options; a move refreshes every registration view and the camp.
 */
export function useTransfer(side: TransferSide, registrationId: number, campId: number) {
  const queryClient = useQueryClient();
  const registrationsChanged = useRegistrationsChanged();
  return useMutation({
    mutationKey: transferKeys.move(side, registrationId),
    mutationFn: async (body: TransferBody) =>
      (
        await apiRequest<{ data: TransferOutcome }>(
          'POST',
          `${registrationPaths[side]}/${registrationId}/transfer`,
          body,
        )
      ).data,
    onSuccess: () => registrationsChanged(campId),
    onError: (error) =>
      optionsOutdated(error)
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: transferKeys.options(side, registrationId) }),
            registrationsChanged(campId),
          ])
        : undefined,
  });
}
