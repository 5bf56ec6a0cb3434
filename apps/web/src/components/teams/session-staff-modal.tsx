import type { SessionStaffMember } from '@campwise/contract/teams';
import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useChangeSessionStaff, useSessionStaff } from '../../api/teams.ts';
import { AppModal } from '../app-modal.tsx';
import { BreakableText } from '../breakable-text.tsx';
import { CalendarSubscribe } from '../calendar/calendar-subscribe.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { notify } from './notify.ts';
import { sessionCalendarUrl } from './session-calendar-modal.tsx';
import { memberName } from './team-text.ts';

interface StaffedSession {
  id: number;
  name: string;
  /** Null for a year-round camp's session, which has no days for a calendar. */
  startDate: string | null;
}

function PersonList({
  title,
  people,
  empty,
  action,
}: {
  title: string;
  people: SessionStaffMember[];
  empty: string;
  action: (person: SessionStaffMember) => React.ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {people.length === 0 ? (
        <Text size="sm" c="gray.7">
          {empty}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0}>
          {people.map((person) => (
            <Group
              component="li"
              key={person.userId}
              justify="space-between"
              gap="sm"
              py="xs"
              style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Box style={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {memberName(person)}
                </Text>
                <Text size="sm" c="gray.7">
                  <BreakableText value={person.email} />
                </Text>
              </Box>
              {action(person)}
            </Group>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/**
 * The staff who work a session, and the team's other staff who could (decision 057): staff
 * check in the children of the sessions they work, and see nothing else of the camp's families.
 */
export function SessionStaffModal({
  session,
  orgId,
  opened,
  onClose,
}: {
  session: StaffedSession | null;
  orgId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const sessionId = session?.id ?? Number.NaN;
  const staffing = useSessionStaff(sessionId, { enabled: opened });
  const change = useChangeSessionStaff(sessionId);
  const name = session?.name ?? '';

  const move = (person: SessionStaffMember, assign: boolean) =>
    change.mutate(
      { person, assign },
      {
        onSuccess: () =>
          notify(
            'leaf',
            assign
              ? `${memberName(person)} works ${name} now.`
              : `${memberName(person)} no longer works ${name}.`,
          ),
      },
    );
  // A refusal belongs to the session it was about: each opening starts without one.
  const { reset } = change;
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);
  const busyWith = (person: SessionStaffMember) =>
    change.isPending && change.variables?.person.userId === person.userId;

  return (
    <AppModal opened={opened} onClose={onClose} title={`Staff of ${name}`} size="md">
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          Staff check children in and out of the sessions they work. They do not see families’ contacts,
          payments or the roster.
        </Text>
        {change.error ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={change.variables?.assign ? 'Not assigned' : 'Not taken off'}
          >
            {change.error.message}
          </Alert>
        ) : null}
        <QueryState
          query={staffing}
          skeleton={
            <LoadingSkeleton label="Loading the session’s staff" gap="sm">
              <Skeleton height={48} />
              <Skeleton height={48} />
            </LoadingSkeleton>
          }
          errorMessage="We could not load the session’s staff."
        >
          {({ assigned, available }) =>
            assigned.length === 0 && available.length === 0 ? (
              <Text size="sm">
                There are no staff on the team yet.{' '}
                <Anchor component={Link} to={`/host/team/${orgId}`} fw={600}>
                  Invite staff from the Team page
                </Anchor>
                .
              </Text>
            ) : (
              <Stack gap="lg">
                <PersonList
                  title="Working this session"
                  people={assigned}
                  empty="Nobody yet."
                  action={(person) => (
                    <Button
                      variant="default"
                      loading={busyWith(person)}
                      onClick={() => move(person, false)}
                      aria-label={`Take ${memberName(person)} off ${name}`}
                    >
                      Take off
                    </Button>
                  )}
                />
                <PersonList
                  title="Other staff"
                  people={available}
                  empty="Every staff member of the team works this session."
                  action={(person) => (
                    <Button
                      variant="light"
                      loading={busyWith(person)}
                      onClick={() => move(person, true)}
                      aria-label={`Assign ${memberName(person)} to ${name}`}
                    >
                      Assign
                    </Button>
                  )}
                />
              </Stack>
            )
          }
        </QueryState>
        {session?.startDate ? (
          <Stack gap="xs" component="section" aria-labelledby="session-calendar-heading">
            <Title order={3} fz="h4" id="session-calendar-heading">
              Calendar for the staff
            </Title>
            <Text size="sm" c="gray.7">
              The session's days and hours, kept up to date, for everyone working it to subscribe to.
            </Text>
            <CalendarSubscribe url={sessionCalendarUrl(session.id)} />
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
