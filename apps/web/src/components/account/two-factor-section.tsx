import { messages } from '@campwise/contract/messages';
import { disableTwoFactorBody } from '@campwise/contract/two-factor';
import { Badge, Button, Group, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import {
  useBeginSetup,
  useConfirmSetup,
  useDisableTwoFactor,
  useTwoFactorStatus,
} from '../../api/two-factor.ts';
import { AppModal } from '../app-modal.tsx';
import { AuthenticatorSetupForm } from '../auth/authenticator-setup.tsx';
import { CodeInput } from '../auth/code-input.tsx';
import { RecoveryCodes } from '../auth/recovery-codes.tsx';
import { FormError } from '../form-alert.tsx';
import { LoadError } from '../page-state.tsx';
import { SectionCard } from '../section-card.tsx';

/** The setup is started by the button that opens this, so a new secret is made once per opening. */
function TurnOnModal({
  opened,
  onClose,
  setup,
}: {
  opened: boolean;
  onClose: () => void;
  setup: ReturnType<typeof useBeginSetup>;
}) {
  const confirm = useConfirmSetup();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const close = () => {
    if (confirm.isPending) return;
    setup.reset();
    confirm.reset();
    setRecoveryCodes(null);
    onClose();
  };
  const finish = () => {
    notifications.show({
      color: 'leaf',
      message: messages.twoFactorTurnedOn,
      closeButtonProps: { 'aria-label': 'Close' },
    });
    close();
  };

  return (
    <AppModal opened={opened} onClose={recoveryCodes ? finish : close} title="Turn on two-factor sign-in">
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} continueLabel="Done" onContinue={finish} />
      ) : (
        <AuthenticatorSetupForm
          setup={setup.data}
          loadError={setup.error}
          onRetry={() => setup.mutate()}
          onConfirm={(code) => confirm.mutate(code, { onSuccess: setRecoveryCodes })}
          confirming={confirm.isPending}
          confirmError={confirm.error}
          actions={
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          }
        />
      )}
    </AppModal>
  );
}

function TurnOffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: zod4Resolver(disableTwoFactorBody),
  });
  const close = () => {
    if (disable.isPending) return;
    form.reset();
    disable.reset();
    onClose();
  };

  return (
    <AppModal opened={opened} onClose={close} title="Turn off two-factor sign-in" size="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          disable.mutate(values, {
            onSuccess: () => {
              notifications.show({
                color: 'leaf',
                message: messages.twoFactorTurnedOff,
                closeButtonProps: { 'aria-label': 'Close' },
              });
              close();
            },
          }),
        )}
      >
        <Stack gap="md">
          <Text>Your login will ask only for your password. Confirm with your password and a code.</Text>
          <FormError error={disable.error} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <CodeInput recovery={recovery} {...form.getInputProps('code')} />
          <Group justify="space-between">
            <Button variant="subtle" size="compact-sm" onClick={() => setRecovery((current) => !current)}>
              {recovery ? 'Use my authenticator app' : 'Use a recovery code'}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={disable.isPending}>
                Turn off
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** Account settings: two-factor sign-in with an authenticator app, on or off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const setup = useBeginSetup();
  const [dialog, setDialog] = useState<'on' | 'off' | null>(null);

  const content = (() => {
    if (status.isPending) return <Skeleton height={60} aria-label="Loading two-factor sign-in" />;
    if (status.error) {
      return (
        <LoadError message="We could not load your sign-in settings." onRetry={() => status.refetch()} />
      );
    }
    const { enabled, required, recoveryCodesLeft } = status.data;
    return (
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600}>Status</Text>
          <Badge color={enabled ? 'leaf' : 'gray'} variant={enabled ? 'light' : 'default'}>
            {enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Text>
          {enabled
            ? `Your login asks for a code from your authenticator app. Recovery codes left: ${recoveryCodesLeft}.`
            : 'Add a second step to your login: a code from an authenticator app on your phone.'}
        </Text>
        <Group>
          {enabled ? (
            required ? null : (
              <Button variant="outline" color="red" onClick={() => setDialog('off')}>
                Turn off
              </Button>
            )
          ) : (
            <Button
              onClick={() => {
                setup.mutate();
                setDialog('on');
              }}
            >
              Turn on two-factor sign-in
            </Button>
          )}
        </Group>
      </Stack>
    );
  })();

  return (
    <SectionCard title="Two-factor sign-in">
      {content}
      <TurnOnModal opened={dialog === 'on'} onClose={() => setDialog(null)} setup={setup} />
      <TurnOffModal opened={dialog === 'off'} onClose={() => setDialog(null)} />
    </SectionCard>
  );
}
