import { formatMoney } from '@campwise/contract/format';
import type { Maybe } from '@campwise/contract/planner';
import { spotsLeftText } from '@campwise/contract/session-text';
import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useChildren } from '../../api/children.ts';
import { useMaybes, useRemoveMaybe } from '../../api/maybes.ts';
import { campPlaceText } from '../../components/camps/camp-text.ts';
import { Illustration } from '../../components/illustration.tsx';
import {
  maybeRemovedText,
  maybesByChild,
  maybeTitle,
  NO_LONGER_AVAILABLE,
  namesSession,
  registerMaybeLabel,
  removeMaybeLabel,
} from '../../components/maybes/maybe-text.ts';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';
import { registerPath } from '../../components/registrations/register-path.ts';
import { SavedSearchesSection } from '../../components/saved-searches/saved-searches-section.tsx';
import { FindCampButton } from '../../components/search/find-camp-button.tsx';
import { SessionWhen } from '../../components/sessions/session-when.tsx';

const childHeadingId = (childId: number) => `saved-child-${childId}`;

interface MaybeCardProps {
  maybe: Maybe;
  childName: string;
  removing: boolean;
  onRemove: (maybe: Maybe) => void;
}

function MaybeCard({ maybe, childName, removing, onRemove }: MaybeCardProps) {
  const title = maybeTitle(maybe);
  return (
    <Card component="article" padding="lg" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Box style={{ minWidth: 0 }}>
            <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/camps/${maybe.campId}`} inherit>
                {maybe.campName}
              </Anchor>
            </Title>
            {namesSession(maybe) ? (
              <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                {maybe.sessionName}
              </Text>
            ) : null}
            <Text size="sm" c="gray.7">
              {campPlaceText(maybe)}
            </Text>
          </Box>
          <Text fw={800}>{formatMoney(maybe.priceCents)}</Text>
        </Group>
        <SessionWhen session={maybe} />
        {maybe.bookable ? (
          <Text size="sm" fw={700} c={maybe.spotsLeft > 0 ? 'leaf.8' : 'sun.9'}>
            {spotsLeftText(maybe)}
          </Text>
        ) : (
          <Text size="sm" fw={700} c="gray.8">
            {NO_LONGER_AVAILABLE}
          </Text>
        )}
        <Group gap="sm" mt={4}>
          {maybe.bookable ? (
            <Button
              component={Link}
              to={registerPath(maybe.campId, true, maybe.sessionId)}
              color="sun"
              size="sm"
              leftSection={<IconPencilPlus size={18} aria-hidden />}
              aria-label={registerMaybeLabel(title)}
            >
              Register
            </Button>
          ) : null}
          <Button
            variant="default"
            size="sm"
            loading={removing}
            onClick={() => onRemove(maybe)}
            aria-label={removeMaybeLabel(title, childName)}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Loading your saved sessions</VisuallyHidden>
      <Skeleton height={28} width={160} />
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} height={170} radius="lg" />
      ))}
    </Stack>
  );
}

function EmptyState() {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="binoculars" width={240} height={180} />
        <Title order={2}>No saved sessions yet</Title>
        <Text c="gray.7" maw={460}>
          Not ready to register yet? Tap the heart beside a session on a camp’s page and it waits here for
          you, with the spots still left.
        </Text>
        <Button component={Link} to="/search" color="sun" leftSection={<IconSearch size={18} aria-hidden />}>
          Search camps
        </Button>
      </Stack>
    </Card>
  );
}

/** Sessions saved as maybes, child by child, to register for or let go. */
export default function SavedSessions() {
  const maybes = useMaybes();
  const children = useChildren();
  const remove = useRemoveMaybe();

  const onRemove = (maybe: Maybe, childName: string) =>
    remove.mutate(maybe, {
      onSuccess: () => {
        notifications.show({ color: 'leaf', message: maybeRemovedText(maybeTitle(maybe), childName) });
        // The card is gone: the focus goes to its child's heading, or to the page's when none is left.
        const heading =
          document.getElementById(childHeadingId(maybe.childId)) ?? document.querySelector('h1');
        heading?.focus();
      },
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });

  const groups = maybesByChild(maybes.data ?? [], children.data ?? []);

  return (
    <PageFrame
      title="Saved Sessions"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description="Sessions you are thinking about for each child, with the spots left in them now, and the searches we watch for you."
      actions={<FindCampButton />}
    >
      <Stack gap="xl">
        {maybes.isPending || children.isPending ? (
          <ListSkeleton />
        ) : maybes.error || children.error ? (
          <LoadError
            message="We could not load your saved sessions."
            onRetry={() => Promise.all([maybes.refetch(), children.refetch()])}
          />
        ) : groups.length === 0 ? (
          <EmptyState />
        ) : (
          <Stack gap="xl">
            {groups.map(({ child, maybes: childMaybes }) => (
              <Stack key={child.id} gap="sm" component="section" aria-labelledby={childHeadingId(child.id)}>
                <Title order={2} fz="h3" c="leaf.8" id={childHeadingId(child.id)} tabIndex={-1}>
                  {child.firstName} {child.lastName}
                </Title>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                  {childMaybes.map((maybe) => (
                    <MaybeCard
                      key={maybe.id}
                      maybe={maybe}
                      childName={child.firstName}
                      removing={remove.isPending && remove.variables?.id === maybe.id}
                      onRemove={(item) => onRemove(item, child.firstName)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            ))}
          </Stack>
        )}
        <SavedSearchesSection />
      </Stack>
    </PageFrame>
  );
}
