import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPencil, IconUsersGroup } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useHostOrg } from '../../api/orgs.ts';
import { BookingWidgetCard } from '../../components/orgs/booking-widget-card.tsx';
import { orgAddressLine } from '../../components/orgs/org-details.tsx';
import { OrgFacts } from '../../components/orgs/org-facts.tsx';
import { OrgLoadFailure } from '../../components/orgs/org-page-states.tsx';
import { ORG_PROFILE_THUMBNAIL_SIZES, OrgThumbnail } from '../../components/orgs/org-thumbnail.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { TaxDetailsCard } from '../../components/tax-statements/tax-details-card.tsx';
import { RoleBadge } from '../../components/teams/role-badge.tsx';
import { may } from '../../components/teams/team-rights.ts';

/** The host's view of one approved organization (docs/product-spec.md, section 2). */
export default function HostOrgProfile() {
  const id = useRouteId();
  const query = useHostOrg(id);

  if (Number.isNaN(id) || query.error) {
    return (
      <OrgLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }
  if (query.isPending) return <ProfileSkeleton label="Loading organization" />;
  const org = query.data;
  // Only an approved organization has a profile; the dashboard shows the others' state.
  if (org.status !== 'approved') return <Navigate to="/host/dashboard" replace />;
  const editable = may(org, 'org:edit');

  return (
    <PageFrame
      title={org.name}
      parent={{ to: '/host/dashboard', label: 'My Organizations' }}
      badge={org.myRole === 'owner' ? undefined : <RoleBadge role={org.myRole} size="lg" />}
      description={
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="lg" c="dark">
            {orgAddressLine(org)}
          </Text>
        </Group>
      }
      actions={
        <>
          {editable ? (
            <Button
              component={Link}
              to={`/host/editorg/${org.id}`}
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              Edit
            </Button>
          ) : null}
          <Button
            component={Link}
            to={`/host/team/${org.id}`}
            variant="default"
            leftSection={<IconUsersGroup size={18} aria-hidden />}
          >
            Team
          </Button>
          <Button component={Link} to={`/host/org/${org.id}/camps`} color="sun">
            View Camps
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrgThumbnail
              image={org.thumbnail}
              size="large"
              sizes={ORG_PROFILE_THUMBNAIL_SIZES}
              alt={`${org.name} thumbnail`}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              {editable && org.revision?.status === 'pending' ? (
                <Alert color="sun" variant="light" title="Changes in review">
                  Your changes are waiting for review; the details below stay live until they are approved.{' '}
                  <Anchor component={Link} to={`/host/revieweditorg/${org.id}`} fw={600}>
                    View changes
                  </Anchor>
                </Alert>
              ) : null}
              {editable && org.revision?.status === 'denied' ? (
                <Alert color="sun" variant="light" title="Your changes were not approved">
                  {org.revision.denyReason ? `Reason: ${org.revision.denyReason} ` : null}
                  <Anchor component={Link} to={`/host/editorg/${org.id}`} fw={600}>
                    Edit and resubmit
                  </Anchor>
                </Alert>
              ) : null}
              <OrgFacts org={org} timeZone={org.timeZone} />
            </Stack>
          </Grid.Col>
        </Grid>
        <Card p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              About {org.name}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>
              {org.bio ??
                (editable ? (
                  <Text span c="gray.7" fs="italic">
                    No bio yet. Tell families what you run and what makes it special:{' '}
                    <Anchor component={Link} to={`/host/editorg/${org.id}`}>
                      add a bio
                    </Anchor>
                    .
                  </Text>
                ) : (
                  <Text span c="gray.7" fs="italic">
                    No bio yet.
                  </Text>
                ))}
            </Text>
          </Stack>
        </Card>
        {may(org, 'money') ? <TaxDetailsCard orgId={org.id} /> : null}
        {editable ? <BookingWidgetCard orgId={org.id} orgName={org.name} /> : null}
      </Stack>
    </PageFrame>
  );
}
