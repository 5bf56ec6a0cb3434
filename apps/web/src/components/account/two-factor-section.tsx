import { messages } from '@campwise/contract/messages';
import {
  beginSetupBody,
  type DisableTwoFactor,
  disableTwoFactorBody,
  renewRecoveryCodesBody,
} from '@campwise/contract/two-factor';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  useBeginSetup,
  useConfirmSetup,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useTwoFactorStatus,
} from '../../api/two-factor.ts';
import { AppModal } from '../app-modal.tsx';
import { AuthenticatorSetupForm } from '../auth/authenticator-setup.tsx';
import { CodeInput } from '../auth/code-input.tsx';
import { RecoveryCodes } from '../auth/recovery-codes.tsx';
import { FormError } from '../form-alert.tsx';
import { validateWith } from '../forms/field-errors.ts';
import { PasswordField } from '../forms/password-field.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';

const toast = (message: string) =>
  notifications.show({ color: 'leaf', message, closeButtonProps: { 'aria-label': 'Close' } });

/** The first step of turning on: the password, so that a stolen session alone cannot. */

/** A password typed to confirm who you are: empty, it is required. */
/** Why owners and managers are asked to turn two-factor sign-in on (decision 057). */
export const TWO_FACTOR_ASKED =
  "Your role lets you see what families paid and their children's health details: turn on two-factor sign-in so that a stolen password alone cannot open them.";

const passwordLabel = { password: 'Password' };
function SetupPasswordForm({
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  error: Error | null;
  onSubmit: (values: { password: string }) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    initialValues: { password: '' },
    validate: validateWith(beginSetupBody, passwordLabel),
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <Text>First, confirm that it is you with your password.</Text>
        <FormError error={error} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The password, then the new app and its first code, then the recovery codes, shown once. */
export function TurnOnModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const setup = useBeginSetup();
  const confirm = useConfirmSetup();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const close = () => {
    if (setup.isPending || confirm.isPending) return;
    setup.reset();
    confirm.reset();
    setRecoveryCodes(null);
    onClose();
  };
  const finish = () => {
    toast(messages.twoFactorTurnedOn);
    close();
  };

  const content = (() => {
    if (recoveryCodes)
      return <RecoveryCodes codes={recoveryCodes} continueLabel="Done" onContinue={finish} />;
    if (!setup.data) {
      return (
        <SetupPasswordForm
          pending={setup.isPending}
          error={setup.error}
          onSubmit={(values) => setup.mutate(values)}
          onCancel={close}
        />
      );
    }
    return (
      <AuthenticatorSetupForm
        setup={setup.data}
        onConfirm={(code) => confirm.mutate(code, { onSuccess: setRecoveryCodes })}
        confirming={confirm.isPending}
        confirmError={confirm.error}
        actions={
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
        }
      />
    );
  })();

  return (
    <AppModal opened={opened} onClose={recoveryCodes ? finish : close} title="Turn on two-factor sign-in">
      {content}
    </AppModal>
  );
}

/** The password and a code (or a recovery code): what turning off and new recovery codes take. */
function PasswordAndCodeForm({
  intro,
  schema,
  submitLabel,
  submitColor,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  intro: string;
  schema: typeof disableTwoFactorBody | typeof renewRecoveryCodesBody;
  submitLabel: string;
  submitColor?: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (values: DisableTwoFactor) => void;
  onCancel: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: validateWith(schema, passwordLabel),
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <Text>{intro}</Text>
        <FormError error={error} />
        <PasswordField
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
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" color={submitColor} loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function TurnOffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const close = () => {
    if (disable.isPending) return;
    disable.reset();
    onClose();
  };

  return (
    <AppModal opened={opened} onClose={close} title="Turn off two-factor sign-in" size="md">
      <PasswordAndCodeForm
        intro="Your login will ask only for your password. Confirm with your password and a code."
        schema={disableTwoFactorBody}
        submitLabel="Turn off"
        submitColor="red"
        pending={disable.isPending}
        error={disable.error}
        onSubmit={(values) =>
          disable.mutate(values, {
            onSuccess: () => {
              toast(messages.twoFactorTurnedOff);
              close();
            },
          })
        }
        onCancel={close}
      />
    </AppModal>
  );
}

/** New recovery codes for all the old ones: the password and a code, then the new ten, once. */
function RenewCodesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const renew = useRenewRecoveryCodes();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const close = () => {
    if (renew.isPending) return;
    renew.reset();
    setRecoveryCodes(null);
    onClose();
  };
  const finish = () => {
    toast(messages.recoveryCodesRenewed);
    close();
  };

  return (
    <AppModal opened={opened} onClose={recoveryCodes ? finish : close} title="New recovery codes" size="md">
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} continueLabel="Done" onContinue={finish} />
      ) : (
        <PasswordAndCodeForm
          intro={messages.recoveryCodesRenewNote}
          schema={renewRecoveryCodesBody}
          submitLabel="Make new codes"
          pending={renew.isPending}
          error={renew.error}
          onSubmit={(values) => renew.mutate(values, { onSuccess: setRecoveryCodes })}
          onCancel={close}
        />
      )}
    </AppModal>
  );
}

/**
 * Account settings: two-factor sign-in with an authenticator app, on or off, and new recovery
 * codes. Administrators, who must keep it on, are offered no way to turn it off.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'on' | 'off' | 'codes' | null>(null);

  const content = (
    <QueryState
      query={status}
      skeleton={<Skeleton height={60} aria-label="Loading two-factor sign-in" />}
      errorMessage="We could not load your sign-in settings."
    >
      {({ enabled, required, asked, recoveryCodesLeft }) => (
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
          {asked ? <Text c="sun.9">{TWO_FACTOR_ASKED}</Text> : null}
          <Group>
            {enabled ? (
              <>
                <Button variant="light" onClick={() => setDialog('codes')}>
                  New recovery codes
                </Button>
                {required ? null : (
                  <Button variant="outline" color="red" onClick={() => setDialog('off')}>
                    Turn off
                  </Button>
                )}
              </>
            ) : (
              <Button onClick={() => setDialog('on')}>Turn on two-factor sign-in</Button>
            )}
          </Group>
        </Stack>
      )}
    </QueryState>
  );

  return (
    <SectionCard title="Two-factor sign-in">
      {content}
      <TurnOnModal opened={dialog === 'on'} onClose={() => setDialog(null)} />
      <TurnOffModal opened={dialog === 'off'} onClose={() => setDialog(null)} />
      <RenewCodesModal opened={dialog === 'codes'} onClose={() => setDialog(null)} />
    </SectionCard>
  );
}
