import type { CampSession } from '@campwise/contract/sessions';
import { Text, type TextProps } from '@mantine/core';
import { sessionDatesText, sessionTimesText } from './session-text.ts';

const whole = { whiteSpace: 'nowrap' } as const;

/** "June 14 – June 18 · 9 AM – 12 PM": a line breaks between the dates and the hours, never inside them. */
export function SessionWhen({
  session,
  ...props
}: { session: Pick<CampSession, 'startDate' | 'endDate' | 'startTime' | 'endTime'> } & TextProps) {
  const times = sessionTimesText(session);
  return (
    <Text size="sm" {...props}>
      <span style={whole}>{sessionDatesText(session)}</span>
      {times ? (
        <>
          {' · '}
          <span style={whole}>{times}</span>
        </>
      ) : null}
    </Text>
  );
}
