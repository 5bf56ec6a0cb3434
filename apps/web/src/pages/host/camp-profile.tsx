import { formatUsd } from '@campwise/contract/site';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalendar,
  IconCash,
  IconClipboardList,
  IconMail,
  IconMapPin,
  IconPencil,
  IconPhone,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHostCamp } from '../../api/camps.ts';
import { CampCarousel } from '../../components/camps/camp-carousel.tsx';
import { CampLoadFailure, useCampId } from '../../components/camps/camp-page-states.tsx';
import { agesText, campAddressText, campDatesText } from '../../components/camps/camp-text.ts';
import { Fact } from '../../components/fact.tsx';
import { BackLink } from '../../components/orgs/org-page-states.tsx';
import { ProfileSkeleton } from '../../components/page-state.tsx';

/** The host's view of one camp (spec section 2). */
export default function HostCampProfile() {
  const id = useCampId();
  const query = useHostCamp(id);

  if (Number.isNaN(id) || query.error) {
    return <CampLoadFailure error={query.error} onRetry={() => query.refetch()} />;
  }
  if (query.isPending) return <ProfileSkeleton label="Loading camp" />;
  const camp = query.data;
  const categoryIds = camp.categories.map((category) => category.id);

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
                {camp.categories.length > 0 ? (
                  <Group
                    gap={6}
                    component="ul"
                    p={0}
                    m={0}
                    style={{ listStyle: 'none' }}
                    aria-label="Categories"
                  >
                    {camp.categories.map((category) => (
                      <Box component="li" key={category.id}>
                        <Badge variant="light" c="leaf.8" size="lg" tt="none">
                          {category.text}
                        </Badge>
                      </Box>
                    ))}
                  </Group>
                ) : null}
              </Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Fact icon={<IconMapPin size={18} />} label="Address">
                  {campAddressText(camp)}
                </Fact>
                <Fact icon={<IconCalendar size={18} />} label="Dates">
                  {campDatesText(camp, categoryIds)}
                </Fact>
                <Fact icon={<IconUsers size={18} />} label="Ages">
                  {agesText(camp)}
                </Fact>
                <Fact icon={<IconCash size={18} />} label="Cost">
                  {formatUsd(camp.costCents)}
                </Fact>
                <Fact icon={<IconUsersGroup size={18} />} label="Capacity">
                  {camp.spotsAvailable} Campers
                </Fact>
                <Fact icon={<IconClipboardList size={18} />} label="Waitlist">
                  {camp.allowsWaitlist ? 'Families can join a waitlist when full' : 'No waitlist'}
                </Fact>
                <Fact icon={<IconPhone size={18} />} label="Contact phone">
                  <Anchor href={`tel:${camp.phone}`}>{camp.phone}</Anchor>
                </Fact>
                <Fact icon={<IconMail size={18} />} label="Contact email">
                  {camp.email ? (
                    <Anchor href={`mailto:${camp.email}`}>{camp.email}</Anchor>
                  ) : (
                    <Text span c="gray.7" fs="italic">
                      Not given
                    </Text>
                  )}
                </Fact>
              </SimpleGrid>
              <Group gap="sm">
                <Button
                  component={Link}
                  to={`/host/editcamp/${camp.id}`}
                  color="sun"
                  leftSection={<IconPencil size={18} aria-hidden />}
                >
                  Edit
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
        <Card padding="xl">
          <Stack gap="sm">
            <Title order={2} fz="h3">
              About this camp
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{camp.description}</Text>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
