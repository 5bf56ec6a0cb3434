import { messages } from '@campwise/contract/messages';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirmEmailChange } from '../../api/accounts.ts';
import { loginPath } from '../../app/nav-links.ts';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { MessageWithAddress } from '../../components/breakable-text.tsx';

/**
 * Opened from the link mailed to a new sign-in address: /confirm-email?token=... The link is
 * used as the page opens. The switch ends every session, so a session kept in this browser for
 * that kind of account ends here too, and the page points to the login.
 */
export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);

  useEffect(() => {
    if (token === '' || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  if (confirm.data) {
    return (
      <AuthCard title="Email confirmed">
        <Stack gap="md">
          <Alert color="leaf" variant="light" role="status">
            <MessageWithAddress message={messages.emailChanged} address={confirm.data.email} />
          </Alert>
          <Button component={Link} to={loginPath(confirm.data.userType)} color="sun">
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (token === '' || confirm.error) {
    return (
      <AuthCard title="Confirm your new email">
        <Alert color="red" variant="light" role="alert">
          {confirm.error?.message ?? messages.emailChangeLinkInvalid}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your new email">
      <Stack gap="sm" align="center" role="status">
        <Loader aria-hidden />
        <Text>Confirming your new email…</Text>
      </Stack>
    </AuthCard>
  );
}
