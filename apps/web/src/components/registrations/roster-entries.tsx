import type { RosterForms } from '@campwise/contract/camp-forms';
import { SHIRT_SIZE_LABELS } from '@campwise/contract/children';
import { formatMoment, formatMomentDay, formatMoney } from '@campwise/contract/format';
import { hostCanCancel } from '@campwise/contract/life-cycles';
import type { RosterEntry } from '@campwise/contract/registrations';
import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BreakableText } from '../breakable-text.tsx';
import { hasRosterForms, RosterEntryFormsView } from '../camp-forms/roster-entry-forms.tsx';
import { AttendanceSummary } from '../check-in/attendance-summary.tsx';
import { RosterHealth } from '../health-profiles/roster-health.tsx';
import { SmallCapsLabel } from '../orgs/org-details.tsx';
import { RegistrationStatusBadge } from './status-badge.tsx';

export const childName = (entry: RosterEntry) => `${entry.childFirstName} ${entry.childLastName}`;

/** Paid less refunded, or what is happening to the money. */
function paidText(entry: RosterEntry): string {
  if (entry.status === 'pending_payment') return `Charging ${formatMoney(entry.amountCents)}`;
  if (entry.status === 'offered' && entry.offerExpiresAt) {
    return `Held until ${formatMoment(entry.offerExpiresAt, { compact: true })}`;
  }
  return formatMoney(entry.amountCents - entry.refundedCents);
}

/** The parent's name, telephone and e-mail, and a way to write to them in Messages. */
function ParentContact({
  entry,
  onMessage,
}: {
  entry: RosterEntry;
  /** Absent when the host's role has no messages with families (decision 057). */
  onMessage?: (entry: RosterEntry) => void;
}) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {entry.parentName}
      </Text>
      {entry.parentPhone ? (
        <Anchor href={`tel:${entry.parentPhone}`} size="sm">
          {entry.parentPhone}
        </Anchor>
      ) : null}
      {/* Broken only when nothing else fits, so a table column makes room for the whole address. */}
      <Anchor href={`mailto:${entry.parentEmail}`} size="sm">
        <BreakableText value={entry.parentEmail} />
      </Anchor>
      {onMessage ? (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconMessage size={16} aria-hidden />}
          onClick={() => onMessage(entry)}
          aria-label={`Message ${entry.parentName} about ${childName(entry)}`}
          style={{ alignSelf: 'flex-start' }}
          mt={4}
        >
          Message
        </Button>
      ) : null}
    </Stack>
  );
}

/** What the host may do with a row; each is absent when their role does not allow it (decision 057). */
interface EntryActions {
  onMessage?: (entry: RosterEntry) => void;
  onCancel?: (entry: RosterEntry) => void;
  onTransfer?: (entry: RosterEntry) => void;
}

/** Move (to another session) and Cancel, for the rows that allow them. */
function RowActions({ entry, onCancel, onTransfer }: EntryActions & { entry: RosterEntry }) {
  const canCancel = onCancel !== undefined && hostCanCancel(entry.status);
  const canTransfer = onTransfer !== undefined && entry.canTransfer;
  if (!canTransfer && !canCancel) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canTransfer ? (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onTransfer?.(entry)}
          aria-label={`Move ${childName(entry)} to another session`}
        >
          Move
        </Button>
      ) : null}
      {canCancel ? (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={() => onCancel?.(entry)}
          aria-label={`Cancel ${childName(entry)}'s registration`}
        >
          Cancel
        </Button>
      ) : null}
    </Group>
  );
}

/** One labelled value of a roster card on a phone. */
function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <SmallCapsLabel>{label}</SmallCapsLabel>
      {children}
    </Box>
  );
}

interface EntryListProps extends EntryActions {
  entries: RosterEntry[];
  /** Waiting families: their place and when they joined; medical notes are shared only on registering. */
  waitlist: boolean;
  /** Every session of a camp with several is listed: each child's session is said. */
  showSession: boolean;
  /** The camp's questions and waivers (decision 029). */
  forms: RosterForms;
}

/** Wide screens: a table with a column per fact. */
function EntryTable({ entries, waitlist, showSession, forms, ...actions }: EntryListProps) {
  return (
    <Card padding={0} visibleFrom="md">
      {/* With answers and waivers the table needs more room than a laptop's width: it scrolls
          sideways rather than squeezing names and answers into a word a line, with its scrollbar
          always shown, so the columns past the edge (what was paid, Cancel) are seen to be there. */}
      <Table.ScrollContainer
        minWidth={hasRosterForms(forms) ? 1320 : 1040}
        scrollAreaProps={{ type: 'always', offsetScrollbars: 'x' }}
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {waitlist ? <Table.Th scope="col">Place</Table.Th> : null}
              <Table.Th scope="col">Child</Table.Th>
              {showSession ? <Table.Th scope="col">Session</Table.Th> : null}
              <Table.Th scope="col">Age</Table.Th>
              <Table.Th scope="col">Shirt</Table.Th>
              {waitlist ? null : <Table.Th scope="col">Health</Table.Th>}
              {waitlist ? null : <Table.Th scope="col">Attendance</Table.Th>}
              {hasRosterForms(forms) ? <Table.Th scope="col">Answers and waivers</Table.Th> : null}
              <Table.Th scope="col">Parent</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">{waitlist ? 'Joined' : 'Paid'}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.registrationId}>
                {waitlist ? <Table.Td>{entry.waitlistPosition}</Table.Td> : null}
                <Table.Th scope="row" fw={700} miw={110} style={{ overflowWrap: 'anywhere' }}>
                  {childName(entry)}
                </Table.Th>
                {showSession ? (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.sessionName}</Table.Td>
                ) : null}
                <Table.Td>{entry.age}</Table.Td>
                <Table.Td>{SHIRT_SIZE_LABELS[entry.shirtSize]}</Table.Td>
                {waitlist ? null : (
                  <Table.Td maw={260}>
                    <RosterHealth entry={entry} />
                  </Table.Td>
                )}
                {waitlist ? null : (
                  <Table.Td maw={220}>
                    <AttendanceSummary days={entry.attendance} />
                  </Table.Td>
                )}
                {hasRosterForms(forms) ? (
                  <Table.Td miw={200} maw={280}>
                    <RosterEntryFormsView columns={forms} forms={entry.forms} />
                  </Table.Td>
                ) : null}
                <Table.Td miw={190}>
                  <ParentContact entry={entry} onMessage={actions.onMessage} />
                </Table.Td>
                <Table.Td>
                  <RegistrationStatusBadge status={entry.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{waitlist ? formatMomentDay(entry.registeredAt) : paidText(entry)}</Text>
                </Table.Td>
                <Table.Td>
                  <RowActions entry={entry} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phones: a card per child, every fact labelled. */
function EntryCards({ entries, waitlist, showSession, forms, ...actions }: EntryListProps) {
  return (
    <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Card component="li" key={entry.registrationId} padding="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
                {waitlist ? `${entry.waitlistPosition}. ` : ''}
                {childName(entry)}
              </Title>
              <RegistrationStatusBadge status={entry.status} />
            </Group>
            {showSession ? (
              <CardFact label="Session">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.sessionName}
                </Text>
              </CardFact>
            ) : null}
            <SimpleGrid cols={2} spacing="sm">
              <CardFact label="Age">
                <Text size="sm">{entry.age}</Text>
              </CardFact>
              <CardFact label="Shirt">
                <Text size="sm">{SHIRT_SIZE_LABELS[entry.shirtSize]}</Text>
              </CardFact>
            </SimpleGrid>
            {waitlist ? null : (
              <CardFact label="Health">
                <RosterHealth entry={entry} />
              </CardFact>
            )}
            {waitlist ? null : (
              <CardFact label="Attendance">
                <AttendanceSummary days={entry.attendance} />
              </CardFact>
            )}
            {hasRosterForms(forms) ? (
              <CardFact label="Answers and waivers">
                <RosterEntryFormsView columns={forms} forms={entry.forms} />
              </CardFact>
            ) : null}
            <CardFact label="Parent">
              <ParentContact entry={entry} onMessage={actions.onMessage} />
            </CardFact>
            <CardFact label={waitlist ? 'Joined' : 'Paid'}>
              <Text size="sm">{waitlist ? formatMomentDay(entry.registeredAt) : paidText(entry)}</Text>
            </CardFact>
            <RowActions entry={entry} {...actions} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function RosterSection({ title, empty, ...list }: EntryListProps & { title: string; empty: string }) {
  const headingId = `roster-${title.toLowerCase()}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h3" id={headingId}>
        {title} ({list.entries.length})
      </Title>
      {list.entries.length === 0 ? (
        <Card padding="lg">
          <Text c="gray.7">{empty}</Text>
        </Card>
      ) : (
        <>
          <EntryTable {...list} />
          <EntryCards {...list} />
        </>
      )}
    </Stack>
  );
}
