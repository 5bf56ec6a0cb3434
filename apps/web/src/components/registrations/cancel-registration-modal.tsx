import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../app-modal.tsx';

interface CancelRegistrationModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  question: string;
  /** What follows: the refund, or leaving the waitlist. */
  consequence: string;
  /** The refund policy in words, when it is why less than was paid comes back. */
  policy?: string | null;
  confirmLabel: string;
  onConfirm: () => void;
  loading: boolean;
  error: Error | null;
}

/**
 * Asks before a registration is cancelled and says what happens to the money. The way out reads
 * "Keep it", never a second "Cancel" beside "Cancel registration".
 */
export function CancelRegistrationModal({
  opened,
  onClose,
  title,
  question,
  consequence,
  policy = null,
  confirmLabel,
  onConfirm,
  loading,
  error,
}: CancelRegistrationModalProps) {
  return (
    <AppModal opened={opened} onClose={() => !loading && onClose()} title={title} size="sm">
      <Stack gap="md">
        <Text>{question}</Text>
        <Text fw={700}>{consequence}</Text>
        {policy ? (
          <Text size="sm" c="gray.7">
            <Text span fw={700} inherit>
              Refund policy:
            </Text>{' '}
            {policy}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Keep it
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
