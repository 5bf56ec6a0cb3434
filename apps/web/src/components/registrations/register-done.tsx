import type { CampDetail } from '@campwise/contract/camps';
import { formatDateRange, formatMoney } from '@campwise/contract/format';
import { type RegistrationOutcome, registrationStatusLabels } from '@campwise/contract/registrations';
import type { CampSession } from '@campwise/contract/sessions';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { calendarDownload, useDownload } from '../../api/registrations.ts';
import { Illustration } from '../illustration.tsx';
import { ReceiptLink } from '../receipts/receipt-link.tsx';
import { CampSummary } from './camp-summary.tsx';

type OutcomeLine = NonNullable<RegistrationOutcome['lines']>[number];

/** A confirmed place's calendar file, for the phone's or computer's own calendar. */
function AddToCalendar({ line, label }: { line: OutcomeLine; label: string }) {
  const download = useDownload();
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<IconCalendarPlus size={16} aria-hidden />}
      aria-label={`Add ${label} to your calendar`}
      loading={download.isPending}
      onClick={() =>
        download.mutate(calendarDownload(line.registrationId), {
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        })
      }
    >
      Add to calendar
    </Button>
  );
}

/**
 * A basket's outcome line by line: who goes to which session and when, confirmed with what it
 * cost (and its calendar file) or on the waitlist.
 */
function OutcomeLines({
  lines,
  sessions,
  showSessions,
}: {
  lines: OutcomeLine[];
  sessions: readonly CampSession[];
  showSessions: boolean;
}) {
  return (
    <Box component="ul" w="100%" maw={520} m={0} p={0} ta="left" aria-label="What you booked">
      {lines.map((line) => (
        <Group
          component="li"
          key={line.registrationId}
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
        >
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {line.childName}
            </Text>
            {showSessions ? (
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {line.sessionName}
              </Text>
            ) : null}
            {datesOf(line, sessions) ? (
              <Text size="sm" c="gray.7">
                {datesOf(line, sessions)}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={6} align="flex-end">
            <Text ta="right" fw={600} c={line.placement === 'place' ? 'leaf.8' : 'sun.9'}>
              {line.placement === 'place'
                ? `${registrationStatusLabels.confirmed} · ${formatMoney(line.amountCents)}`
                : registrationStatusLabels.waitlisted}
            </Text>
            {line.placement === 'place' && datesOf(line, sessions) ? (
              <AddToCalendar line={line} label={`${line.childName}'s ${line.sessionName}`} />
            ) : null}
          </Stack>
        </Group>
      ))}
    </Box>
  );
}

/** The days a line's session runs, as every date is written; null for a year-round session. */
function datesOf(line: OutcomeLine, sessions: readonly CampSession[]): string | null {
  const session = sessions.find((candidate) => candidate.id === line.sessionId);
  return session?.startDate ? formatDateRange(session.startDate, session.endDate) : null;
}

interface RegisterDoneProps {
  outcome: RegistrationOutcome;
  /** What happened, in a sentence or two. */
  summary: string;
  camp: CampDetail | undefined;
  session: CampSession | undefined;
  /** The camp's sessions, whose dates each line shows. */
  sessions: readonly CampSession[];
  /** A camp with several sessions names each line's session. */
  showSessions: boolean;
}

/** What happened, in place of the form: registered and paid, or waiting for a spot. */
export function RegisterDone({ outcome, summary, camp, session, sessions, showSessions }: RegisterDoneProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waitlisted = outcome.status === 'waitlisted';
  const lines = outcome.lines ?? [];
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name={waitlisted ? 'mailbox' : 'campfire'} width={240} height={180} />
        <Title order={2} ref={heading} tabIndex={-1}>
          {waitlisted ? 'You are on the waitlist' : 'You are registered!'}
        </Title>
        <Text maw={520}>{summary}</Text>
        {lines.length > 0 ? (
          <OutcomeLines lines={lines} sessions={sessions} showSessions={showSessions} />
        ) : null}
        {camp ? (
          <Box w="100%" maw={520} ta="left">
            <CampSummary camp={camp} session={session} />
          </Box>
        ) : null}
        {outcome.receiptNumber ? (
          <Text maw={520}>
            Receipt number <ReceiptLink number={outcome.receiptNumber} />. We e-mailed you a receipt.
          </Text>
        ) : null}
        <Group justify="center" gap="sm">
          <Button component={Link} to="/camper/registrations">
            My Registrations
          </Button>
          <Button component={Link} to="/search" variant="default">
            Find more camps
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
