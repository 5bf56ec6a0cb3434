import { formatDate } from '@campwise/contract/format';
import type { FriendInvitation } from '@campwise/contract/friends';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useCancelInvitation } from '../../api/friends.ts';
import { notify } from './notify.ts';

const invitationName = (invitation: FriendInvitation) => invitation.email ?? 'Invitation link';

/** Sent invitations still waiting to be accepted, each with Cancel. */
export function InvitationList({ invitations }: { invitations: FriendInvitation[] }) {
  const cancel = useCancelInvitation();
  if (invitations.length === 0) return null;
  return (
    <Card p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="invitations-heading">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="invitations-heading">
          Invitations waiting
        </Title>
        <Box component="ul" m={0} p={0}>
          {invitations.map((invitation) => (
            <Group
              component="li"
              key={invitation.id}
              justify="space-between"
              gap="sm"
              py="xs"
              style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Box style={{ minWidth: 0 }}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {invitationName(invitation)}
                </Text>
                <Text size="sm" c="gray.7">
                  Sent {formatDate(invitation.createdAt.slice(0, 10))} · expires{' '}
                  {formatDate(invitation.expiresAt.slice(0, 10))}
                </Text>
              </Box>
              <Button
                variant="default"
                size="sm"
                loading={cancel.isPending && cancel.variables?.id === invitation.id}
                aria-label={`Cancel the invitation to ${invitationName(invitation)}`}
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
      </Stack>
    </Card>
  );
}
