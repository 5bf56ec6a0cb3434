import { messages } from '@campwise/contract/messages';
import { describeSearch, SAVED_SEARCH_NAME_MAX } from '@campwise/contract/saved-searches';
import type { SearchForm } from '@campwise/contract/search-form';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSaveSearch } from '../../api/saved-searches.ts';
import { AppModal } from '../app-modal.tsx';
import { SAVE_SEARCH_LABEL, saveSearchIcon } from './save-search-button.tsx';
import { criteriaOfForm } from './saved-search-text.ts';

/** A parent's "Save this search": the button and the dialog that names the search. */
export default function ParentSaveSearch({ form }: { form: SearchForm }) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveSearch();
  const criteria = criteriaOfForm(form);
  const description = criteria ? describeSearch(criteria) : '';

  const close = () => {
    setOpened(false);
    save.reset();
  };
  const open = () => {
    setName('');
    save.reset();
    setOpened(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!criteria) return;
    save.mutate(
      { name: name.trim() === '' ? undefined : name, search: criteria },
      {
        onSuccess: () => {
          setOpened(false);
          notifications.show({ color: 'leaf', message: messages.savedSearchSaved });
        },
      },
    );
  };
  const error = save.error;
  const nameError = error instanceof ApiError ? error.fields?.name : undefined;

  return (
    <>
      <Button variant="light" leftSection={saveSearchIcon} onClick={open} disabled={!criteria}>
        {SAVE_SEARCH_LABEL}
      </Button>
      <AppModal opened={opened} onClose={close} title={SAVE_SEARCH_LABEL} size="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="gray.8">
              Once a week we e-mail you the new sessions that match. You can turn that off, or remove the
              search, on your Saved page.
            </Text>
            <TextInput
              label="Name"
              description={`Leave it empty to call it “${description}”.`}
              placeholder={description}
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              data-autofocus
            />
            {error && !nameError ? (
              <Alert color="red" variant="light" role="alert">
                {error.message}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="sun" loading={save.isPending}>
                Save search
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
