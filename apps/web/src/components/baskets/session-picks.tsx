import { windowNotice } from '@campwise/contract/session-text';
import type { CampSession } from '@campwise/contract/sessions';
import { Checkbox, Group, Stack } from '@mantine/core';
import classes from '../registrations/choice-card.module.css';
import { SessionCardBody } from '../sessions/session-card-body.tsx';

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
                <SessionCardBody session={session} />
              </Group>
            </Checkbox.Card>
          );
        })}
      </Stack>
    </Checkbox.Group>
  );
}
