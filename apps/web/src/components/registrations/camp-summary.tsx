import type { CampDetail } from '@campwise/contract/camps';
import { agesText } from '@campwise/contract/format';
import { dailyTimesOf } from '@campwise/contract/session-text';
import type { CampSession } from '@campwise/contract/sessions';
import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconMapPin, IconTicket, IconUsers } from '@tabler/icons-react';
import { CampLine } from '../camps/camp-card.tsx';
import { CampImage } from '../camps/camp-image.tsx';
import { campAddressText, campDatesText } from '../camps/camp-text.ts';

/**
 * The camp being booked, at the top of its registration and on the confirmation: its picture,
 * dates, place and ages, so the parent knows exactly what they are paying for. With a session,
 * the dates and hours are the session's, and its name shows when the camp has several.
 */
export function CampSummary({ camp, session }: { camp: CampDetail; session?: CampSession }) {
  const categoryIds = camp.categories.map((category) => category.id);
  const when = session
    ? campDatesText(
        { ...session, isYearRound: camp.isYearRound, dailyTimes: dailyTimesOf(session) },
        categoryIds,
      )
    : campDatesText(camp, categoryIds);
  return (
    <Card p="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Box w={{ base: 104, sm: 160 }} style={{ flexShrink: 0 }}>
          <CampImage image={camp.thumbnail} size="small" alt="" radius="var(--mantine-radius-md)" eager />
        </Box>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={800} style={{ overflowWrap: 'anywhere' }}>
            {camp.name}
          </Text>
          {session && camp.sessions.length > 1 ? (
            <CampLine icon={<IconTicket size={16} />}>
              <span style={{ overflowWrap: 'anywhere' }}>{session.name}</span>
            </CampLine>
          ) : null}
          <CampLine icon={<IconCalendar size={16} />}>{when}</CampLine>
          <CampLine icon={<IconMapPin size={16} />}>
            <span style={{ overflowWrap: 'anywhere' }}>{campAddressText(camp)}</span>
          </CampLine>
          <CampLine icon={<IconUsers size={16} />}>{agesText(camp)}</CampLine>
        </Stack>
      </Group>
    </Card>
  );
}
