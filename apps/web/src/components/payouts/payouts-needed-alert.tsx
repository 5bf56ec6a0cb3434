import { messages } from '@campwise/contract/messages';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePayoutAccount } from '../../api/payouts.ts';

/**
 * Until the host's payout account can take charges, their camps say "Registration opens soon":
 * this says why, with the way to connect it. Nothing while loading, on failure or once active.
 */
export function PayoutsNeededAlert() {
  const account = usePayoutAccount();
  if (!account.data || account.data.status === 'active') return null;
  return (
    <Box component="section" aria-label="Payout account needed">
      <Alert
        color="sun"
        variant="light"
        title="Families cannot register yet"
        icon={<IconAlertTriangle aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          <Text inherit>{messages.payoutAccountNeeded}</Text>
          <Button component={Link} to="/host/account" color="sun" size="sm">
            Connect payout account
          </Button>
        </Stack>
      </Alert>
    </Box>
  );
}
