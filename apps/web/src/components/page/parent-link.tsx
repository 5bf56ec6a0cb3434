import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Where a screen's back link leads: its logical parent, named as that screen names itself
 * ("My Camps", "My Campers", a camp's or an organization's name). docs/decisions/010.
 */
export interface ParentScreen {
  to: string;
  label: string;
}

export function ParentLink({ to, label }: ParentScreen) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} style={{ alignSelf: 'flex-start', maxWidth: '100%' }}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden style={{ flexShrink: 0 }} />
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
      </Group>
    </Anchor>
  );
}
