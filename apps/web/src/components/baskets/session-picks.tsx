import { formatMoney } from '@campwise/contract/format';
import type { CampSession } from '@campwise/contract/sessions';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import classes from '../registrations/choice-card.module.css';
import { spotsLeftText, windowNotice } from '../sessions/session-text.ts';
import { SessionWhen } from '../sessions/session-when.tsx';

interface SessionPicksProps {
  sessions: CampSession[];
  chosen: number[];
  onChange: (sessionIds: number[]) => void;
}

/**
 * The camp's sessions as checkable cards (when, price, places left): a family books one or
 * several together. A session not open for registration says when it opens and cannot be ticked.
 */
export function SessionPicks({ sessions, chosen, onChange }: SessionPicksProps) {
  return (
    <Checkbox.Group
      label="Which sessions?"
      description="Choose one or more; every camper you choose goes to each."
      value={chosen.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      styles={{ label: { fontWeight: 700 } }}
    >
      <Stack gap="sm" mt="sm">
        {sessions.map((session) => {
          const notice = windowNotice(session);
          const closed = notice !== null && !chosen.includes(session.id);
          return (
            <Checkbox.Card
              key={session.id}
              value={String(session.id)}
              disabled={closed}
              radius="md"
              className={classes.card}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Checkbox.Indicator disabled={closed} radius="sm" mt={2} />
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
              </Group>
            </Checkbox.Card>
          );
        })}
      </Stack>
    </Checkbox.Group>
  );
}
