import { brandName } from '@campwise/contract/cards';
import { formatMoment } from '@campwise/contract/format';
import {
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlarm, IconCalendarEvent, IconCreditCard, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSavedCards } from '../../api/cards.ts';
import { useMyRegistrations } from '../../api/registrations.ts';
import { campDatesText } from '../camps/camp-text.ts';
import { LoadError } from '../page/page-state.tsx';

import { type FamilyTodo, familyTodos, upcomingByChild } from './family-summary.ts';

function TodoItem({ todo }: { todo: FamilyTodo }) {
  if (todo.kind === 'offer') {
    const { registration } = todo;
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="sun" variant="light" radius="xl" aria-hidden>
          <IconAlarm size={18} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            A spot at {registration.campName} is held for {registration.childName.split(' ')[0]}
          </Text>
          <Text size="sm" c="gray.7">
            Pay by {formatMoment(todo.expiresAt, { weekday: 'long' })} to keep it.{' '}
            <Anchor
              component={Link}
              to={`/camps/${registration.campId}/register?session=${registration.sessionId}`}
              fw={700}
            >
              Pay for the spot
            </Anchor>
          </Text>
        </Stack>
      </Group>
    );
  }
  const { card } = todo;
  const name = `${brandName(card.brand)} ending in ${card.last4}`;
  const month = `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon color={todo.kind === 'card-expired' ? 'red' : 'sun'} variant="light" radius="xl" aria-hidden>
        <IconCreditCard size={18} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={700}>
          {todo.kind === 'card-expired' ? `Your ${name} has expired` : `Your ${name} expires ${month}`}
        </Text>
        <Text size="sm" c="gray.7">
          Add a new card so your next registration goes through.{' '}
          <Anchor component={Link} to="/camper/cards" fw={700}>
            Manage cards
          </Anchor>
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * Above the spec's three tiles: what needs the parent now (held spots, cards running out) and
 * each child's next camps.
 */
export function FamilyOverview() {
  const registrations = useMyRegistrations();
  const cards = useSavedCards();

  if (registrations.isPending || cards.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true">
        <Skeleton h={140} radius="lg" />
        <Skeleton h={140} radius="lg" />
      </SimpleGrid>
    );
  }
  if (registrations.error || cards.error) {
    return (
      <Card>
        <LoadError
          message="We could not load your family’s camps just now."
          onRetry={() => {
            void registrations.refetch();
            void cards.refetch();
          }}
        />
      </Card>
    );
  }

  const todos = familyTodos(registrations.data, cards.data, new Date());
  const children = upcomingByChild(registrations.data);
  return (
    <Stack gap="lg">
      {todos.length > 0 ? (
        <Card component="section" aria-labelledby="todo-heading" p={{ base: 'md', sm: 'lg' }} bg="sun.0">
          <Stack gap="md">
            <Title order={2} fz="h3" id="todo-heading">
              Waiting on you
            </Title>
            {todos.map((todo) => (
              <TodoItem
                key={todo.kind === 'offer' ? `offer-${todo.registration.id}` : `card-${todo.card.id}`}
                todo={todo}
              />
            ))}
          </Stack>
        </Card>
      ) : null}
      <Card component="section" aria-labelledby="upcoming-heading" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} fz="h3" id="upcoming-heading">
            Coming up
          </Title>
          {children.length === 0 ? (
            <Group justify="space-between" gap="sm">
              <Text c="gray.7">No camps booked yet. Find one your children will love.</Text>
              <Button
                component={Link}
                to="/search"
                variant="light"
                leftSection={<IconSearch size={16} aria-hidden />}
              >
                Search camps
              </Button>
            </Group>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {children.map((child) => (
                <Stack key={child.childId} gap="xs" component="article" aria-label={child.childName}>
                  <Text fw={800}>{child.childName}</Text>
                  {child.registrations.map((registration) => (
                    <Group key={registration.id} gap="xs" wrap="nowrap" align="flex-start">
                      <IconCalendarEvent size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Anchor
                          component={Link}
                          to={`/camps/${registration.campId}`}
                          fw={700}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {registration.campName}
                        </Anchor>
                        <Text size="sm" c="gray.7">
                          {registration.sessionName} · {campDatesText(registration)}
                        </Text>
                      </Stack>
                    </Group>
                  ))}
                  {child.more > 0 ? (
                    <Anchor component={Link} to="/camper/registrations" size="sm">
                      and {child.more} more
                    </Anchor>
                  ) : null}
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
