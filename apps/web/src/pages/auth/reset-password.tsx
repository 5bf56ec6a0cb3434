import { passwordResetForm } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/accounts.ts';
import { loginPath } from '../../app/nav-links.ts';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { FormError } from '../../components/form-alert.tsx';
import { validateWith } from '../../components/forms/field-errors.ts';
import { PasswordField } from '../../components/forms/password-field.tsx';

function RequestNewLink() {
  return (
    <Group gap="md">
      <Anchor component={Link} to="/host/forgotpassword" size="sm">
        New link for a host account
      </Anchor>
      <Anchor component={Link} to="/camper/forgotpassword" size="sm">
        New link for a camper account
      </Anchor>
    </Group>
  );
}

/** Opened from the reset e-mail: /resetpassword?token=... */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateWith(passwordResetForm, {
      password: 'New Password',
      confirmPassword: 'Confirm New Password',
    }),
  });

  if (reset.data) {
    return (
      <AuthCard title="Password reset">
        <Stack gap="md">
          <Alert color="leaf" variant="light" role="status">
            {messages.passwordReset}
          </Alert>
          <Button component={Link} to={loginPath(reset.data.userType)} color="sun">
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {token === '' ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {messages.resetTokenInvalid}
          </Alert>
          <RequestNewLink />
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit(({ password }) => reset.mutate({ token, password }))}>
          <Stack gap="md">
            <FormError error={reset.error} />
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              description="At least 8 characters"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="Confirm New Password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" color="sun" size="md" loading={reset.isPending}>
              Set New Password
            </Button>
            {reset.error ? <RequestNewLink /> : null}
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
