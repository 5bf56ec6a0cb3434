import type { DateOptions } from '@campwise/contract/format';
import { sessionDatesText, sessionDaysText, sessionTimesText } from '@campwise/contract/session-text';
import type { CampSession } from '@campwise/contract/sessions';
import { Text, type TextProps } from '@mantine/core';

const whole = { whiteSpace: 'nowrap' } as const;

/**
 * "June 14 – June 18 · Mon–Fri · 9 AM – 12 PM": a line breaks between the dates, the days and the
 * hours, never inside them.
 */
export function SessionWhen({
  session,
  dateOptions,
  ...props
}: {
  session: Pick<CampSession, 'startDate' | 'endDate' | 'startTime' | 'endTime'> &
    Partial<Pick<CampSession, 'weekdays'>>;
  /** How the dates are written (the planner leaves out the year its weeks are in). */
  dateOptions?: DateOptions;
} & TextProps) {
  const days = sessionDaysText(session);
  const times = sessionTimesText(session);
  return (
    <Text size="sm" {...props}>
      <span style={whole}>{sessionDatesText(session, dateOptions)}</span>
      {days ? (
        <>
          {' · '}
          <span style={whole}>{days}</span>
        </>
      ) : null}
      {times ? (
        <>
          {' · '}
          <span style={whole}>{times}</span>
        </>
      ) : null}
    </Text>
  );
}
