import { formatMoment } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { MedicalView } from '@campwise/contract/privacy';
import { Box, Skeleton, Text } from '@mantine/core';
import { useMedicalViews } from '../../api/privacy.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';

const viewedAt = (iso: string) => formatMoment(iso, { compact: true });

/** What the host was shown (decision 028). */
const shownLabels: Record<MedicalView['what'], string> = {
  medical_notes: 'Other health notes',
  health_profile: 'Health profile',
  allergy_badges: 'Allergy badges',
};

/** Which hosts have opened a camper's medical notes (on a camp roster), and when. */
export function MedicalViews({ childId }: { childId: number }) {
  const views = useMedicalViews(childId);

  const body = (
    <QueryState
      query={views}
      skeleton={
        <LoadingSkeleton label="Loading who has seen the medical notes" gap="sm">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </LoadingSkeleton>
      }
      errorMessage="We could not load who has seen the notes."
      empty={<Text c="gray.7">{messages.noMedicalViews}</Text>}
    >
      {(seen) => (
        <Box component="ul" m={0} p={0}>
          {seen.map((view) => (
            <Box
              component="li"
              key={view.id}
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
            >
              <Text fw={600}>{view.hostName}</Text>
              <Text size="sm" c="gray.7">
                {shownLabels[view.what]} ·{' '}
                {view.orgName ? `${view.campName} · ${view.orgName}` : view.campName} ·{' '}
                <time dateTime={view.viewedAt}>{viewedAt(view.viewedAt)}</time>
              </Text>
            </Box>
          ))}
        </Box>
      )}
    </QueryState>
  );

  return (
    <SectionCard
      title="Who has seen the health information"
      description="Hosts see the health profile and notes on the roster of a camp your camper has a paid place at, until 30 days after it ends. Every time they do, it is listed here."
    >
      {body}
    </SectionCard>
  );
}
