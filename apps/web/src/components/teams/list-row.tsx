import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One row of a team's lists (members, background checks, a staff member's sessions): a title
 * that names the row for screen readers, badges beside it, details under it and actions at
 * the end, which wrap under the text on a phone.
 */
export function ListRow({
  nameId,
  title,
  badges,
  children,
  actions,
}: {
  nameId: string;
  title: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group
      component="li"
      aria-labelledby={nameId}
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Group gap="xs" wrap="wrap" align="center">
          <Text fw={700} id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {badges}
        </Group>
        {children}
      </Stack>
      {actions}
    </Group>
  );
}
