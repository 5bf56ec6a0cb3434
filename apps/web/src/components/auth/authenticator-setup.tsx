import { type AuthenticatorSetup, authenticatorCodeField } from '@campwise/contract/two-factor';
import { Box, Button, Code, Group, Image, List, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { FormError } from '../form-alert.tsx';
import { LoadError } from '../page/page-state.tsx';
import { CodeInput } from './code-input.tsx';

const confirmForm = z.object({ code: authenticatorCodeField });

interface AuthenticatorSetupProps {
  /** The secret and QR code; undefined while they load. */
  setup: AuthenticatorSetup | undefined;
  /** Loading them failed, and how to try again; absent where they arrive before this shows. */
  load?: { error: Error | null; retry: () => void };
  onConfirm: (code: string) => void;
  confirming: boolean;
  confirmError: Error | null;
  /** Buttons beside Confirm (Cancel in a dialog). */
  actions?: ReactNode;
}

/** Setting up an authenticator app: scan the QR code (or type the key), then give its first code. */
export function AuthenticatorSetupForm({
  setup,
  load,
  onConfirm,
  confirming,
  confirmError,
  actions,
}: AuthenticatorSetupProps) {
  const form = useForm({ initialValues: { code: '' }, validate: zod4Resolver(confirmForm) });
  if (load?.error) return <LoadError message={load.error.message} onRetry={load.retry} />;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onConfirm(values.code))}>
      <Stack gap="md">
        <List type="ordered" spacing="xs">
          <List.Item>
            Open an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or
            1Password.
          </List.Item>
          <List.Item>Scan this QR code with it, or type the key below.</List.Item>
          <List.Item>Enter the 6-digit code the app shows.</List.Item>
        </List>
        <Group align="center" gap="lg" wrap="wrap">
          {setup ? (
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt="QR code for your authenticator app"
              w={176}
              h={176}
              radius="sm"
            />
          ) : (
            <Skeleton w={176} h={176} aria-label="Loading the QR code" />
          )}
          <Box style={{ minWidth: 0, flex: '1 1 180px' }}>
            <Text size="sm" c="gray.7">
              Key (if you cannot scan)
            </Text>
            {setup ? (
              <Code block fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                {setup.secret}
              </Code>
            ) : (
              <Skeleton height={48} />
            )}
          </Box>
        </Group>
        <FormError error={confirmError} />
        <CodeInput {...form.getInputProps('code')} />
        <Group justify="flex-end">
          {actions}
          <Button type="submit" loading={confirming} disabled={!setup}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
