import { sessionCalendarPath } from '@campwise/contract/calendar-feed';
import { Stack, Text } from '@mantine/core';
import { AppModal } from '../app-modal.tsx';
import { CalendarSubscribe } from '../calendar/calendar-subscribe.tsx';

/** A session's calendar on this site, for its staff's calendar apps (decision 071). */
export const sessionCalendarUrl = (sessionId: number) =>
  new URL(sessionCalendarPath(sessionId), window.location.origin).toString();

/**
 * The session's days and hours in a staff member's own calendar, kept up to date when they
 * change or the session is cancelled, with the way to its check-in in each event.
 */
export function SessionCalendarModal({
  sessionId,
  name,
  opened,
  onClose,
}: {
  sessionId: number;
  name: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={`Calendar of ${name}`} size="lg">
      <Stack gap="md">
        <Text size="sm">
          Subscribe to keep the session's days and hours in your calendar: it follows any change, and each day
          links to the check-in. The address holds only what the camp's page shows, so it can be shared with
          everyone working the session.
        </Text>
        <CalendarSubscribe url={sessionCalendarUrl(sessionId)} />
      </Stack>
    </AppModal>
  );
}
