import type { UserData, UserType } from '@campwise/contract/accounts';
import { accountDetailsForm, changePasswordForm, isNewEmail } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useChangePassword, useMe, useUpdateAccount } from '../../api/accounts.ts';
import { ApiError } from '../../api/client.ts';
import { MessageWithAddress } from '../breakable-text.tsx';
import { FormProblem, FormSuccess } from '../form-alert.tsx';
import { missesRequiredField, validateWith } from '../forms/field-errors.ts';
import { PasswordField } from '../forms/password-field.tsx';
import { PageFrame } from '../page/page-frame.tsx';
import { PersonFields, requiredPersonLabels } from '../person-fields.tsx';
import { SectionCard } from '../section-card.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { YourDataSection } from './your-data-section.tsx';

/** Who edits their own details here; an administrator's are set by the site operator. */
type AccountUserType = 'host' | 'camper';

const currentPasswordLabel = 'Current Password';

/** The notice while a new sign-in e-mail waits for its link to be opened. */
function PendingEmailNotice({ email }: { email: string }) {
  return (
    <Alert color="leaf" variant="light" role="status" title={messages.emailChangeCheckInbox}>
      <MessageWithAddress message={messages.emailChangeSent} address={email} />
    </Alert>
  );
}

function AccountDetailsForm({ userType, user }: { userType: AccountUserType; user: UserData }) {
  const update = useUpdateAccount(userType);
  const labels = requiredPersonLabels(userType === 'camper');
  const [missing, setMissing] = useState(false);
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? '',
      currentPassword: '',
    },
    validate: validateWith(accountDetailsForm(userType, user.email), labels),
  });
  const changingEmail = isNewEmail(user.email, form.values.email);

  const submit = form.onSubmit(
    ({ currentPassword, ...details }) => {
      setMissing(false);
      update.mutate(changingEmail ? { ...details, currentPassword } : details, {
        onSuccess: (saved) => {
          // The sign-in e-mail stays until the link is opened; the form shows the one in use.
          form.setValues({ email: saved.email, currentPassword: '' });
          form.resetDirty();
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.fields?.currentPassword : undefined;
          if (message) form.setFieldError('currentPassword', message);
        },
      });
    },
    (errors) => {
      update.reset();
      setMissing(missesRequiredField(errors, labels));
    },
  );
  const fieldProblem = update.error instanceof ApiError && update.error.fields?.currentPassword;
  const askedForNewEmail = update.isSuccess && update.variables.currentPassword !== undefined;
  // The answer is newer than the details the page read, until they are read again.
  const pendingEmail = update.isSuccess ? update.data.pendingEmail : user.pendingEmail;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {pendingEmail ? <PendingEmailNotice email={pendingEmail} /> : null}
        <FormSuccess message={update.isSuccess && !askedForNewEmail ? messages.accountUpdated : null} />
        <FormProblem
          message={missing ? messages.requiredFields : fieldProblem ? null : update.error?.message}
        />
        <PersonFields inputProps={form.getInputProps} phoneRequired={userType === 'camper'} />
        {changingEmail ? (
          <PasswordField
            label={currentPasswordLabel}
            description="Needed to change your sign-in email"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Update Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An administrator's details, read only: no call changes them; the site operator does. */
function AccountDetailsView({ user }: { user: UserData }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label="First Name" value={user.firstName} readOnly />
        <TextInput label="Last Name" value={user.lastName} readOnly />
        <TextInput label="Email" type="email" value={user.email} readOnly />
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        The site operator changes an administrator's name and e-mail address.
      </Text>
    </Stack>
  );
}

const passwordLabels = {
  currentPassword: 'Current Password',
  password: 'New Password',
  confirmPassword: 'Confirm New Password',
};

function ChangePasswordForm({ userType }: { userType: UserType }) {
  const change = useChangePassword();
  const [result, setResult] = useState<'updated' | 'wrong-current' | 'missing' | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: validateWith(changePasswordForm, passwordLabels),
  });

  const submit = form.onSubmit(
    ({ currentPassword, password }) => {
      setResult(null);
      change.mutate(
        { body: { currentPassword, password }, userType },
        {
          onSuccess: ({ isValid }) => {
            setResult(isValid ? 'updated' : 'wrong-current');
            if (isValid) form.reset();
          },
        },
      );
    },
    (errors) => {
      change.reset();
      setResult(missesRequiredField(errors, passwordLabels) ? 'missing' : null);
    },
  );
  const problem =
    result === 'missing'
      ? messages.passwordFieldsRequired
      : result === 'wrong-current'
        ? messages.currentPasswordIncorrect
        : change.error?.message;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {result === 'updated' ? (
          <Alert color="leaf" variant="light" role="status">
            {messages.passwordUpdated}
          </Alert>
        ) : null}
        <FormProblem message={problem} />
        <PasswordField
          label={passwordLabels.currentPassword}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('currentPassword')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordField
            label={passwordLabels.password}
            autoComplete="new-password"
            description="At least 8 characters"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={passwordLabels.confirmPassword}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Account settings (host, camper and administrator alike): account details, change password,
 * two-factor sign-in, the page's extra sections, and the privacy rights (download, delete).
 * An administrator's details are read only, and their account is not deleted here.
 */
export function AccountSettings({ userType, extra }: { userType: UserType; extra?: ReactNode }) {
  const me = useMe();
  return (
    <PageFrame title="Account Settings" width="form">
      <Stack gap="lg">
        <SectionCard title="Account details">
          {me.isPending ? (
            <Stack gap="md" aria-label="Loading account details">
              <Skeleton height={36} />
              <Skeleton height={36} />
              <Skeleton height={36} width="60%" />
            </Stack>
          ) : me.error ? (
            <Stack gap="sm" align="flex-start">
              <Text c="red.8">We could not load your account details.</Text>
              <Button variant="light" onClick={() => me.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : userType === 'admin' ? (
            <AccountDetailsView user={me.data} />
          ) : (
            <AccountDetailsForm userType={userType} user={me.data} />
          )}
        </SectionCard>
        <SectionCard title="Change password">
          <ChangePasswordForm userType={userType} />
        </SectionCard>
        <TwoFactorSection />
        {extra}
        {userType === 'admin' ? null : <YourDataSection userType={userType} />}
      </Stack>
    </PageFrame>
  );
}
