import type { RosterEntry } from '@campwise/contract/registrations';
import { Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFirstAidKit } from '@tabler/icons-react';
import { AppModal } from '../app-modal.tsx';
import { AllergyBadges, HealthSummary } from './health-summary.tsx';

/**
 * A roster line's health information: allergy badges at a glance, the whole profile (as the
 * parent confirmed it for this place) and the other notes a tap away. Empty when the host may
 * not read it (decision 028) or the parent gave none.
 */
export function RosterHealth({ entry }: { entry: RosterEntry }) {
  const [open, profile] = useDisclosure(false);
  const name = `${entry.childFirstName} ${entry.childLastName}`;
  if (!entry.health) {
    return entry.medical ? (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {entry.medical}
      </Text>
    ) : (
      <Text size="sm" c="gray.7" fs="italic">
        None
      </Text>
    );
  }
  return (
    <Stack gap={6} align="flex-start">
      {entry.health.allergies.length > 0 ? (
        <AllergyBadges allergies={entry.health.allergies} />
      ) : (
        <Text size="sm" c="gray.7">
          No allergies
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconFirstAidKit size={16} aria-hidden />}
        onClick={profile.open}
        aria-label={`Health profile of ${name}`}
      >
        Health profile
      </Button>
      <AppModal opened={open} onClose={profile.close} title={`${name}: health profile`} size="lg">
        <HealthSummary profile={entry.health} otherNotes={entry.medical} />
      </AppModal>
    </Stack>
  );
}
