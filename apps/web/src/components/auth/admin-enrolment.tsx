import { messages } from '@campwise/contract/messages';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useConfirmEnrolment, useEnrolmentSetup } from '../../api/two-factor.ts';
import { signIn } from '../../app/session.ts';
import { AuthenticatorSetupForm } from './authenticator-setup.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/**
 * An administrator's first sign-in: set up an authenticator app, confirm it with a code, save
 * the recovery codes; only then does the session start.
 */
export function AdminEnrolment({ ticket, onSignedIn }: { ticket: string; onSignedIn: () => void }) {
  const setup = useEnrolmentSetup(ticket);
  const confirm = useConfirmEnrolment();
  const [done, setDone] = useState<{ token: string; recoveryCodes: string[] } | null>(null);

  if (done) {
    return (
      <RecoveryCodes
        codes={done.recoveryCodes}
        continueLabel="Continue"
        onContinue={() => {
          signIn({ token: done.token, userType: 'admin' });
          onSignedIn();
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      <Alert color="leaf" variant="light">
        {messages.twoFactorEnrolFirst}
      </Alert>
      <AuthenticatorSetupForm
        setup={setup.data}
        load={{ error: setup.error, retry: () => setup.refetch() }}
        onConfirm={(code) => confirm.mutate({ ticket, code }, { onSuccess: setDone })}
        confirming={confirm.isPending}
        confirmError={confirm.error}
      />
    </Stack>
  );
}
