import { formatMoney } from '@campwise/contract/format';
import { spotsLeftText, windowNotice } from '@campwise/contract/session-text';
import type { CampSession } from '@campwise/contract/sessions';
import { Group, Stack, Text } from '@mantine/core';
import { SessionWhen } from './session-when.tsx';

/**
 * What a session's choosable card says beside its radio or checkbox: its name and price, when it
 * meets, the spots left, and when registration opens or that it has closed.
 */
export function SessionCardBody({ session }: { session: CampSession }) {
  const notice = windowNotice(session);
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
      <Group justify="space-between" gap="xs" align="flex-start">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {session.name}
        </Text>
        <Text fw={700}>{formatMoney(session.priceCents)}</Text>
      </Group>
      <SessionWhen session={session} />
      <Text size="sm" c={session.spotsLeft > 0 ? 'leaf.8' : 'sun.9'} fw={600}>
        {spotsLeftText(session)}
      </Text>
      {notice ? (
        <Text size="sm" c="gray.7">
          {notice}
        </Text>
      ) : null}
    </Stack>
  );
}
