import { messages } from '@campwise/contract/messages';
import { deleteAccountBody } from '@campwise/contract/privacy';
import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAccount, useDownloadMyData } from '../../api/privacy.ts';
import { useTwoFactorStatus } from '../../api/two-factor.ts';
import { AppModal } from '../app-modal.tsx';
import { CodeInput } from '../auth/code-input.tsx';
import { FormError } from '../form-alert.tsx';
import { validateWith } from '../forms/field-errors.ts';
import { PasswordField } from '../forms/password-field.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';

type AccountUserType = 'host' | 'camper';

const whatGoes: Record<AccountUserType, string> = {
  camper:
    'Your details, your campers and your saved cards are deleted. Registrations for camps that have not started are cancelled and refunded as each camp’s refund policy says.',
  host: 'Your details, organizations and camps are deleted, and your subscription will not renew. Camps with confirmed registrations must have them cancelled first.',
};

/** The password (and, with two-factor sign-in, a code) that confirm the deletion. */
const withCode = deleteAccountBody.required({ code: true });
const passwordOnly = deleteAccountBody.omit({ code: true });

/** A password typed to confirm who you are: empty, it is required. */
const passwordLabel = { password: 'Password' };
function DeleteAccountForm({
  userType,
  needsCode,
  onCancel,
}: {
  userType: AccountUserType;
  needsCode: boolean;
  onCancel: () => void;
}) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: validateWith(needsCode ? withCode : passwordOnly, passwordLabel),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password, code }) =>
        remove.mutate(needsCode ? { password, code } : { password }, {
          onSuccess: () => navigate('/goodbye', { replace: true, state: { accountDeleted: true } }),
        }),
      )}
    >
      <Stack gap="md">
        <Text fw={600}>{messages.deleteAccountConfirm}</Text>
        <Text size="sm" c="gray.7">
          {whatGoes[userType]} Payment records are kept, without your name, for our accounts.
        </Text>
        <FormError error={remove.error} />
        <PasswordField
          label="Password"
          description="Type your password to confirm"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        {needsCode ? (
          <>
            <CodeInput recovery={recovery} {...form.getInputProps('code')} />
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setRecovery((current) => !current)}
            >
              {recovery ? 'Use my authenticator app' : 'Use a recovery code'}
            </Button>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteAccountModal({
  userType,
  opened,
  onClose,
}: {
  userType: AccountUserType;
  opened: boolean;
  onClose: () => void;
}) {
  const twoFactor = useTwoFactorStatus();
  return (
    <AppModal opened={opened} onClose={onClose} title="Delete my account" size="md">
      <QueryState
        query={twoFactor}
        skeleton={<Skeleton height={160} aria-label="Loading" />}
        errorMessage="We could not load your sign-in settings."
      >
        {({ enabled }) => <DeleteAccountForm userType={userType} needsCode={enabled} onCancel={onClose} />}
      </QueryState>
    </AppModal>
  );
}

/** Account settings: the privacy policy's rights, a copy of one's data and deleting the account. */
export function YourDataSection({ userType }: { userType: AccountUserType }) {
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <SectionCard title="Your data">
      <Stack gap="sm" align="flex-start">
        <Text>Download a copy of everything Campwise keeps about you, as a JSON file.</Text>
        <FormError error={download.error} />
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () =>
                notifications.show({
                  color: 'leaf',
                  message: 'Your data has been downloaded.',
                  closeButtonProps: { 'aria-label': 'Close' },
                }),
            })
          }
        >
          Download my data
        </Button>
      </Stack>
      <Divider />
      <Stack gap="sm" align="flex-start">
        <Text>Delete your account and the personal information in it. This cannot be undone.</Text>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </Button>
      </Stack>
      <DeleteAccountModal userType={userType} opened={deleting} onClose={() => setDeleting(false)} />
    </SectionCard>
  );
}
