import { formatMoment } from '@campwise/contract/format';
import { Box, Skeleton, Stack, Text } from '@mantine/core';
import { useSessionAnnouncements } from '../../api/conversations.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';

/**
 * On the check-in sheet, what the session's families were told (its own announcements and the
 * camp's), so the staff at the gate know it too; read-only (decision 057).
 */
export function SessionAnnouncements({ sessionId, timeZone }: { sessionId: number; timeZone: string }) {
  const announcements = useSessionAnnouncements(sessionId);
  return (
    <SectionCard
      title="Told to families"
      headingId="session-announcements-heading"
      description="The announcements this session's families received, newest first."
      gap="sm"
    >
      <QueryState
        query={announcements}
        skeleton={
          <LoadingSkeleton label="Loading the announcements" gap="sm">
            <Skeleton height={48} />
          </LoadingSkeleton>
        }
        errorMessage="We could not load the announcements."
        empty={
          <Text c="gray.7" size="sm">
            No announcements to this session’s families yet.
          </Text>
        }
      >
        {(list) => (
          <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((sent) => (
              <Box component="li" key={sent.id} aria-labelledby={`announcement-${sent.id}`}>
                <Text fw={700} id={`announcement-${sent.id}`} style={{ overflowWrap: 'anywhere' }}>
                  {sent.subject}
                </Text>
                <Text size="sm" c="gray.7">
                  {sent.audience === 'camp' ? 'To the whole camp' : 'To this session'} ·{' '}
                  {formatMoment(sent.createdAt, { timeZone, compact: true })}
                </Text>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {sent.body}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  );
}
