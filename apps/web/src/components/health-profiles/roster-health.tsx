import type { RosterEntry } from '@campwise/contract/registrations';
import { Text } from '@mantine/core';
import { HealthSummary } from './health-summary.tsx';

/**
 * A roster entry's health information in its side panel: the whole profile as the parent
 * confirmed it for this place, with the other notes; the notes alone for a place booked before
 * profiles; "None" when the host may not read it (decision 028) or the parent gave none.
 */
export function RosterHealth({ entry }: { entry: RosterEntry }) {
  if (entry.health) return <HealthSummary profile={entry.health} otherNotes={entry.medical} />;
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
