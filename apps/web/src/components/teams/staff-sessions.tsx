import { formatDateRange } from '@campwise/contract/format';
import type { StaffSession } from '@campwise/contract/teams';
import { Badge, Box, Button, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus, IconClipboardCheck } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useStaffSessions } from '../../api/teams.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { ListRow } from './list-row.tsx';
import { SessionCalendarModal } from './session-calendar-modal.tsx';

const sessionLabel = (session: StaffSession) => session.sessionName ?? session.campName;
/** The camp and its session, as the row's title says them. */
const fullName = (session: StaffSession) =>
  `${session.campName}${session.sessionName ? ` · ${session.sessionName}` : ''}`;

function whenText(session: StaffSession): string {
  if (session.startDate === null) return 'Year-round';
  return formatDateRange(session.startDate, session.endDate);
}

function StaffSessionRow({ session }: { session: StaffSession }) {
  const nameId = `staff-session-${session.sessionId}`;
  const [calendarOpen, calendar] = useDisclosure(false);
  return (
    <ListRow
      nameId={nameId}
      title={fullName(session)}
      badges={
        session.runsToday ? (
          <Badge color="leaf" variant="light" size="sm">
            Today
          </Badge>
        ) : null
      }
      actions={
        <>
          {session.startDate === null ? null : (
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
              onClick={calendar.open}
              aria-label={`Calendar of ${fullName(session)}`}
            >
              Calendar
            </Button>
          )}
          <Button
            component={Link}
            to={checkInPath(session)}
            color={session.runsToday ? 'sun' : undefined}
            variant={session.runsToday ? 'filled' : 'light'}
            leftSection={<IconClipboardCheck size={18} aria-hidden />}
            aria-label={`Check-in of ${sessionLabel(session)}`}
          >
            Check-in
          </Button>
          <SessionCalendarModal
            sessionId={session.sessionId}
            name={fullName(session)}
            opened={calendarOpen}
            onClose={calendar.close}
          />
        </>
      }
    >
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {session.orgName} · {whenText(session)}
      </Text>
    </ListRow>
  );
}

/** The navigation state of the dashboard right after a sign-in. */
export const SIGNED_IN_STATE = { signedIn: true } as const;

export const isSignedInState = (state: unknown) =>
  typeof state === 'object' && state !== null && 'signedIn' in state && state.signedIn === true;

const checkInPath = (session: StaffSession) => `/host/sessions/${session.sessionId}/check-in`;

/**
 * A staff member's sessions on their home (decision 057): the ones they are assigned to that
 * have not ended, today's first, each with its check-in. Someone who is only staff and has
 * just signed in lands straight on the check-in of the one session they work today.
 */
export function StaffSessions({ landOnToday = false }: { landOnToday?: boolean }) {
  const sessions = useStaffSessions();
  const today = sessions.data?.filter((session) => session.runsToday) ?? [];
  if (landOnToday && today.length === 1 && today[0]) return <Navigate to={checkInPath(today[0])} replace />;
  return (
    <SectionCard
      title="Your sessions"
      headingId="staff-sessions-heading"
      description="The sessions you work as staff. Open one to check children in and out."
      gap="xs"
    >
      <QueryState
        query={sessions}
        skeleton={
          <LoadingSkeleton label="Loading your sessions" gap="sm">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </LoadingSkeleton>
        }
        errorMessage="We could not load your sessions."
        empty={
          <Text c="gray.7" size="sm">
            No sessions yet. The organization’s owner or a manager chooses the sessions you work.
          </Text>
        }
      >
        {(list) => (
          <Box component="ul" m={0} p={0}>
            {list.map((session) => (
              <StaffSessionRow key={session.sessionId} session={session} />
            ))}
          </Box>
        )}
      </QueryState>
    </SectionCard>
  );
}
