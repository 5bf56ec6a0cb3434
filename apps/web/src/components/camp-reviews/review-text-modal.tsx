import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';

import { AppModal } from '../app-modal.tsx';

interface Checkable {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * A dialog asking for one piece of text about a review: the host's reply, the host's reason for
 * reporting it, an administrator's reason for hiding it. Checked by the contract's schema of
 * that one field, the problem said beside it.
 */
export function ReviewTextModal({
  opened,
  onClose,
  title,
  intro,
  label,
  description,
  field,
  schema,
  confirmLabel,
  confirmColor = 'sun',
  onConfirm,
  loading,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: React.ReactNode;
  label: string;
  description?: string;
  field: 'text' | 'reason';
  schema: Checkable;
  confirmLabel: string;
  confirmColor?: string;
  onConfirm: (text: string) => void;
  loading: boolean;
  error: Error | null;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setValue('');
      setProblem(null);
    }
  }, [opened]);

  const serverField = error instanceof ApiError ? error.fields?.[field] : undefined;
  const fieldError = problem ?? serverField;
  const banner = error && !serverField ? error.message : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ [field]: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    onConfirm(value);
  };

  return (
    <AppModal opened={opened} onClose={() => !loading && onClose()} title={title} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text component="div" style={{ overflowWrap: 'anywhere' }}>
            {intro}
          </Text>
          {banner ? (
            <Alert color="red" variant="light" role="alert">
              {banner}
            </Alert>
          ) : null}
          <Textarea
            label={label}
            description={description}
            required
            autosize
            minRows={3}
            maxRows={8}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldError}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" color={confirmColor} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
