import type { Payout } from '@campwise/contract/payouts';
import { Badge } from '@mantine/core';

const payoutLabels: Record<Payout['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  in_transit: { label: 'On its way', color: 'sun' },
  paid: { label: 'Paid', color: 'leaf' },
  failed: { label: 'Failed', color: 'red' },
  canceled: { label: 'Cancelled', color: 'gray' },
};

/** A payout's status as a badge. */
export function PayoutStatusBadge({ status }: { status: Payout['status'] }) {
  const { label, color } = payoutLabels[status];
  return (
    <Badge color={color} variant="light" c={color === 'gray' ? 'gray.8' : undefined}>
      {label}
    </Badge>
  );
}
