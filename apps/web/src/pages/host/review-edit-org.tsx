import type { HostOrg } from '@campwise/contract/orgs';
import { Alert, Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useHostOrg } from '../../api/orgs.ts';
import { diffOrgDetails, OrgChangeList, OrgDetailsView } from '../../components/orgs/org-details.tsx';
import { OrgLoadFailure } from '../../components/orgs/org-page-states.tsx';
import { OrgThumbnail } from '../../components/orgs/org-thumbnail.tsx';
import { ReviewBadge, reviewState } from '../../components/orgs/review-badge.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { may } from '../../components/teams/team-rights.ts';

function EditButton({ org, children }: { org: HostOrg; children: string }) {
  return (
    <Button
      component={Link}
      to={`/host/editorg/${org.id}`}
      variant="default"
      leftSection={<IconPencil size={18} aria-hidden />}
    >
      {children}
    </Button>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }} h="100%">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A new (or denied) organization: the whole submission. */
function Submission({ org }: { org: HostOrg }) {
  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <OrgThumbnail image={org.thumbnail} size="small" alt={`${org.name} thumbnail`} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card p={{ base: 'lg', sm: 'xl' }}>
          <OrgDetailsView details={org} />
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/** Changes to an approved organization: what changed, then both versions side by side. */
function Revision({ org, revision }: { org: HostOrg; revision: NonNullable<HostOrg['revision']> }) {
  const changes = diffOrgDetails(org, revision.details);
  const label = revision.status === 'pending' ? 'In review' : 'Not approved';
  return (
    <Stack gap="lg">
      <Panel title="What changed">
        {changes.length > 0 ? (
          <OrgChangeList changes={changes} fromLabel="Live now" toLabel={label} />
        ) : (
          <Text c="gray.7">The changed details are the same as the live ones.</Text>
        )}
      </Panel>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title={label}>
            <OrgDetailsView details={revision.details} />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title="Live now">
            <OrgDetailsView details={org} />
          </Panel>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Status({ org }: { org: HostOrg }) {
  if (org.status === 'pending' || org.revision?.status === 'pending') {
    return (
      <Text c="gray.7">
        {org.status === 'pending'
          ? 'Our team is reviewing this organization. You will get an email when it has been reviewed.'
          : 'Our team is reviewing these changes. Your live details stay as they are until the changes are approved.'}
      </Text>
    );
  }
  const reason = org.status === 'denied' ? org.denyReason : org.revision?.denyReason;
  if (org.status === 'denied' || org.revision?.status === 'denied') {
    return (
      <Alert
        color="sun"
        variant="light"
        title={org.status === 'denied' ? 'Not approved' : 'Changes not approved'}
      >
        {reason ? `Reason: ${reason}` : 'Edit the details and save to send them for review again.'}
      </Alert>
    );
  }
  return (
    <Alert color="leaf" variant="light" title="Nothing in review">
      This organization is approved and has no changes waiting for review.
    </Alert>
  );
}

/** The owning host's read-only view of what is in review. */
export default function ReviewEditOrg() {
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
  const denied = org.status === 'denied' || org.revision?.status === 'denied';

  return (
    <PageFrame
      title={org.name}
      parent={
        org.status === 'approved'
          ? { to: `/host/org/${org.id}`, label: org.name }
          : { to: '/host/dashboard', label: 'My Organizations' }
      }
      badge={<ReviewBadge state={reviewState(org)} size="lg" />}
      actions={
        may(org, 'org:edit') ? (
          <EditButton org={org}>{denied ? 'Edit and resubmit' : 'Edit'}</EditButton>
        ) : undefined
      }
    >
      <Stack gap="lg">
        <Status org={org} />
        {org.status === 'approved' && org.revision ? (
          <Revision org={org} revision={org.revision} />
        ) : (
          <Submission org={org} />
        )}
      </Stack>
    </PageFrame>
  );
}
