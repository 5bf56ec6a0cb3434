import type { SavedCard } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { CardFormValues } from '../card-fields.tsx';
import { focusFirstError } from '../orgs/focus-first-error.ts';
import { type CardProblems, serverCardProblems } from './card-problems.ts';

export interface CardFormProps {
  onSaved: (card: SavedCard) => void;
  onCancel: () => void;
  /** Reports while a card is being saved, so the dialog is not closed half way. */
  onBusyChange: (busy: boolean) => void;
}

/** The problems above the card form, and the fields they belong to marked. */
export function useCardProblems(form: UseFormReturnType<CardFormValues>) {
  const [banner, setBanner] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const show = (problems: CardProblems | null) => {
    form.setErrors(problems?.fields ?? {});
    setBanner(problems?.banner ?? null);
    if (problems) focusFirstError(formRef.current);
  };
  const showFailure = (error: unknown) =>
    show(
      error instanceof ApiError
        ? serverCardProblems(error.message, error.fields, form.getValues())
        : serverCardProblems(error instanceof Error ? error.message : messages.tryAgain),
    );
  return { banner, formRef, show, showFailure };
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
