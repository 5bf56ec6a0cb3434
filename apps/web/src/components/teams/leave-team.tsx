import { ROLE_DESCRIPTIONS } from '@campwise/contract/team-roles';
import type { Team } from '@campwise/contract/teams';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLeaveTeam } from '../../api/teams.ts';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { SectionCard } from '../section-card.tsx';
import { notify } from './notify.ts';
import { RoleBadge } from './role-badge.tsx';
import { teamText } from './team-text.ts';

/** A manager or staff member's own place on the team: what their role allows, and Leave. */
export function LeaveTeam({ team, myUserId }: { team: Team; myUserId: number | null }) {
  const navigate = useNavigate();
  const leave = useLeaveTeam(team.orgId);
  const [confirming, { open, close }] = useDisclosure(false);
  if (team.myRole === 'owner') return null;

  const confirmLeave = () => {
    if (myUserId === null) return;
    leave.mutate(myUserId, {
      onSuccess: () => {
        notify('leaf', teamText.left(team.orgName));
        navigate('/host/dashboard', { replace: true });
      },
    });
  };

  return (
    <SectionCard
      title="Your role"
      headingId="team-my-role-heading"
      description={`What you can do for ${team.orgName}. Its owner chooses the role.`}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <RoleBadge role={team.myRole} />
        <Text size="sm">{ROLE_DESCRIPTIONS[team.myRole]}</Text>
      </Group>
      <Group>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconDoorExit size={18} aria-hidden />}
          disabled={myUserId === null}
          onClick={() => {
            leave.reset();
            open();
          }}
        >
          Leave the team
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={close}
        title="Leave the team"
        question={teamText.leaveConfirm(team.orgName)}
        confirmLabel="Leave"
        onConfirm={confirmLeave}
        loading={leave.isPending}
        error={leave.error}
      />
    </SectionCard>
  );
}
