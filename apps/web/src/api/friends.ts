import type {
  Friend,
  FriendGoing,
  FriendInvitation,
  FriendsOverview,
  InvitationPreview,
} from '@campwise/contract/friends';
import { FRIENDS_GOING_MAX_CAMPS } from '@campwise/contract/friends-going';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../app/session.ts';
import { apiRequest } from './client.ts';
import { plannerKeys } from './planner.ts';

export const friendKeys = {
  all: ['friends'] as const,
  overview: ['friends', 'overview'] as const,
  going: (campIds: number[]) => ['friends', 'going', campIds] as const,
  /** Apart from `all`: once accepted, an invitation is used, and asking again would only say so. */
  invitation: (token: string) => ['friend-invitation', token] as const,
};

/** Everything that shows friends reloads: the page, the "who is going" lines and the planner. */
function friendsChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: friendKeys.all }),
    queryClient.invalidateQueries({ queryKey: plannerKeys.all }),
  ]);
}

export function useFriends() {
  return useQuery({
    queryKey: friendKeys.overview,
    queryFn: async () => (await apiRequest<{ data: FriendsOverview }>('GET', '/camper/friends')).data,
  });
}

/**
 * Which friends' shared children go to these camps, for a signed-in parent only: the public camp
 * and search answers never carry it (decision 020).
 */
export function useFriendsGoing(campIds: number[]) {
  const session = useSession();
  const ids = [...new Set(campIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: friendKeys.going(ids),
    queryFn: async () => {
      const chunks: number[][] = [];
      for (let start = 0; start < ids.length; start += FRIENDS_GOING_MAX_CAMPS) {
        chunks.push(ids.slice(start, start + FRIENDS_GOING_MAX_CAMPS));
      }
      const answers = await Promise.all(
        chunks.map((chunk) =>
          apiRequest<{ data: FriendGoing[] }>('GET', `/camper/friends/going?campIds=${chunk.join(',')}`),
        ),
      );
      return answers.flatMap((answer) => answer.data);
    },
    enabled: session?.userType === 'camper' && ids.length > 0,
  });
}

export function useInviteFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (await apiRequest<{ data: FriendInvitation }>('POST', '/camper/friends/invitations', { email })).data,
    onSuccess: () => friendsChanged(queryClient),
  });
}

export function useInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<{ data: { invitation: FriendInvitation; url: string } }>(
          'POST',
          '/camper/friends/invitations/link',
        )
      ).data,
    onSuccess: () => friendsChanged(queryClient),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: FriendInvitation) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/camper/friends/invitations/${invitation.id}`),
    onSuccess: () => friendsChanged(queryClient),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: friendKeys.invitation(token),
    queryFn: async () =>
      (
        await apiRequest<{ data: InvitationPreview }>(
          'GET',
          `/camper/friends/invitation?token=${encodeURIComponent(token)}`,
        )
      ).data,
    enabled: token !== '',
    retry: false,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await apiRequest<{ data: Friend }>('POST', '/camper/friends/invitations/accept', { token })).data,
    onSuccess: () => friendsChanged(queryClient),
  });
}

export function useShareChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { friendId: number; childId: number; shared: boolean }) =>
      apiRequest<{ data: { childId: number; shared: boolean } }>(
        'PUT',
        `/camper/friends/${change.friendId}/shares/${change.childId}`,
        { shared: change.shared },
      ),
    onSuccess: () => friendsChanged(queryClient),
  });
}

export function useEndFriendship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friend: Friend) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/camper/friends/${friend.id}`),
    onSuccess: () => friendsChanged(queryClient),
  });
}
