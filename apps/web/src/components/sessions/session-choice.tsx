import { formatMoney } from '@campwise/contract/format';
import type { CampSession } from '@campwise/contract/sessions';
import { Group, Radio, Stack, Text } from '@mantine/core';
import classes from '../registrations/choice-card.module.css';
import { spotsLeftText, windowNotice } from './session-text.ts';
import { SessionWhen } from './session-when.tsx';

interface SessionChoiceProps {
  sessions: CampSession[];
  value: number;
  onChange: (sessionId: number) => void;
}

/** The camp's sessions as choosable cards: when, what it costs, how many places are left. */
export function SessionChoice({ sessions, value, onChange }: SessionChoiceProps) {
  return (
    <Radio.Group
      label="Which session?"
      value={String(value)}
      onChange={(chosen) => onChange(Number(chosen))}
      styles={{ label: { fontWeight: 700 } }}
    >
      <Stack gap="sm" mt="sm">
        {sessions.map((session) => {
          const notice = windowNotice(session);
          return (
            <Radio.Card key={session.id} value={String(session.id)} radius="md" className={classes.card}>
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Radio.Indicator mt={2} />
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
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
