import type { UserType } from '@campwise/contract/accounts';
import { loginBody } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type SecondStep, useLogin } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import { useSiteInfo } from '../../api/site.ts';
import { dashboardPath } from '../../app/nav-links.ts';
import { safeReturnPath, withReturnTo } from '../../app/require-role.tsx';
import { validateWith } from '../forms/field-errors.ts';
import { PasswordField } from '../forms/password-field.tsx';
import { SIGNED_IN_STATE } from '../teams/staff-sessions.tsx';
import { AdminEnrolment } from './admin-enrolment.tsx';
import { AuthCard, authArt } from './auth-card.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';

interface LoginFormProps {
  userType: UserType;
  title: string;
  links?: { register: string; forgotPassword: string };
}

/**
 * Log in as a host, camper or administrator, with a code as the second step when two-factor
 * sign-in is on (an administrator's first login sets it up); then back to the page wanted, or
 * the dashboard.
 */
export function LoginForm({ userType, title, links }: LoginFormProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin(userType);
  const { data: site } = useSiteInfo();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: validateWith(loginBody, { email: 'Email', password: 'Password' }),
  });
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const goOn = () => {
    const wanted = safeReturnPath(params.get('returnTo'));
    if (wanted) navigate(wanted, { replace: true });
    // The dashboard knows it follows a sign-in: staff land on the day's check-in from there.
    else navigate(dashboardPath(userType), { replace: true, state: SIGNED_IN_STATE });
  };
  const startOver = () => {
    setSecondStep(null);
    login.reset();
    form.setFieldValue('password', '');
  };

  if (secondStep?.secondFactor === 'code') {
    return (
      <AuthCard title={title} subtitle="Two-factor sign-in" art={authArt[userType]}>
        <SecondFactorStep
          userType={userType}
          ticket={secondStep.ticket}
          onSignedIn={goOn}
          onStartOver={startOver}
        />
      </AuthCard>
    );
  }
  if (secondStep?.secondFactor === 'enrol') {
    return (
      <AuthCard title={title} subtitle="Set up two-factor sign-in" art={authArt[userType]}>
        <AdminEnrolment ticket={secondStep.ticket} onSignedIn={goOn} />
      </AuthCard>
    );
  }

  const failure = (() => {
    if (!login.error) return null;
    if (login.error instanceof ApiError && login.error.status === 429) return login.error.message;
    return messages.loginFailedHelp.replace('{email}', site?.supportEmail ?? 'our support team');
  })();

  return (
    <AuthCard title={title} art={authArt[userType]}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          login.mutate(values, {
            onSuccess: (next) => (next ? setSecondStep(next) : goOn()),
          }),
        )}
      >
        <Stack gap="md">
          {params.get('expired') === '1' && !login.error ? (
            <Alert color="sun" variant="light" role="status">
              {messages.sessionExpired}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Button type="submit" color="sun" size="md" loading={login.isPending}>
            Sign in
          </Button>
          {links ? (
            <Group justify="space-between" gap="xs">
              <Anchor component={Link} to={links.forgotPassword} size="sm">
                Forgot your password?
              </Anchor>
              <Anchor component={Link} to={withReturnTo(links.register, params.get('returnTo'))} size="sm">
                Create an account
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      </form>
    </AuthCard>
  );
}
