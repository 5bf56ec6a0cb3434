import type { CampSession } from '@campwise/contract/sessions';
import { Group, Radio, Stack } from '@mantine/core';
import classes from '../registrations/choice-card.module.css';
import { SessionCardBody } from './session-card-body.tsx';

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
        {sessions.map((session) => (
          <Radio.Card key={session.id} value={String(session.id)} radius="md" className={classes.card}>
            <Group wrap="nowrap" align="flex-start" gap="md">
              <Radio.Indicator mt={2} />
              <SessionCardBody session={session} />
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
