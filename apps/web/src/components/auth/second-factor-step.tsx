import type { UserType } from '@campwise/contract/accounts';
import { secondFactorCodeField } from '@campwise/contract/two-factor';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { useSecondFactorSignIn } from '../../api/two-factor.ts';
import { FormError } from '../form-alert.tsx';
import { CodeInput } from './code-input.tsx';

const codeForm = z.object({ code: secondFactorCodeField });

/** The second step of a login: a code from the authenticator app, or a recovery code. */
export function SecondFactorStep({
  userType,
  ticket,
  onSignedIn,
  onStartOver,
}: {
  userType: UserType;
  ticket: string;
  onSignedIn: () => void;
  onStartOver: () => void;
}) {
  const signIn = useSecondFactorSignIn(userType);
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ initialValues: { code: '' }, validate: zod4Resolver(codeForm) });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        signIn.mutate({ ticket, code: values.code }, { onSuccess: onSignedIn }),
      )}
    >
      <Stack gap="md">
        <Text>
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
            : 'Open your authenticator app and enter the code it shows for Campwise.'}
        </Text>
        <FormError error={signIn.error} />
        <CodeInput recovery={recovery} autoFocus {...form.getInputProps('code')} />
        <Button type="submit" color="sun" size="md" loading={signIn.isPending}>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery((current) => !current);
              form.reset();
              signIn.reset();
            }}
          >
            {recovery ? 'Use my authenticator app' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
            Start over
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
