import { formatDate, formatMoment, formatMoney } from '@campwise/contract/format';
import { type HostToday, MONEY_DUE_DAYS, type TodaySession } from '@campwise/contract/host-today';
import { Anchor, Badge, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUnreadCount } from '../../api/conversations.ts';
import { useHostToday } from '../../api/host-today.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { ListRow } from '../teams/list-row.tsx';

/** Campers whose family still owes the camp's questions or waivers something. */
const formsMissingText = (count: number) =>
  count === 1 ? '1 camper missing forms' : `${count} campers missing forms`;

const sessionLabel = (session: TodaySession) =>
  session.sessionName ? `${session.campName} · ${session.sessionName}` : session.campName;

function SessionRow({ session }: { session: TodaySession }) {
  const today = session.meetsOn === session.today;
  const nameId = `today-session-${session.sessionId}`;
  return (
    <ListRow
      nameId={nameId}
      title={sessionLabel(session)}
      badges={
        <>
          <Badge color={today ? 'leaf' : 'gray'} variant="light" size="sm">
            {today ? 'Today' : formatDate(session.meetsOn, { weekday: 'short' })}
          </Badge>
          {session.formsMissing > 0 ? (
            <Badge color="sun.9" variant="light" size="sm">
              {formsMissingText(session.formsMissing)}
            </Badge>
          ) : null}
        </>
      }
      actions={
        <Button
          component={Link}
          to={`/host/sessions/${session.sessionId}/check-in`}
          color={today ? 'sun' : undefined}
          variant={today ? 'filled' : 'light'}
          leftSection={<IconClipboardCheck size={18} aria-hidden />}
          aria-label={`Check-in of ${sessionLabel(session)}`}
        >
          Check-in
        </Button>
      }
    >
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {session.orgName} · {session.places === 1 ? '1 camper' : `${session.places} campers`}
        {today ? ` · ${session.checkedIn} checked in` : ''}
      </Text>
    </ListRow>
  );
}

/** One figure of the week, with where to act on it (when there is something to act on). */
function Figure({
  label,
  value,
  link = null,
  note = null,
}: {
  label: string;
  value: number | string;
  link?: { to: string; action: string } | null;
  note?: string | null;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="h2" fw={800} lh={1.1}>
        {value}
      </Text>
      {link ? (
        <Anchor component={Link} to={link.to} size="sm" fw={600}>
          {link.action}
        </Anchor>
      ) : null}
      {note ? (
        <Text size="sm" c="gray.7">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

function NewPlaces({ places }: { places: HostToday['newPlaces'] }) {
  if (places.latest.length === 0) return null;
  return (
    <Box component="ul" m={0} p={0} aria-label="Latest places booked">
      {places.latest.map((place) => (
        <Group
          component="li"
          key={place.registrationId}
          justify="space-between"
          gap="xs"
          py={6}
          style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={700}>
              {place.childFirstName}
            </Text>{' '}
            for{' '}
            <Anchor component={Link} to={`/host/camp/${place.campId}/roster`} inherit>
              {place.sessionName ? `${place.campName} · ${place.sessionName}` : place.campName}
            </Anchor>
          </Text>
          <Text size="xs" c="gray.7">
            {formatMoment(place.at, { compact: true })}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

const instalmentsText = (count: number, what: string) =>
  count === 0 ? 'None' : `${count === 1 ? '1 instalment' : `${count} instalments`}, ${what}`;

/**
 * The top of a host's home (decision 066): the sessions meeting today, each one tap from its
 * check-in, then later this week; the week's new places and the unread messages.
 */
export function TodaySection() {
  const today = useHostToday();
  const unread = useUnreadCount();
  return (
    <SectionCard
      title="Today and this week"
      headingId="host-today-heading"
      description="Open a session to check children in and out."
      gap="sm"
    >
      <QueryState
        query={today}
        skeleton={
          <LoadingSkeleton label="Loading today" gap="sm">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </LoadingSkeleton>
        }
        errorMessage="We could not load today's sessions."
      >
        {(home) => (
          <Stack gap="md">
            {home.sessions.length === 0 ? (
              <Text c="gray.7" size="sm">
                No sessions meet today or in the next six days.
              </Text>
            ) : (
              <Box component="ul" m={0} p={0} aria-label="Sessions today and this week">
                {home.sessions.map((session) => (
                  <SessionRow key={session.sessionId} session={session} />
                ))}
              </Box>
            )}
            <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="md">
              <Figure
                label="New places this week"
                value={home.newPlaces.count}
                link={
                  home.newPlaces.latest[0]
                    ? {
                        to: `/host/camp/${home.newPlaces.latest[0].campId}/roster`,
                        action: 'Open the latest roster',
                      }
                    : null
                }
              />
              <Figure
                label="Unread messages"
                value={unread.data ?? 0}
                link={unread.data ? { to: '/host/messages', action: 'Open messages' } : null}
              />
              {home.moneyDue ? (
                <>
                  <Figure
                    label={`Instalments due in ${MONEY_DUE_DAYS} days`}
                    value={formatMoney(home.moneyDue.dueSoonCents)}
                    note={instalmentsText(home.moneyDue.dueSoonCount, 'charged by themselves on their day')}
                  />
                  <Figure
                    label="Failed instalments"
                    value={formatMoney(home.moneyDue.failedCents)}
                    note={instalmentsText(home.moneyDue.failedCount, 'tried again, and the family e-mailed')}
                  />
                </>
              ) : null}
            </SimpleGrid>
            <NewPlaces places={home.newPlaces} />
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  );
}
