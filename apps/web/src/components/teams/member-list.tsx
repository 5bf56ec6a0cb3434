import { formatMomentDay } from '@campwise/contract/format';
import { MEMBER_ROLES, type MemberRole, ROLE_LABELS } from '@campwise/contract/team-roles';
import type { Team, TeamMember } from '@campwise/contract/teams';
import { Box, Button, Group, Select, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useChangeMemberRole, useRemoveMember } from '../../api/teams.ts';
import { BreakableText } from '../breakable-text.tsx';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { SectionCard } from '../section-card.tsx';
import { ListRow } from './list-row.tsx';
import { notify } from './notify.ts';
import { RoleBadge } from './role-badge.tsx';
import { may } from './team-rights.ts';
import { memberName, orderMembers, teamText } from './team-text.ts';

const roleOptions = MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface MemberRowProps {
  member: TeamMember;
  isMe: boolean;
  /** The owner manages everyone but themselves. */
  manageable: boolean;
  changing: boolean;
  onRole: (member: TeamMember, role: MemberRole) => void;
  onRemove: (member: TeamMember) => void;
}

function MemberRow({ member, isMe, manageable, changing, onRole, onRemove }: MemberRowProps) {
  const name = memberName(member);
  const nameId = `team-member-${member.userId}`;
  return (
    <ListRow
      nameId={nameId}
      title={
        <>
          {name}
          {isMe ? (
            <Text span c="gray.7" fw={400}>
              {' '}
              (you)
            </Text>
          ) : null}
        </>
      }
      badges={manageable ? null : <RoleBadge role={member.role} size="sm" />}
      actions={
        manageable ? (
          <Group gap="xs" wrap="nowrap" align="center">
            <Select
              aria-label={`Role of ${name}`}
              data={roleOptions}
              value={member.role}
              allowDeselect={false}
              disabled={changing}
              onChange={(value) => {
                if (value && value !== member.role) onRole(member, value as MemberRole);
              }}
              w={132}
            />
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconUserMinus size={18} aria-hidden />}
              onClick={() => onRemove(member)}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          </Group>
        ) : null
      }
    >
      <Text size="sm">
        <BreakableText value={member.email} />
      </Text>
      <Text size="sm" c="gray.7">
        {member.role === 'owner' ? 'Owner since' : 'Joined'} {formatMomentDay(member.joinedAt)}
      </Text>
    </ListRow>
  );
}

/** The team's members; the owner changes roles and removes people, each removal confirmed. */
export function MemberList({ team, myUserId }: { team: Team; myUserId: number | null }) {
  const change = useChangeMemberRole(team.orgId);
  const remove = useRemoveMember(team.orgId);
  // The member stays set while the dialog closes, so its words do not change as it fades.
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const ownerView = may(team, 'team');
  const members = orderMembers(team.members);

  const changeRole = (member: TeamMember, role: MemberRole) =>
    change.mutate(
      { member, role },
      {
        onSuccess: (changed) => notify('leaf', teamText.roleChanged(memberName(changed), changed.role)),
        onError: (error) => notify('red', error.message),
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        close();
        notify('leaf', teamText.memberRemoved(memberName(removing)));
      },
    });
  };

  return (
    <SectionCard
      title="Members"
      headingId="team-members-heading"
      description={
        members.length === 1
          ? 'Only you so far. Invite a manager to run camps with you, or staff for the roster and check-in.'
          : `${members.length} people run ${team.orgName}.`
      }
      gap="xs"
    >
      <Box component="ul" m={0} p={0}>
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isMe={member.userId === myUserId}
            manageable={ownerView && member.role !== 'owner' && member.userId !== myUserId}
            changing={change.isPending && change.variables?.member.userId === member.userId}
            onRole={changeRole}
            onRemove={(chosen) => {
              remove.reset();
              setRemoving(chosen);
              open();
            }}
          />
        ))}
      </Box>
      <ConfirmModal
        opened={confirming}
        onClose={close}
        title="Remove from the team"
        question={removing ? teamText.removeConfirm(memberName(removing)) : ''}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        loading={remove.isPending}
        error={remove.error}
      />
    </SectionCard>
  );
}
