import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTwoFactorStatus } from '../../api/two-factor.ts';
import { TurnOnModal, TWO_FACTOR_ASKED } from './two-factor-section.tsx';

/**
 * Asks an organisation's owner or manager without two-factor sign-in to turn it on, and opens
 * the setup right here. Nothing while loading, on failure, once it is on, or for staff.
 */
export function TwoFactorAskedAlert() {
  const status = useTwoFactorStatus();
  const [setting, setSetting] = useState(false);
  if (!status.data?.asked) return null;
  return (
    <section aria-label="Two-factor sign-in">
      <Alert
        color="sun"
        variant="light"
        title="Protect families' details"
        icon={<IconShieldLock aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          <Text inherit>{TWO_FACTOR_ASKED}</Text>
          <Button color="sun" size="sm" onClick={() => setSetting(true)}>
            Turn on two-factor sign-in
          </Button>
        </Stack>
      </Alert>
      <TurnOnModal opened={setting} onClose={() => setSetting(false)} />
    </section>
  );
}
