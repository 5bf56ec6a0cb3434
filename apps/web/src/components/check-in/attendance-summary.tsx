import { formatDate } from '@campwise/contract/format';
import type { AttendanceDay } from '@campwise/contract/registrations';
import { Stack, Text } from '@mantine/core';

function dayLine(day: AttendanceDay): string {
  const date = formatDate(day.day, { weekday: 'short' });
  if (day.checkedOutAt) return `${date}: collected${day.collectedBy ? ` by ${day.collectedBy}` : ''}`;
  return `${date}: checked in`;
}

/** A roster row's days at camp: how many, and the latest few. */
export function AttendanceSummary({ days }: { days: AttendanceDay[] }) {
  if (days.length === 0) {
    return (
      <Text size="sm" c="gray.7" fs="italic">
        No days yet
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {days.length === 1 ? '1 day' : `${days.length} days`}
      </Text>
      {days.slice(-3).map((day) => (
        <Text size="sm" key={day.day} style={{ overflowWrap: 'anywhere' }}>
          {dayLine(day)}
        </Text>
      ))}
    </Stack>
  );
}
