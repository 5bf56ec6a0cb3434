import type { RosterForms } from '@campwise/contract/camp-forms';
import { formatMomentDay } from '@campwise/contract/format';
import type { RosterEntry } from '@campwise/contract/registrations';
import { Anchor, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconFirstAidKit } from '@tabler/icons-react';
import { hasRosterForms } from '../camp-forms/roster-entry-forms.tsx';
import { AllergyBadges } from '../health-profiles/health-summary.tsx';
import { hasHealthNeeds } from './roster-filter.ts';
import { childName, FormsBadge, paidText } from './roster-parts.tsx';
import { RegistrationStatusBadge } from './status-badge.tsx';

interface EntryListProps {
  entries: RosterEntry[];
  /** Waiting families: their place and when they joined; medical notes are shared only on registering. */
  waitlist: boolean;
  /** Every session of a camp with several is listed: each child's session is said. */
  showSession: boolean;
  /** The camp's questions and waivers (decision 029). */
  forms: RosterForms;
  /** Opens the entry's side panel, with everything else about the child. */
  onOpen: (entry: RosterEntry) => void;
}

/** The allergies at a glance; other needs (medication, a diet, a note) only as a pointer to the panel. */
function HealthAtGlance({ entry }: { entry: RosterEntry }) {
  const allergies = entry.health?.allergies ?? [];
  if (allergies.length > 0) return <AllergyBadges allergies={allergies} />;
  if (hasHealthNeeds(entry)) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconFirstAidKit size={16} aria-hidden />
        <Text size="sm">Health notes</Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="gray.7">
      None
    </Text>
  );
}

function DetailsButton({ entry, onOpen }: { entry: RosterEntry; onOpen: (entry: RosterEntry) => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      rightSection={<IconChevronRight size={16} aria-hidden />}
      onClick={() => onOpen(entry)}
      aria-label={`Details of ${childName(entry)}`}
    >
      Details
    </Button>
  );
}

/** Wide screens: one line per child, the rest in the side panel. */
function EntryTable({ entries, waitlist, showSession, forms, onOpen }: EntryListProps) {
  const withForms = hasRosterForms(forms);
  return (
    <Card padding={0} visibleFrom="md">
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing={6} horizontalSpacing="md" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {waitlist ? <Table.Th scope="col">Place</Table.Th> : null}
              <Table.Th scope="col">Child</Table.Th>
              {showSession ? <Table.Th scope="col">Session</Table.Th> : null}
              <Table.Th scope="col">Age</Table.Th>
              {waitlist ? null : <Table.Th scope="col">Health</Table.Th>}
              {withForms ? <Table.Th scope="col">Forms</Table.Th> : null}
              <Table.Th scope="col">Parent</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">{waitlist ? 'Joined' : 'Paid'}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Details</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.registrationId}>
                {waitlist ? <Table.Td>{entry.waitlistPosition}</Table.Td> : null}
                <Table.Th scope="row" fw={700} style={{ overflowWrap: 'anywhere', verticalAlign: 'middle' }}>
                  {childName(entry)}
                </Table.Th>
                {showSession ? (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.sessionName}</Table.Td>
                ) : null}
                <Table.Td>{entry.age}</Table.Td>
                {waitlist ? null : (
                  <Table.Td maw={240}>
                    <HealthAtGlance entry={entry} />
                  </Table.Td>
                )}
                {withForms ? (
                  <Table.Td>
                    <FormsBadge missing={entry.forms.missing} />
                  </Table.Td>
                ) : null}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{entry.parentName}</Text>
                  {entry.parentPhone ? (
                    <Anchor href={`tel:${entry.parentPhone}`} size="sm">
                      {entry.parentPhone}
                    </Anchor>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <RegistrationStatusBadge status={entry.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{waitlist ? formatMomentDay(entry.registeredAt) : paidText(entry)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <DetailsButton entry={entry} onOpen={onOpen} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phones: a short card per child, the rest in the side panel. */
function EntryCards({ entries, waitlist, showSession, forms, onOpen }: EntryListProps) {
  const withForms = hasRosterForms(forms);
  return (
    <Stack gap="xs" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Card component="li" key={entry.registrationId} padding="sm">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
                {waitlist ? `${entry.waitlistPosition}. ` : ''}
                {childName(entry)}
              </Title>
              <RegistrationStatusBadge status={entry.status} />
            </Group>
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              Age {entry.age} · {entry.parentName}
              {showSession ? ` · ${entry.sessionName}` : ''}
            </Text>
            <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
              <Group gap={6}>
                {withForms ? <FormsBadge missing={entry.forms.missing} labelled /> : null}
                {waitlist || !hasHealthNeeds(entry) ? null : <HealthAtGlance entry={entry} />}
              </Group>
              <DetailsButton entry={entry} onOpen={onOpen} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function RosterSection({
  title,
  empty,
  total,
  ...list
}: EntryListProps & {
  title: string;
  empty: string;
  /** Entries before the search and filter; the heading says "3 of 40" while they narrow it. */
  total: number;
}) {
  const headingId = `roster-${title.toLowerCase()}`;
  const shown = list.entries.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h3" id={headingId}>
        {title} ({shown === total ? total : `${shown} of ${total}`})
      </Title>
      {shown === 0 ? (
        <Card padding="lg">
          <Text c="gray.7">{total === 0 ? empty : 'No camper here matches the search or filter.'}</Text>
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
