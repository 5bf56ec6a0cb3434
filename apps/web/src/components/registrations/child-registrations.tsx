import { formatMoney } from '@campwise/contract/format';
import {
  type ParentRegistration,
  type RegistrationStatus,
  registrationStatusLabels,
} from '@campwise/contract/registrations';
import { dailyTimesOf } from '@campwise/contract/session-text';
import { Anchor, Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useChildRegistrations } from '../../api/children.ts';
import { campDatesText } from '../camps/camp-text.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';

/** Places held or waited for stand out; ones that are over are quiet. */
const statusBadges: Record<RegistrationStatus, { color: string; variant: 'light' | 'default' }> = {
  pending_payment: { color: 'sun', variant: 'light' },
  confirmed: { color: 'leaf', variant: 'light' },
  waitlisted: { color: 'sun', variant: 'light' },
  offered: { color: 'sun', variant: 'light' },
  cancelled: { color: 'gray', variant: 'default' },
  offer_expired: { color: 'gray', variant: 'default' },
  payment_failed: { color: 'red', variant: 'light' },
};

function RegistrationRow({ registration }: { registration: ParentRegistration }) {
  return (
    <Box
      component="li"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/camps/${registration.campId}`} fw={700}>
            {registration.campName}
          </Anchor>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {registration.sessionName}
          </Text>
          <Text size="sm" c="gray.7">
            {campDatesText({ ...registration, dailyTimes: dailyTimesOf(registration) })}
            {registration.amountCents > 0 ? ` · ${formatMoney(registration.amountCents)}` : null}
          </Text>
        </Stack>
        <Badge {...statusBadges[registration.status]}>{registrationStatusLabels[registration.status]}</Badge>
      </Group>
    </Box>
  );
}

/** A camper's registrations and waitlist places, on the camper's page. */
export function ChildRegistrations({ childId }: { childId: number }) {
  const registrations = useChildRegistrations(childId);

  const body = (
    <QueryState
      query={registrations}
      skeleton={
        <LoadingSkeleton label="Loading registrations" gap="sm">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </LoadingSkeleton>
      }
      errorMessage="We could not load the registrations."
      empty={
        <Stack gap="xs" align="flex-start">
          <Text c="gray.7">No registrations yet</Text>
          <Button component={Link} to="/search" variant="light">
            Find a camp
          </Button>
        </Stack>
      }
    >
      {(places) => (
        <Box component="ul" m={0} p={0}>
          {places.map((registration) => (
            <RegistrationRow key={registration.id} registration={registration} />
          ))}
        </Box>
      )}
    </QueryState>
  );

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz="h3">
            Registrations
          </Title>
          <Anchor component={Link} to="/camper/registrations" size="sm" fw={600}>
            Manage registrations
          </Anchor>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
