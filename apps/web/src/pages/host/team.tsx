import { ROLE_DESCRIPTIONS, TEAM_ROLES } from '@campwise/contract/team-roles';
import type { Team } from '@campwise/contract/teams';
import { Box, Flex, Skeleton, Stack, Text } from '@mantine/core';
import { useMe } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import { useHostOrg } from '../../api/orgs.ts';
import { useTeam } from '../../api/teams.ts';
import { BackgroundChecksSection } from '../../components/background-checks/background-checks-section.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { OrgNotFound } from '../../components/orgs/org-page-states.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError, LoadingSkeleton } from '../../components/page/page-state.tsx';
import type { ParentScreen } from '../../components/page/parent-link.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useRouteId } from '../../components/route-id.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { InviteMemberForm } from '../../components/teams/invite-member-form.tsx';
import { LeaveTeam } from '../../components/teams/leave-team.tsx';
import { MemberList } from '../../components/teams/member-list.tsx';
import { RoleBadge } from '../../components/teams/role-badge.tsx';
import { TeamInvitations } from '../../components/teams/team-invitations.tsx';
import { may } from '../../components/teams/team-rights.ts';

function TeamSkeleton() {
  return (
    <LoadingSkeleton label="Loading the team" gap="lg">
      <Skeleton height={200} radius="lg" />
      <Skeleton height={260} radius="lg" />
    </LoadingSkeleton>
  );
}

/** Nobody but the owner yet: what a team is for. */
function OnlyTheOwner() {
  return (
    <Stack align="center" ta="center" gap="xs" pt="md" pb="xs">
      <Illustration name="campfire" width={180} height={135} />
      <Text fw={700}>Run your camps together</Text>
      <Text size="sm" c="gray.7" maw={440}>
        Invite the people who help: a manager looks after camps, sessions, prices and messages with you; staff
        see the roster and check children in and out.
      </Text>
    </Stack>
  );
}

/** What each role may do, for the owner choosing one. */
function RolesExplained() {
  return (
    <SectionCard title="What each role can do" headingId="team-roles-heading" gap="sm">
      <Stack component="dl" gap="sm" m={0}>
        {TEAM_ROLES.map((role) => (
          <Flex
            key={role}
            direction={{ base: 'column', xs: 'row' }}
            gap={{ base: 4, xs: 'md' }}
            align="flex-start"
          >
            <Box component="dt" w={{ xs: 92 }} style={{ flexShrink: 0 }}>
              <RoleBadge role={role} />
            </Box>
            <Text component="dd" size="sm" m={0}>
              {ROLE_DESCRIPTIONS[role]}
            </Text>
          </Flex>
        ))}
      </Stack>
    </SectionCard>
  );
}

function TeamView({ team, myUserId }: { team: Team; myUserId: number | null }) {
  const owner = may(team, 'team');
  return (
    <Stack gap="lg">
      {owner ? <InviteMemberForm orgId={team.orgId} orgName={team.orgName} /> : null}
      {owner ? <TeamInvitations orgId={team.orgId} invitations={team.invitations} /> : null}
      <Box>
        <MemberList team={team} myUserId={myUserId} />
      </Box>
      {owner && team.members.length === 1 ? <OnlyTheOwner /> : null}
      {owner ? <BackgroundChecksSection orgId={team.orgId} /> : null}
      {owner ? <RolesExplained /> : <LeaveTeam team={team} myUserId={myUserId} />}
    </Stack>
  );
}

/**
 * An organization's team (decision 057): everyone on it sees who is; the owner invites people,
 * changes their roles and removes them; a manager or staff member may leave.
 */
export default function HostTeam() {
  const orgId = useRouteId();
  const team = useTeam(orgId);
  const org = useHostOrg(orgId);
  const me = useMe();
  usePageTitle(team.data ? `Team: ${team.data.orgName}` : undefined);

  if (Number.isNaN(orgId) || (team.error instanceof ApiError && team.error.status === 404)) {
    return <OrgNotFound backTo="/host/dashboard" backLabel="Back to my organizations" />;
  }

  const orgName = team.data?.orgName ?? org.data?.name;
  const parent: ParentScreen =
    org.data?.status === 'approved' && orgName
      ? { to: `/host/org/${orgId}`, label: orgName }
      : { to: '/host/dashboard', label: 'My Organizations' };

  return (
    <PageFrame
      title="Team"
      parent={parent}
      description={orgName ? <Text style={{ overflowWrap: 'anywhere' }}>{orgName}</Text> : undefined}
      badge={team.data ? <RoleBadge role={team.data.myRole} size="lg" /> : undefined}
    >
      {team.isPending ? (
        <TeamSkeleton />
      ) : team.error ? (
        <LoadError message="We could not load the team." onRetry={() => team.refetch()} />
      ) : (
        <TeamView team={team.data} myUserId={me.data?.id ?? null} />
      )}
    </PageFrame>
  );
}
