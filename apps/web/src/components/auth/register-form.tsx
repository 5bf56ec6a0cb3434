import { camperRegisterForm, hostRegisterForm } from '@campwise/contract/accounts';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRegisterCamper, useRegisterHost } from '../../api/accounts.ts';
import { dashboardPath } from '../../app/nav-links.ts';
import { safeReturnPath, withReturnTo } from '../../app/require-role.tsx';
import { FormError } from '../form-alert.tsx';
import { validateWith } from '../forms/field-errors.ts';
import { PasswordField } from '../forms/password-field.tsx';
import { PersonFields, requiredPersonLabels } from '../person-fields.tsx';
import { AuthCard, authArt } from './auth-card.tsx';

const variants = {
  host: {
    subtitle: 'For camp hosts: list your organization and camps, and fill your spots.',
    schema: hostRegisterForm,
    phoneRequired: false,
    loginPath: '/host/login',
  },
  camper: {
    subtitle: 'For parents and guardians: find camps, add your children and register.',
    schema: camperRegisterForm,
    phoneRequired: true,
    loginPath: '/camper/login',
  },
} as const;

/**
 * CREATE ACCOUNT for a host or a camper (parent); signs in and opens the dashboard, or the screen
 * the visitor came from (a camp they want to register for).
 */
export function RegisterForm({ userType }: { userType: 'host' | 'camper' }) {
  const variant = variants[userType];
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const registerHost = useRegisterHost();
  const registerCamper = useRegisterCamper();
  const registration = userType === 'host' ? registerHost : registerCamper;
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
    validate: validateWith(variant.schema, {
      ...requiredPersonLabels(variant.phoneRequired),
      password: 'Password',
      confirmPassword: 'Confirm Password',
    }),
  });

  const submit = form.onSubmit(({ confirmPassword: _confirm, ...values }) => {
    const onSuccess = () => navigate(safeReturnPath(returnTo) ?? dashboardPath(userType), { replace: true });
    if (userType === 'host') registerHost.mutate(values, { onSuccess });
    else registerCamper.mutate(values, { onSuccess });
  });

  return (
    <AuthCard title="CREATE ACCOUNT" subtitle={variant.subtitle} art={authArt[userType]}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormError error={registration.error} />
          <PersonFields inputProps={form.getInputProps} phoneRequired={variant.phoneRequired} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" color="sun" size="md" loading={registration.isPending}>
            Create Account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={withReturnTo(variant.loginPath, returnTo)}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
