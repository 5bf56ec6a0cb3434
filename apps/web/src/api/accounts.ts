import type {
  CamperAccount,
  CamperRegister,
  ChangePassword,
  HostAccount,
  HostRegister,
  LoginBody,
  UserData,
  UserType,
} from '@campwise/contract/accounts';
import type { LoginAnswer } from '@campwise/contract/two-factor';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readSession, signIn, signOut, useSession } from '../app/session.ts';
import { apiRequest, whileEndingSessions } from './client.ts';

type TokenAnswer = { data: { token: string } };
/** What the password step answers when a second step follows. */
export type SecondStep = Exclude<LoginAnswer, { token: string }>;

const loginPaths: Record<UserType, string> = {
  host: '/auth/login',
  camper: '/camper/auth/login',
  admin: '/admin/auth/login',
};

/**
 * Logs in. A session is stored at once; with two-factor sign-in the answer is instead the
 * ticket for the second step, which the login form asks for next.
 */
export function useLogin(userType: UserType) {
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<SecondStep | null> => {
      const { data } = await apiRequest<{ data: LoginAnswer }>('POST', loginPaths[userType], body);
      if ('token' in data) {
        signIn({ token: data.token, userType });
        return null;
      }
      return data;
    },
  });
}

export function useRegisterHost() {
  return useMutation({
    mutationFn: async (body: HostRegister) => {
      const { data } = await apiRequest<TokenAnswer>('POST', '/auth/register', { ...body, userType: 'host' });
      signIn({ token: data.token, userType: 'host' });
    },
  });
}

export function useRegisterCamper() {
  return useMutation({
    mutationFn: async (body: CamperRegister) => {
      const { data } = await apiRequest<TokenAnswer>('POST', '/camper/auth/register', {
        ...body,
        userType: 'camper',
      });
      signIn({ token: data.token, userType: 'camper' });
    },
  });
}

export const meQueryKey = ['me'] as const;

/** The signed-in user's details. */
export function useMe() {
  const session = useSession();
  return useQuery({
    queryKey: [...meQueryKey, session?.token],
    queryFn: async () => (await apiRequest<{ data: { userData: UserData } }>('GET', '/me')).data.userData,
    enabled: session !== null,
    // A changed e-mail or password brings a fresh token: the details shown stay on screen
    // (and the form that saved them, with its confirmation) while they are read again.
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves account details. A new sign-in e-mail (sent with the current password) is not taken at
 * once: the answer's `pendingEmail` names it until the link mailed there is opened.
 */
export function useUpdateAccount(userType: 'host' | 'camper') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HostAccount | CamperAccount) => {
      const { data } = await apiRequest<{ data: { userData: UserData } }>('PUT', `/${userType}`, body);
      return data.userData;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** Opens the link mailed to a new sign-in address: the address switches, every session ends. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      whileEndingSessions(async () => {
        const { data } = await apiRequest<{ data: { email: string; userType: UserType } }>(
          'POST',
          '/api/account/email/confirm',
          { token },
        );
        // The switch ended every session of that account, so one kept in this browser ends too.
        if (readSession()?.userType === data.userType) {
          signOut();
          queryClient.removeQueries();
        }
        return data;
      }),
  });
}

/** Checks the current password, then sets the new one; this device keeps its session. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ body, userType }: { body: ChangePassword; userType: UserType }) => {
      const check = await apiRequest<{ data: { isValid: boolean } }>('POST', '/api/user/passcheck', {
        password: body.currentPassword,
      });
      if (!check.data.isValid) return { isValid: false };
      const { data } = await apiRequest<TokenAnswer>('PUT', '/api/user/password', body);
      signIn({ token: data.token, userType });
      return { isValid: true };
    },
  });
}

export function useRequestPasswordReset(userType: 'host' | 'camper') {
  return useMutation({
    mutationFn: (email: string) => apiRequest('POST', `/api/${userType}/requestpasswordreset`, { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: { token: string; password: string }) =>
      (
        await apiRequest<{ data: { reset: true; userType: UserType } }>(
          'POST',
          '/api/auth/resetpassword',
          body,
        )
      ).data,
  });
}
