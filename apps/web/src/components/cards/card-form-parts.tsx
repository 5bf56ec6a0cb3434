import type { SavedCard } from '@campwise/contract/cards';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface CardFormProps {
  onSaved: (card: SavedCard) => void;
  onCancel: () => void;
  /** Reports while a card is being saved, so the dialog is not closed half way. */
  onBusyChange: (busy: boolean) => void;
}

/** The dialog's footer: a note on what is kept, Cancel and the spec's 'Add Card'. */
export function CardFormFooter({
  saving,
  onCancel,
  note,
}: {
  saving: boolean;
  onCancel: () => void;
  note: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
        <Text size="sm" c="gray.7">
          {note}
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" color="sun" loading={saving}>
          Add Card
        </Button>
      </Group>
    </Stack>
  );
}
