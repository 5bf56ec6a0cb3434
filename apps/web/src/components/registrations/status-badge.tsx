import { type RegistrationStatus, registrationStatusLabels } from '@campwise/contract/registrations';
import { Badge, type MantineColor } from '@mantine/core';

/** Green when settled, orange while waiting, red when payment failed, grey when over. */
const statusColors: Record<RegistrationStatus, { color: MantineColor; text: string }> = {
  confirmed: { color: 'leaf', text: 'leaf.8' },
  pending_payment: { color: 'sun', text: 'sun.9' },
  waitlisted: { color: 'sun', text: 'sun.9' },
  offered: { color: 'sun', text: 'sun.9' },
  payment_failed: { color: 'red', text: 'red.8' },
  cancelled: { color: 'gray', text: 'gray.8' },
  offer_expired: { color: 'gray', text: 'gray.8' },
};

/** A registration's status in the words parents and hosts read (registrationStatusLabels). */
export function RegistrationStatusBadge({ status }: { status: RegistrationStatus }) {
  const { color, text } = statusColors[status];
  return (
    // Never cut short: a narrow table column wraps its other text instead.
    <Badge variant="light" color={color} c={text} tt="none" size="md" miw="max-content">
      {registrationStatusLabels[status]}
    </Badge>
  );
}
