import { passwordResetRequestBody } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../../api/accounts.ts';
import { loginPath } from '../../app/nav-links.ts';
import { FormError } from '../form-alert.tsx';
import { validateWith } from '../forms/field-errors.ts';
import { AuthCard } from './auth-card.tsx';

/** Asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordForm({ userType }: { userType: 'host' | 'camper' }) {
  const request = useRequestPasswordReset(userType);
  const form = useForm({
    initialValues: { email: '' },
    validate: validateWith(passwordResetRequestBody, { email: 'Email' }),
  });

  return (
    <AuthCard
      title="Reset Password"
      subtitle={`Enter the email address of your ${userType} account and we'll send you a link to choose a new password.`}
      parent={{ to: loginPath(userType), label: userType === 'host' ? 'Host sign in' : 'Parent sign in' }}
      art="mailbox"
    >
      {request.isSuccess ? (
        <Stack gap="md">
          <Alert color="leaf" variant="light" role="status">
            {messages.resetRequested}
          </Alert>
          <Anchor component={Link} to={loginPath(userType)}>
            Back to login
          </Anchor>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit(({ email }) => request.mutate(email))}>
          <Stack gap="md">
            <FormError error={request.error} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <Button type="submit" color="sun" size="md" loading={request.isPending}>
              Reset Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
