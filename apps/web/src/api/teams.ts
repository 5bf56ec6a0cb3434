import type { MemberRole } from '@campwise/contract/team-roles';
import type {
  Membership,
  PendingTeamInvitation,
  SessionStaff,
  SessionStaffMember,
  StaffSession,
  Team,
  TeamInvitationInput,
  TeamInvitationPreview,
  TeamMember,
} from '@campwise/contract/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { orgKeys } from './orgs.ts';
import { subscriptionQueryKey } from './subscriptions.ts';

/**
 * Cache keys. A team sits under `teams`; an invitation's preview apart from it, as once
 * accepted the invitation is used and asking again would only say so.
 */
export const teamKeys = {
  all: ['teams'] as const,
  team: (orgId: number) => ['teams', orgId] as const,
  invitation: (token: string) => ['team-invitation', token] as const,
  staffSessions: ['teams', 'staff-sessions'] as const,
  sessionStaff: (sessionId: number) => ['teams', 'session-staff', sessionId] as const,
};

/** An organization's team: its members and, for the owner, the open invitations. */
export function useTeam(orgId: number) {
  return useQuery({
    queryKey: teamKeys.team(orgId),
    queryFn: async () => (await apiRequest<{ data: Team }>('GET', `/host/orgs/${orgId}/team`)).data,
    enabled: Number.isInteger(orgId) && orgId > 0,
  });
}

function useTeamChanged(orgId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.team(orgId) });
}

/** Invites someone by e-mail as a manager or staff member (the owner only). */
export function useInviteToTeam(orgId: number) {
  const teamChanged = useTeamChanged(orgId);
  return useMutation({
    mutationFn: async (invitation: TeamInvitationInput) =>
      (
        await apiRequest<{ data: PendingTeamInvitation }>(
          'POST',
          `/host/orgs/${orgId}/team/invitations`,
          invitation,
        )
      ).data,
    onSuccess: teamChanged,
  });
}

export function useCancelTeamInvitation(orgId: number) {
  const teamChanged = useTeamChanged(orgId);
  return useMutation({
    mutationFn: (invitation: PendingTeamInvitation) =>
      apiRequest<{ data: { deleted: true } }>(
        'DELETE',
        `/host/orgs/${orgId}/team/invitations/${invitation.id}`,
      ),
    onSuccess: teamChanged,
  });
}

export interface RoleChange {
  member: TeamMember;
  role: MemberRole;
}

/** Gives a member another role (the owner only; never the owner's own). */
export function useChangeMemberRole(orgId: number) {
  const teamChanged = useTeamChanged(orgId);
  return useMutation({
    mutationFn: async ({ member, role }: RoleChange) =>
      (
        await apiRequest<{ data: TeamMember }>('PUT', `/host/orgs/${orgId}/team/members/${member.userId}`, {
          role,
        })
      ).data,
    onSuccess: teamChanged,
  });
}

/** Removes a member; the owner removes someone, a member passes their own id to leave. */
export function useRemoveMember(orgId: number) {
  const teamChanged = useTeamChanged(orgId);
  return useMutation({
    mutationFn: (member: TeamMember) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/host/orgs/${orgId}/team/members/${member.userId}`),
    onSuccess: teamChanged,
  });
}

/** Leaves the team: the organization goes from every host list, and its pages with it. */
export function useLeaveTeam(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (myUserId: number) =>
      apiRequest<{ data: { deleted: true } }>('DELETE', `/host/orgs/${orgId}/team/members/${myUserId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamKeys.team(orgId) });
      queryClient.removeQueries({ queryKey: orgKeys.hostOrg(orgId) });
      // Whether they are still on a team decides which host screens they may open.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.host }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
      ]);
    },
  });
}

/** Which organization an invitation is from, if the signed-in host may accept it. */
export function useTeamInvitationPreview(token: string, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: async () =>
      (await apiRequest<{ data: TeamInvitationPreview }>('POST', '/host/team/invitation', { token })).data,
    enabled: enabled && token !== '',
    retry: false,
  });
}

/** Accepts an invitation; the new organization joins the host's list. */
export function useAcceptTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await apiRequest<{ data: Membership }>('POST', '/host/team/invitation/accept', { token })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.host }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        // Now on a team: the host screens open without a plan of their own.
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
      ]),
  });
}

/**
 * The sessions the signed-in host works as staff that have not ended, today's first: their
 * way to check-in (staff reach only the sessions they are assigned to).
 */
export function useStaffSessions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamKeys.staffSessions,
    queryFn: async () => (await apiRequest<{ data: StaffSession[] }>('GET', '/host/team/sessions')).data,
    enabled,
  });
}

/** Who works a session, and the organization's other staff who could (owner and managers). */
export function useSessionStaff(sessionId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamKeys.sessionStaff(sessionId),
    queryFn: async () =>
      (await apiRequest<{ data: SessionStaff }>('GET', `/host/sessions/${sessionId}/staff`)).data,
    enabled: enabled && Number.isInteger(sessionId) && sessionId > 0,
  });
}

/** Puts a staff member on a session, or takes them off it; the answer is the new staffing. */
export function useChangeSessionStaff(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ person, assign }: { person: SessionStaffMember; assign: boolean }) =>
      (
        await apiRequest<{ data: SessionStaff }>(
          assign ? 'PUT' : 'DELETE',
          `/host/sessions/${sessionId}/staff/${person.userId}`,
        )
      ).data,
    onSuccess: (staffing) => {
      queryClient.setQueryData(teamKeys.sessionStaff(sessionId), staffing);
      return queryClient.invalidateQueries({ queryKey: teamKeys.staffSessions });
    },
  });
}
