import { ROLE_LABELS, type TeamRole } from '@campwise/contract/team-roles';
import { Badge, type BadgeProps } from '@mantine/core';

/** Green for the owner, orange for a manager, a quiet outline for staff. */
const looks: Record<TeamRole, Pick<BadgeProps, 'color' | 'variant'>> = {
  owner: { color: 'leaf', variant: 'light' },
  manager: { color: 'sun', variant: 'light' },
  staff: { color: 'gray.8', variant: 'outline' },
};

/** A person's role on an organization's team. */
export function RoleBadge({ role, size = 'md' }: { role: TeamRole; size?: BadgeProps['size'] }) {
  return (
    <Badge {...looks[role]} size={size} miw="max-content">
      {ROLE_LABELS[role]}
    </Badge>
  );
}
