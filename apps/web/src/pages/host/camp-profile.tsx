import { Anchor, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHostCamp } from '../../api/camps.ts';
import { CampCarousel } from '../../components/camps/camp-carousel.tsx';
import { CampCategoryBadges, CampDescription, CampFacts } from '../../components/camps/camp-facts.tsx';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { BackLink } from '../../components/orgs/org-page-states.tsx';
import { ProfileSkeleton } from '../../components/page-state.tsx';
import { spotsLeftText } from '../../components/registrations/registration-text.ts';
import { useRouteId } from '../../components/route-id.ts';

/** The host's view of one camp (spec section 2). */
export default function HostCampProfile() {
  const id = useRouteId();
  const query = useHostCamp(id);

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
    <Container py="xl">
      <Stack gap="lg">
        <BackLink to={`/host/org/${camp.orgId}/camps`}>My Camps</BackLink>
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CampCarousel campName={camp.name} images={camp.images} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Stack gap="xs">
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {camp.name}
                </Title>
                <Text size="lg">
                  Hosted by{' '}
                  <Anchor component={Link} to={`/host/org/${camp.orgId}`} fw={700}>
                    {camp.orgName}
                  </Anchor>
                </Text>
                <CampCategoryBadges categories={camp.categories} />
              </Stack>
              <CampFacts camp={camp} />
              <Group gap="sm">
                <Button
                  component={Link}
                  to={`/host/editcamp/${camp.id}`}
                  color="sun"
                  leftSection={<IconPencil size={18} aria-hidden />}
                >
                  Edit
                </Button>
                <Button
                  component={Link}
                  to={`/host/camp/${camp.id}/roster`}
                  variant="light"
                  leftSection={<IconListDetails size={18} aria-hidden />}
                >
                  Roster
                </Button>
                <Text size="sm" c="gray.7">
                  {spotsLeftText(camp)}
                </Text>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
        <Card padding="xl">
          <Stack gap="sm">
            <Title order={2} fz="h3">
              About this camp
            </Title>
            <CampDescription description={camp.description} />
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
