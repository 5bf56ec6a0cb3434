import { Anchor, Button, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHostCamp } from '../../api/camps.ts';
import { HostReviewsSection } from '../../components/camp-reviews/host-reviews-section.tsx';
import { CampSettingsSummary } from '../../components/camp-settings/camp-settings-summary.tsx';
import { CampCarousel } from '../../components/camps/camp-carousel.tsx';
import { CampCategoryBadges, CampDescription, CampFacts } from '../../components/camps/camp-facts.tsx';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { HostAnnouncementsSection } from '../../components/conversations/host-announcements-section.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { spotsLeftText } from '../../components/registrations/registration-text.ts';
import { useRouteId } from '../../components/route-id.ts';
import { HostSessionsSection } from '../../components/sessions/host-sessions-section.tsx';
import { useOrgRights } from '../../components/teams/use-org-rights.ts';

/** The host's view of one camp (docs/product-spec.md, section 2). */
export default function HostCampProfile() {
  const id = useRouteId();
  const query = useHostCamp(id);
  const { may, known } = useOrgRights(query.data?.orgId);

  if (Number.isNaN(id) || query.error) {
    return (
      <CampLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }
  if (query.isPending) return <ProfileSkeleton label="Loading camp" />;
  const camp = query.data;

  return (
    <PageFrame
      title={camp.name}
      parent={{ to: `/host/org/${camp.orgId}/camps`, label: 'My Camps' }}
      description={
        <Stack gap="xs">
          <Text size="lg" c="dark">
            Hosted by{' '}
            <Anchor component={Link} to={`/host/org/${camp.orgId}`} fw={700}>
              {camp.orgName}
            </Anchor>
          </Text>
          <CampCategoryBadges categories={camp.categories} />
        </Stack>
      }
      actions={
        <>
          {may('camps:manage') ? (
            <Button
              component={Link}
              to={`/host/editcamp/${camp.id}`}
              color="sun"
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              Edit
            </Button>
          ) : null}
          {may('roster') ? (
            <Button
              component={Link}
              to={`/host/camp/${camp.id}/roster`}
              variant="light"
              leftSection={<IconListDetails size={18} aria-hidden />}
            >
              Roster
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="lg">
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CampCarousel campName={camp.name} images={camp.images} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <CampFacts camp={camp} />
              <Text fw={700} c={camp.spotsLeft > 0 ? 'leaf.8' : 'sun.9'}>
                {spotsLeftText(camp)}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
        {known ? (
          <HostSessionsSection camp={camp} canManage={may('camps:manage')} canSeeRoster={may('roster')} />
        ) : (
          <Skeleton height={220} radius="lg" aria-hidden />
        )}
        {may('messages') ? <HostAnnouncementsSection campId={camp.id} /> : null}
        {may('camps:manage') ? <CampSettingsSummary campId={camp.id} /> : null}
        <HostReviewsSection campId={camp.id} canRespond={may('messages')} />
        <Card p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              About this camp
            </Title>
            <CampDescription description={camp.description} />
          </Stack>
        </Card>
      </Stack>
    </PageFrame>
  );
}
