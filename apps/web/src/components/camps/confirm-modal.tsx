import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from '../app-modal.tsx';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The question, word for word from the spec. */
  question: string;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading: boolean;
  error: Error | null;
}

/** Asks before something is deleted; stays open with the error if deleting fails. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  question,
  children,
  confirmLabel,
  onConfirm,
  loading,
  error,
}: ConfirmModalProps) {
  return (
    <AppModal opened={opened} onClose={() => !loading && onClose()} title={title} size="sm">
      <Stack gap="md">
        <Text>{question}</Text>
        {children}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
