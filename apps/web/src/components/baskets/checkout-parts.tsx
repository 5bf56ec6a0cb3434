import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** While the server works out a checkout's price. */
export function PricingSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      <Text size="sm" c="gray.7" role="status">
        Working out the price…
      </Text>
      <Skeleton height={48} radius="md" />
      <Skeleton height={28} width="60%" radius="md" />
    </Stack>
  );
}

/** The server could not price the checkout; a refusal for good offers no retry. */
export function PriceError({ error, onRetry }: { error: Error; onRetry: (() => void) | null }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {onRetry ? (
          <Button variant="light" color="red" size="compact-sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

interface PayButtonProps {
  /** Says what is paid ("Pay $1,500", "Join the waitlist"). */
  label: string;
  onClick: () => void;
  loading: boolean;
  disabled: boolean;
  /** Joining a waitlist charges nothing: no lock. */
  free: boolean;
}

/** A checkout's one Pay button, the same in the summary and in a phone's bar at the bottom. */
export function PayButton({ label, onClick, loading, disabled, free }: PayButtonProps) {
  return (
    <Button
      size="md"
      color="sun"
      fullWidth
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      leftSection={free ? null : <IconLock size={18} aria-hidden />}
    >
      {label}
    </Button>
  );
}
