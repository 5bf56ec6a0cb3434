import { formatMoment } from '@campwise/contract/format';
import type { EligibleChild } from '@campwise/contract/registrations';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import classes from './choice-card.module.css';

interface CamperChoiceProps {
  campers: EligibleChild[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
  error: string | null;
  /** When the ages are counted from. */
  agesNote?: string;
}

/** The parent's children as checkable cards: age at the start, and why one cannot come. */
export function CamperChoice({
  campers,
  chosen,
  onChange,
  error,
  agesNote = "Ages are on the camp's first day.",
}: CamperChoiceProps) {
  return (
    <Checkbox.Group
      label="Who is coming?"
      description={agesNote}
      value={chosen.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      error={error}
      styles={{ label: { fontWeight: 700 } }}
    >
      <Stack gap="sm" mt="sm">
        {campers.map((camper) => (
          <Checkbox.Card
            key={camper.id}
            value={String(camper.id)}
            disabled={!camper.eligible}
            radius="md"
            className={classes.card}
          >
            <Group wrap="nowrap" align="flex-start" gap="md">
              <Checkbox.Indicator disabled={!camper.eligible} radius="sm" mt={2} />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {camper.firstName} {camper.lastName}
                </Text>
                <Text size="sm" c="gray.7">
                  Age {camper.ageAtStart} at the start
                </Text>
                {camper.reason ? (
                  <Text size="sm" c="red.8">
                    {camper.reason}
                  </Text>
                ) : null}
                {camper.offerExpiresAt ? (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <IconClockHour4 size={18} aria-hidden color="var(--mantine-color-sun-9)" />
                    <Text size="sm" fw={700} c="sun.9">
                      Spot held for you until {formatMoment(camper.offerExpiresAt, { weekday: 'long' })}
                    </Text>
                  </Group>
                ) : null}
              </Stack>
            </Group>
          </Checkbox.Card>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
