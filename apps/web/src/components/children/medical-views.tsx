import { formatMoment } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { MedicalView } from '@campwise/contract/privacy';
import { Box, Card, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMedicalViews } from '../../api/privacy.ts';
import { LoadError } from '../page/page-state.tsx';

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

  const body = (() => {
    if (views.isPending) {
      return (
        <Stack gap="sm" aria-busy="true">
          <VisuallyHidden role="status">Loading who has seen the medical notes</VisuallyHidden>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      );
    }
    if (views.error) {
      return (
        <LoadError message="We could not load who has seen the notes." onRetry={() => views.refetch()} />
      );
    }
    if (views.data.length === 0) {
      return <Text c="gray.7">{messages.noMedicalViews}</Text>;
    }
    return (
      <Box component="ul" m={0} p={0}>
        {views.data.map((view) => (
          <Box
            component="li"
            key={view.id}
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
          >
            <Text fw={600}>{view.hostName}</Text>
            <Text size="sm" c="gray.7">
              {shownLabels[view.what]} · {view.orgName ? `${view.campName} · ${view.orgName}` : view.campName}{' '}
              · <time dateTime={view.viewedAt}>{viewedAt(view.viewedAt)}</time>
            </Text>
          </Box>
        ))}
      </Box>
    );
  })();

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Box>
          <Title order={2} fz="h3">
            Who has seen the health information
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            Hosts see the health profile and notes on the roster of a camp your camper has a paid place at,
            until 30 days after it ends. Every time they do, it is listed here.
          </Text>
        </Box>
        {body}
      </Stack>
    </Card>
  );
}
