import type { HostOrg } from '@campwise/contract/orgs';
import { Badge, type MantineColor } from '@mantine/core';
import { IconCircleCheck, IconHourglassHigh, IconPencilExclamation } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** Where an organization, or its latest changes, stand in review. */
export type ReviewState = 'pending' | 'denied' | 'approved' | 'changes-pending' | 'changes-denied';

/**
 * Statuses read like the registrations' ones: orange while waiting, red when refused (it needs
 * the host's attention), green when settled. PENDING REVIEW is the spec's text; it is a
 * status, not an error, so it is never shown as red text.
 */
const badges: Record<
  ReviewState,
  { label: string; color: MantineColor; text: string; Icon: ComponentType<{ size?: number }> }
> = {
  pending: { label: 'PENDING REVIEW', color: 'sun', text: 'sun.9', Icon: IconHourglassHigh },
  denied: { label: 'DENIED', color: 'red', text: 'red.8', Icon: IconPencilExclamation },
  approved: { label: 'APPROVED', color: 'leaf', text: 'leaf.8', Icon: IconCircleCheck },
  'changes-pending': { label: 'Changes in review', color: 'sun', text: 'sun.9', Icon: IconHourglassHigh },
  'changes-denied': {
    label: 'Changes not approved',
    color: 'red',
    text: 'red.8',
    Icon: IconPencilExclamation,
  },
};

/** The state a host sees first: the organization's own, or else that of its latest changes. */
export function reviewState(org: Pick<HostOrg, 'status' | 'revision'>): ReviewState {
  if (org.status !== 'approved') return org.status;
  if (org.revision?.status === 'pending') return 'changes-pending';
  if (org.revision?.status === 'denied') return 'changes-denied';
  return 'approved';
}

export function ReviewBadge({ state, size = 'md' }: { state: ReviewState; size?: 'md' | 'lg' }) {
  const { label, color, text, Icon } = badges[state];
  return (
    <Badge
      variant="light"
      color={color}
      c={text}
      size={size}
      leftSection={<Icon size={14} aria-hidden />}
      miw="max-content"
    >
      {label}
    </Badge>
  );
}
