import type { SessionStatus } from '@campwise/contract/sessions';
import { Badge } from '@mantine/core';

const statusLooks: Record<SessionStatus, { label: string; color: string; text: string }> = {
  scheduled: { label: 'Scheduled', color: 'leaf', text: 'leaf.8' },
  cancelled: { label: 'Cancelled', color: 'gray', text: 'gray.8' },
};

/** A session's status: green while it runs, grey once cancelled. */
export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  const look = statusLooks[status];
  return (
    <Badge variant="light" color={look.color} c={look.text} tt="none" size="md" miw="max-content">
      {look.label}
    </Badge>
  );
}
