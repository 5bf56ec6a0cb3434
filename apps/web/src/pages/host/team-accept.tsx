import { formatMomentDay } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@campwise/contract/team-roles';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLogin, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useAcceptTeamInvitation, useTeamInvitationPreview } from '../../api/teams.ts';
import { withReturnTo } from '../../app/require-role.tsx';
import { signOut, useSession } from '../../app/session.ts';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { BreakableText } from '../../components/breakable-text.tsx';
import { notify } from '../../components/teams/notify.ts';
import { RoleBadge } from '../../components/teams/role-badge.tsx';
import { teamText } from '../../components/teams/team-text.ts';

const TITLE = 'Team invitation';

function InvitationCard({ children }: { children: React.ReactNode }) {
  return (
    <AuthCard title={TITLE} art="hero-host">
      {children}
    </AuthCard>
  );
}

/** Log in or sign up as a host, each coming back here with the invitation. */
function HostAccountChoice({ here }: { here: string }) {
  return (
    <Stack gap="sm">
      <Button
        component={Link}
        to={withReturnTo('/host/login', here)}
        color="sun"
        leftSection={<IconLogin size={18} aria-hidden />}
      >
        Sign in as a host
      </Button>
      <Button
        component={Link}
        to={withReturnTo('/host/register', here)}
        variant="default"
        leftSection={<IconUserPlus size={18} aria-hidden />}
      >
        Sign up as a host
      </Button>
    </Stack>
  );
}

/** Nobody is signed in as a host: say why an account is needed, and offer both ways in. */
function SignInFirst({ here, signedInAs }: { here: string; signedInAs: 'camper' | 'admin' | null }) {
  return (
    <InvitationCard>
      <Stack gap="md">
        <Text>{messages.teamNeedsHostAccount}</Text>
        {signedInAs ? (
          <Text size="sm" c="gray.7">
            You are signed in with a {signedInAs === 'camper' ? 'parent' : 'administrator'} account. Logging
            in as a host signs you out of it on this device.
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            New to Campwise? Sign up with the address the invitation was sent to. You do not need a
            subscription of your own to work on someone else’s team.
          </Text>
        )}
        <HostAccountChoice here={here} />
      </Stack>
    </InvitationCard>
  );
}

/** The preview was refused: the server's words, and the way on that fits. */
function Refused({ error, here }: { error: Error; here: string }) {
  const navigate = useNavigate();
  const wrongAccount = error instanceof ApiError && error.status === 403;
  return (
    <InvitationCard>
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
        {wrongAccount ? (
          <Button
            color="sun"
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={() => {
              signOut();
              navigate(withReturnTo('/host/login', here));
            }}
          >
            Sign in with another account
          </Button>
        ) : null}
        <Button component={Link} to="/host/dashboard" variant="default">
          Go to my organizations
        </Button>
      </Stack>
    </InvitationCard>
  );
}

/**
 * Opened from a team invitation's link: /host/team/accept?token=... A visitor who is not signed
 * in as a host logs in or signs up and comes back; a host reads which organization invites them,
 * as what, and accepts (decision 057).
 */
export default function TeamAccept() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const here = `/host/team/accept?token=${encodeURIComponent(token)}`;
  const session = useSession();
  const isHost = session?.userType === 'host';
  const preview = useTeamInvitationPreview(token, isHost);
  const accept = useAcceptTeamInvitation();
  const navigate = useNavigate();

  if (token === '') {
    return (
      <InvitationCard>
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            This invitation link is not complete. Open it again from the e-mail.
          </Alert>
          <Button component={Link} to="/" variant="default">
            Go to the home page
          </Button>
        </Stack>
      </InvitationCard>
    );
  }
  if (!isHost) {
    const signedInAs =
      session?.userType === 'camper' || session?.userType === 'admin' ? session.userType : null;
    return <SignInFirst here={here} signedInAs={signedInAs} />;
  }
  if (preview.error) return <Refused error={preview.error} here={here} />;
  if (preview.isPending) {
    return (
      <InvitationCard>
        <Stack gap="sm" align="center" role="status">
          <Loader aria-hidden />
          <Text>Opening the invitation…</Text>
        </Stack>
      </InvitationCard>
    );
  }

  const invitation = preview.data;
  const join = () =>
    accept.mutate(token, {
      onSuccess: (membership) => {
        notify('leaf', teamText.accepted(membership.orgName, membership.role));
        navigate('/host/dashboard', { replace: true });
      },
    });

  return (
    <InvitationCard>
      <Stack gap="md">
        <Text>
          <strong>{invitation.invitedBy}</strong> invites you to join{' '}
          <strong style={{ overflowWrap: 'anywhere' }}>{invitation.orgName}</strong> as{' '}
          {ROLE_LABELS[invitation.role].toLowerCase()}.
        </Text>
        <Box p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Stack gap={6}>
            <Group gap="xs">
              <Text size="sm" fw={700}>
                Your role
              </Text>
              <RoleBadge role={invitation.role} size="sm" />
            </Group>
            <Text size="sm">{ROLE_DESCRIPTIONS[invitation.role]}</Text>
          </Stack>
        </Box>
        <Text size="sm" c="gray.7">
          Sent to <BreakableText value={invitation.email} />. The invitation expires on{' '}
          {formatMomentDay(invitation.expiresAt)}.
        </Text>
        {accept.error ? (
          <Alert color="red" variant="light" role="alert">
            {accept.error.message}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            color="sun"
            loading={accept.isPending}
            leftSection={<IconUsersGroup size={18} aria-hidden />}
            onClick={join}
          >
            Accept invitation
          </Button>
          <Button component={Link} to="/host/dashboard" variant="default">
            Not now
          </Button>
        </Group>
      </Stack>
    </InvitationCard>
  );
}
