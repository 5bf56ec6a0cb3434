import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAcceptInvitation, useInvitationPreview } from '../../api/friends.ts';
import { AuthCard } from '../../components/auth/auth-card.tsx';

/**
 * Opened from an invitation link: /camper/friends/accept?token=... (a guest signs in, or creates
 * an account, and comes back). Says who invites before the parent accepts.
 */
export default function FriendAccept() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  if (token === '' || preview.error) {
    return (
      <AuthCard title="Friend invitation">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {preview.error?.message ?? 'This invitation link is not complete. Open it again from the e-mail.'}
          </Alert>
          <Button component={Link} to="/camper/friends" variant="default">
            Go to Friends
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (preview.isPending) {
    return (
      <AuthCard title="Friend invitation">
        <Stack gap="sm" align="center" role="status">
          <Loader aria-hidden />
          <Text>Opening the invitation…</Text>
        </Stack>
      </AuthCard>
    );
  }
  const inviter = `${preview.data.inviterFirstName} ${preview.data.inviterLastName}`;
  return (
    <AuthCard title="Friend invitation">
      <Stack gap="md">
        <Text>
          <strong>{inviter}</strong> would like your families to be friends on Campwise.
        </Text>
        <Text size="sm" c="gray.7">
          Friends can each choose, child by child, to share which sessions their children are going to.
          Nothing is shared until you choose to, and you can stop at any time.
        </Text>
        {accept.error ? (
          <Alert color="red" variant="light" role="alert">
            {accept.error.message}
          </Alert>
        ) : null}
        <Group>
          <Button
            color="sun"
            loading={accept.isPending}
            leftSection={<IconUsersGroup size={18} aria-hidden />}
            onClick={() => accept.mutate(token, { onSuccess: () => navigate('/camper/friends') })}
          >
            Accept invitation
          </Button>
          <Button component={Link} to="/camper/dashboard" variant="default">
            Not now
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
