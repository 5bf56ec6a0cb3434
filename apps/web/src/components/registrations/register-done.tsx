import type { CampDetail } from '@campwise/contract/camps';
import { formatMoney } from '@campwise/contract/format';
import { type RegistrationOutcome, registrationStatusLabels } from '@campwise/contract/registrations';
import type { CampSession } from '@campwise/contract/sessions';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Illustration } from '../illustration.tsx';
import { ReceiptLink } from '../receipts/receipt-link.tsx';
import { CampSummary } from './camp-summary.tsx';

type OutcomeLine = NonNullable<RegistrationOutcome['lines']>[number];

/** A basket's outcome line by line: confirmed with what it cost, or on the waitlist. */
function OutcomeLines({ lines, showSessions }: { lines: OutcomeLine[]; showSessions: boolean }) {
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
          <Box style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {line.childName}
            </Text>
            {showSessions ? (
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {line.sessionName}
              </Text>
            ) : null}
          </Box>
          <Text ta="right" fw={600} c={line.placement === 'place' ? 'leaf.8' : 'sun.9'}>
            {line.placement === 'place'
              ? `${registrationStatusLabels.confirmed} · ${formatMoney(line.amountCents)}`
              : registrationStatusLabels.waitlisted}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

interface RegisterDoneProps {
  outcome: RegistrationOutcome;
  /** What happened, in a sentence or two. */
  summary: string;
  camp: CampDetail | undefined;
  session: CampSession | undefined;
  /** A camp with several sessions names each line's session. */
  showSessions: boolean;
}

/** What happened, in place of the form: registered and paid, or waiting for a spot. */
export function RegisterDone({ outcome, summary, camp, session, showSessions }: RegisterDoneProps) {
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
        {lines.length > 1 ? <OutcomeLines lines={lines} showSessions={showSessions} /> : null}
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
