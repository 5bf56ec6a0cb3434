import type { RosterForms } from '@campwise/contract/camp-forms';
import { SHIRT_SIZE_LABELS } from '@campwise/contract/children';
import { formatMomentDay } from '@campwise/contract/format';
import type { RosterEntry } from '@campwise/contract/registrations';
import { Divider, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from '../app-modal.module.css';
import { hasRosterForms, RosterEntryFormsView } from '../camp-forms/roster-entry-forms.tsx';
import { AttendanceSummary } from '../check-in/attendance-summary.tsx';
import { RosterHealth } from '../health-profiles/roster-health.tsx';
import { LabelledPart } from '../orgs/org-details.tsx';
import {
  childName,
  type EntryActions,
  FormsBadge,
  ParentContact,
  PlaceActions,
  paidText,
} from './roster-parts.tsx';
import { RegistrationStatusBadge } from './status-badge.tsx';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

interface RosterEntryPanelProps extends EntryActions {
  /** The entry shown; it stays set while the panel closes, so its words do not change as it slides. */
  entry: RosterEntry | null;
  opened: boolean;
  onClose: () => void;
  forms: RosterForms;
}

/**
 * Everything about one camper beside the roster: health, days at camp, the family's answers and
 * waivers, the parent, and what the host may do. The roster's rows stay one line each, so a
 * roster of sixty campers fits a few screens.
 */
export function RosterEntryPanel({ entry, opened, onClose, forms, ...actions }: RosterEntryPanelProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (!entry) return null;
  const waiting = entry.waitlistPosition !== null;
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'md'}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header role="none">
          <Drawer.Title className={classes.title}>{childName(entry)}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="lg">
            <Group gap="xs">
              <RegistrationStatusBadge status={entry.status} />
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {waiting ? `Number ${entry.waitlistPosition} on the waitlist for ` : ''}
                {entry.sessionName}
              </Text>
            </Group>
            <SimpleGrid cols={3} spacing="sm">
              <LabelledPart label="Age">
                <Text size="sm">{entry.age}</Text>
              </LabelledPart>
              <LabelledPart label="Shirt">
                <Text size="sm">{SHIRT_SIZE_LABELS[entry.shirtSize]}</Text>
              </LabelledPart>
              <LabelledPart label={waiting ? 'Joined' : 'Paid'}>
                <Text size="sm">{waiting ? formatMomentDay(entry.registeredAt) : paidText(entry)}</Text>
              </LabelledPart>
            </SimpleGrid>
            {waiting ? null : (
              <Part title="Health">
                <RosterHealth entry={entry} />
              </Part>
            )}
            {waiting ? null : (
              <Part title="Attendance">
                <AttendanceSummary days={entry.attendance} />
              </Part>
            )}
            {hasRosterForms(forms) ? (
              <Part title="Answers and waivers">
                <FormsBadge missing={entry.forms.missing} labelled />
                <RosterEntryFormsView columns={forms} forms={entry.forms} />
              </Part>
            ) : null}
            <Part title="Parent">
              <ParentContact entry={entry} onMessage={actions.onMessage} />
            </Part>
            <Divider />
            <PlaceActions entry={entry} {...actions} />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
