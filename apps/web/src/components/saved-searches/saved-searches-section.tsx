import type { SavedSearch } from '@campwise/contract/saved-searches';
import { Box, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRemoveSavedSearch, useSavedSearches, useSetDigest } from '../../api/saved-searches.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { savedSearchPath } from './saved-search-text.ts';

export const SAVED_SEARCHES_HEADING_ID = 'saved-searches';

interface SavedSearchCardProps {
  search: SavedSearch;
  /** The e-mail switch's value on its way to the server, if any; the remove button's state. */
  busy: { digest: boolean | null; removing: boolean };
  onDigest: (search: SavedSearch, digest: boolean) => void;
  onRemove: (search: SavedSearch) => void;
}

function SavedSearchCard({ search, busy, onDigest, onRemove }: SavedSearchCardProps) {
  return (
    <Card component="article" padding="lg" aria-label={search.name}>
      <Stack gap="sm">
        <Box style={{ minWidth: 0 }}>
          <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            {search.name}
          </Title>
          {search.description !== search.name ? (
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {search.description}
            </Text>
          ) : null}
        </Box>
        <Switch
          label="Weekly e-mail of new sessions"
          description={
            search.digest
              ? 'We write once a week when new sessions match.'
              : 'Off: no e-mails for this search.'
          }
          checked={busy.digest ?? search.digest}
          // Not disabled while a change is on its way: that would take the focus away.
          onChange={(event) => {
            if (busy.digest === null) onDigest(search, event.currentTarget.checked);
          }}
          color="leaf"
        />
        <Group gap="sm">
          <Button
            component={Link}
            to={savedSearchPath(search.criteria)}
            size="sm"
            color="sun"
            leftSection={<IconSearch size={16} aria-hidden />}
            aria-label={`Open ${search.name}`}
          >
            Open
          </Button>
          <Button
            variant="default"
            size="sm"
            loading={busy.removing}
            onClick={() => onRemove(search)}
            aria-label={`Remove ${search.name}`}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The Saved page's searches: run one again, turn its weekly e-mail on or off, or remove it. */
export function SavedSearchesSection() {
  const searches = useSavedSearches();
  const setDigest = useSetDigest();
  const remove = useRemoveSavedSearch();

  const onDigest = (search: SavedSearch, digest: boolean) =>
    setDigest.mutate(
      { id: search.id, digest },
      {
        onSuccess: () =>
          notifications.show({
            color: 'leaf',
            message: digest
              ? `We will e-mail you new sessions for “${search.name}” once a week.`
              : `No more e-mails for “${search.name}”.`,
          }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  const onRemove = (search: SavedSearch) =>
    remove.mutate(search, {
      onSuccess: () => {
        notifications.show({ color: 'leaf', message: `“${search.name}” removed.` });
        document.getElementById(SAVED_SEARCHES_HEADING_ID)?.focus();
      },
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={SAVED_SEARCHES_HEADING_ID}>
      <Title order={2} fz="h3" c="leaf.8" id={SAVED_SEARCHES_HEADING_ID} tabIndex={-1}>
        Saved searches
      </Title>
      <QueryState
        query={searches}
        skeleton={
          <LoadingSkeleton label="Loading your saved searches" gap="sm">
            <Skeleton height={150} radius="lg" />
          </LoadingSkeleton>
        }
        errorMessage="We could not load your saved searches."
        empty={
          <Text c="gray.7">
            No saved searches yet. On the search results, choose “Save this search” and we will e-mail you new
            sessions that match once a week.
          </Text>
        }
      >
        {(saved) =>
          saved.map((search) => (
            <SavedSearchCard
              key={search.id}
              search={search}
              busy={{
                digest:
                  setDigest.isPending && setDigest.variables?.id === search.id
                    ? setDigest.variables.digest
                    : null,
                removing: remove.isPending && remove.variables?.id === search.id,
              }}
              onDigest={onDigest}
              onRemove={onRemove}
            />
          ))
        }
      </QueryState>
    </Stack>
  );
}
