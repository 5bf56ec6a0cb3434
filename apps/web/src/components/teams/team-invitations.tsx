import { formatMomentDay } from '@campwise/contract/format';
import type { PendingTeamInvitation } from '@campwise/contract/teams';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useCancelTeamInvitation } from '../../api/teams.ts';
import { BreakableText } from '../breakable-text.tsx';
import { SectionCard } from '../section-card.tsx';
import { notify } from './notify.ts';
import { RoleBadge } from './role-badge.tsx';

/** The owner's open invitations, each with Cancel; nothing when there are none. */
export function TeamInvitations({
  orgId,
  invitations,
}: {
  orgId: number;
  invitations: PendingTeamInvitation[];
}) {
  const cancel = useCancelTeamInvitation(orgId);
  if (invitations.length === 0) return null;
  return (
    <SectionCard
      title="Invitations waiting"
      headingId="team-invitations-heading"
      description="Sent, not yet accepted. Cancel one to stop its link working."
      gap="xs"
    >
      <Box component="ul" m={0} p={0}>
        {invitations.map((invitation) => (
          <Group
            component="li"
            key={invitation.id}
            justify="space-between"
            align="center"
            gap="sm"
            py="sm"
            style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={700}>
                  <BreakableText value={invitation.email} />
                </Text>
                <RoleBadge role={invitation.role} size="sm" />
              </Group>
              <Text size="sm" c="gray.7">
                Sent {formatMomentDay(invitation.createdAt)} · expires {formatMomentDay(invitation.expiresAt)}
              </Text>
            </Stack>
            <Button
              variant="default"
              loading={cancel.isPending && cancel.variables?.id === invitation.id}
              aria-label={`Cancel the invitation to ${invitation.email}`}
              onClick={() =>
                cancel.mutate(invitation, {
                  onSuccess: () => notify('leaf', 'Invitation cancelled.'),
                  onError: (error) => notify('red', error.message),
                })
              }
            >
              Cancel
            </Button>
          </Group>
        ))}
      </Box>
    </SectionCard>
  );
}
