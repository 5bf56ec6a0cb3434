import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { SmallCapsLabel } from './orgs/org-details.tsx';

/** One labelled detail on a profile, with its icon. */
export function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <ThemeIcon variant="light" size={36} radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Box style={{ minWidth: 0 }}>
        <SmallCapsLabel>{label}</SmallCapsLabel>
        <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
      </Box>
    </Group>
  );
}
