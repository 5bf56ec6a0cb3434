import { COMPLIANCE_LABELS, type ComplianceStatus } from '@campwise/contract/background-checks';
import { Badge, type BadgeProps } from '@mantine/core';

/**
 * Green when clear, yellow when it expires within 30 days, red when expired or to be reviewed,
 * gray without a check. Pale tints with dark text, so each keeps 4.5:1.
 */
const looks: Record<ComplianceStatus, Pick<BadgeProps, 'color' | 'c'>> = {
  clear: { color: 'leaf' },
  expiring: { color: 'yellow', c: 'sun.9' },
  expired: { color: 'red', c: 'red.8' },
  consider: { color: 'red', c: 'red.8' },
  none: { color: 'gray', c: 'gray.8' },
};

/** Where a member stands today with their background check. */
export function ComplianceBadge({ status }: { status: ComplianceStatus }) {
  return (
    <Badge {...looks[status]} variant="light" miw="max-content">
      {COMPLIANCE_LABELS[status]}
    </Badge>
  );
}
