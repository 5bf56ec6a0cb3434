import type { Roster } from '@campwise/contract/registrations';
import { Group, Loader, Select } from '@mantine/core';

const ALL = 'all';

interface RosterSessionSwitchProps {
  sessions: Roster['sessions'];
  /** The session shown, or null for all of them. */
  value: number | null;
  onChange: (sessionId: number | null) => void;
  /** The chosen session's roster is on its way. */
  loading: boolean;
}

/** 'All sessions' or one session of the camp, for the roster and its export. */
export function RosterSessionSwitch({ sessions, value, onChange, loading }: RosterSessionSwitchProps) {
  const data = [
    { value: ALL, label: 'All sessions' },
    ...sessions.map((session) => ({
      value: String(session.id),
      label: session.status === 'cancelled' ? `${session.name} (cancelled)` : session.name,
    })),
  ];
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Session"
        data={data}
        value={value === null ? ALL : String(value)}
        onChange={(chosen) => onChange(!chosen || chosen === ALL ? null : Number(chosen))}
        allowDeselect={false}
        w={{ base: '100%', xs: 280 }}
      />
      {loading ? <Loader size="sm" mb={8} aria-label="Loading the session's roster" /> : null}
    </Group>
  );
}
