import type { UserType } from '@campwise/contract/accounts';
import type {
  AuthenticatorSetup,
  BeginSetup,
  DisableTwoFactor,
  RenewRecoveryCodes,
  SecondFactorBody,
  TwoFactorStatus,
} from '@campwise/contract/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signIn, useSession } from '../app/session.ts';
import { apiRequest } from './client.ts';

/** The signed-in user's two-factor settings; the key carries the session, like `me`. */
export const twoFactorQueryKey = ['two-factor'] as const;

// -- The second step of a login, with the ticket the password step answered.

/** Exchanges the ticket and a code for the session, and stores it. */
export function useSecondFactorSignIn(userType: UserType) {
  return useMutation({
    mutationFn: async (body: SecondFactorBody) => {
      const { data } = await apiRequest<{ data: { token: string } }>('POST', '/api/auth/two-factor', body);
      signIn({ token: data.token, userType });
    },
  });
}

/** An administrator's first sign-in: a new authenticator secret and its QR code. */
export function useEnrolmentSetup(ticket: string) {
  return useQuery({
    queryKey: ['two-factor-enrolment', ticket],
    queryFn: async () =>
      (await apiRequest<{ data: AuthenticatorSetup }>('POST', '/api/auth/two-factor/enrolment', { ticket }))
        .data,
    // A new secret each time would undo what the administrator just scanned.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Confirms the new authenticator with a code. The session is stored only once the recovery
 * codes have been seen (`finish`), so the login page can show them first.
 */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: async (body: { ticket: string; code: string }) =>
      (
        await apiRequest<{ data: { token: string; recoveryCodes: string[] } }>(
          'POST',
          '/api/auth/two-factor/enrolment/confirm',
          body,
        )
      ).data,
  });
}

// -- Account settings.

export function useTwoFactorStatus() {
  const session = useSession();
  return useQuery({
    queryKey: [...twoFactorQueryKey, session?.token],
    queryFn: async () => (await apiRequest<{ data: TwoFactorStatus }>('GET', '/api/account/two-factor')).data,
    enabled: session !== null,
  });
}

/** Starts turning two-factor sign-in on with the password: a new secret and its QR code. */
export function useBeginSetup() {
  return useMutation({
    mutationFn: async (body: BeginSetup) =>
      (await apiRequest<{ data: AuthenticatorSetup }>('POST', '/api/account/two-factor/setup', body)).data,
  });
}

/** Confirms the new authenticator; answers the recovery codes, shown once. */
export function useConfirmSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await apiRequest<{ data: { recoveryCodes: string[] } }>('POST', '/api/account/two-factor/confirm', {
          code,
        })
      ).data.recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DisableTwoFactor) =>
      (await apiRequest<{ data: TwoFactorStatus }>('POST', '/api/account/two-factor/disable', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

/** Replaces every recovery code with ten new ones, answered (to show) once. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RenewRecoveryCodes) =>
      (
        await apiRequest<{ data: { recoveryCodes: string[] } }>(
          'POST',
          '/api/account/two-factor/recovery-codes',
          body,
        )
      ).data.recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
