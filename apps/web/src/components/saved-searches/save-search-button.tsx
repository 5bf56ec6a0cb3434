import { messages } from '@campwise/contract/messages';
import { describeSearch, SAVED_SEARCH_NAME_MAX } from '@campwise/contract/saved-searches';
import { type SearchForm, searchFormToParams } from '@campwise/contract/search';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSaveSearch } from '../../api/saved-searches.ts';
import { useSession } from '../../app/session.ts';
import { AppModal } from '../app-modal.tsx';
import { criteriaOfForm } from './saved-search-text.ts';

const LABEL = 'Save this search';
const icon = <IconBookmark size={18} aria-hidden />;

/**
 * "Save this search" on the results page: a parent names it in a small dialog and gets a weekly
 * e-mail of new sessions that match; a guest goes to log in and comes back to these results.
 * Hosts and administrators see nothing.
 */
export function SaveSearchButton({ form }: { form: SearchForm }) {
  const session = useSession();
  if (session === null) {
    const here = `/searchresults?${searchFormToParams(form).toString()}`;
    return (
      <Button
        component={Link}
        to={`/camper/login?returnTo=${encodeURIComponent(here)}`}
        variant="light"
        leftSection={icon}
      >
        {LABEL}
      </Button>
    );
  }
  if (session.userType !== 'camper') return null;
  return <ParentSaveSearch form={form} />;
}

function ParentSaveSearch({ form }: { form: SearchForm }) {
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
      <Button variant="light" leftSection={icon} onClick={open} disabled={!criteria}>
        {LABEL}
      </Button>
      <AppModal opened={opened} onClose={close} title={LABEL} size="md">
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
