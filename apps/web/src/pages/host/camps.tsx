import type { HostCampListItem } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import type { HostOrg } from '@campwise/contract/orgs';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOrgCamps } from '../../api/camps.ts';
import { ApiError } from '../../api/client.ts';
import { useHostOrg } from '../../api/orgs.ts';
import { CampCard, CampCardSkeleton } from '../../components/camps/camp-card.tsx';
import { NewCampModal } from '../../components/camps/new-camp-modal.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { OrgNotFound } from '../../components/orgs/org-page-states.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { may } from '../../components/teams/team-rights.ts';

const gridCols = { base: 1, xs: 2, md: 3, lg: 4 };

function CampGridSkeleton() {
  return (
    <Box aria-busy="true">
      <VisuallyHidden role="status">Loading your camps</VisuallyHidden>
      <SimpleGrid cols={gridCols} spacing="lg">
        {['a', 'b', 'c', 'd'].map((key) => (
          <CampCardSkeleton key={key} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** Why camps cannot be added yet, in place of the New Camp button. */
function NotApprovedNote({ org }: { org: HostOrg }) {
  const denied = org.status === 'denied';
  return (
    <Alert
      color="sun"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={denied ? `${org.name} was not approved` : `${org.name} is waiting for review`}
    >
      <Text size="sm">
        {messages.orgNotApproved}{' '}
        {denied
          ? 'Make the changes our team asked for and send it for review again.'
          : 'Our team reviews new organizations and will email you once it is decided.'}
      </Text>
      {denied && may(org, 'org:edit') ? (
        <Anchor component={Link} to={`/host/editorg/${org.id}`} size="sm" fw={600}>
          Edit and resubmit
        </Anchor>
      ) : null}
    </Alert>
  );
}

function EmptyState({
  canAdd,
  mayAdd,
  onAdd,
}: {
  canAdd: boolean;
  /** The host's role lets them add camps (staff cannot). */
  mayAdd: boolean;
  onAdd: () => void;
}) {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="campfire" width={260} height={195} />
        <Title order={2}>No Camps Added Yet</Title>
        <Text c="gray.7" maw={480}>
          {!mayAdd
            ? 'The camps of this organization show here once its owner or a manager adds them.'
            : canAdd
              ? 'Add your first camp with its dates, ages, cost and photos. Families can find it in search as soon as it is saved.'
              : 'Once your organization is approved you can add its camps here.'}
        </Text>
        {canAdd ? (
          <Button color="sun" onClick={onAdd}>
            Add your first camp
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** How full a camp is, with the host's two everyday links (as far as their role allows). */
function CampPlaces({ camp, org }: { camp: HostCampListItem; org: HostOrg | undefined }) {
  const left = Math.max(0, camp.capacity - camp.spotsTaken);
  return (
    <Stack gap={6} pt="xs">
      <Progress
        value={Math.min(100, (camp.spotsTaken / camp.capacity) * 100)}
        color={left === 0 ? 'sun' : 'leaf'}
        aria-label={`${camp.spotsTaken} of ${camp.capacity} places taken`}
      />
      <Text size="sm" c="gray.8">
        {camp.spotsTaken} of {camp.capacity} taken · {left === 0 ? 'Full' : `${left} left`}
      </Text>
      <Group gap="xs">
        {may(org, 'roster') ? (
          <Button component={Link} to={`/host/camp/${camp.id}/roster`} size="xs" variant="light">
            Roster
            <VisuallyHidden> of {camp.name}</VisuallyHidden>
          </Button>
        ) : null}
        {may(org, 'camps:manage') ? (
          <Button component={Link} to={`/host/editcamp/${camp.id}`} size="xs" variant="default">
            Edit
            <VisuallyHidden> {camp.name}</VisuallyHidden>
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** MY CAMPS: one organization's camps, with + New Camp (docs/product-spec.md, section 2). */
export default function HostCamps() {
  const orgId = useRouteId();
  const org = useHostOrg(orgId);
  const camps = useOrgCamps(orgId);
  const [adding, { open, close }] = useDisclosure(false);

  const missing = (error: Error | null) => error instanceof ApiError && error.status === 404;
  if (Number.isNaN(orgId) || missing(org.error) || missing(camps.error)) {
    return <OrgNotFound backTo="/host/dashboard" backLabel="Back to my organizations" />;
  }

  const approved = org.data?.status === 'approved';
  const orgName = org.data?.name;
  const mayAdd = may(org.data, 'camps:manage');

  return (
    <PageFrame
      title="My Camps"
      parent={{ to: `/host/org/${orgId}`, label: orgName ?? 'Organization' }}
      actions={
        approved && mayAdd ? (
          <Button color="sun" onClick={open}>
            + New Camp
          </Button>
        ) : null
      }
    >
      <Stack gap="lg">
        {org.data && !approved ? <NotApprovedNote org={org.data} /> : null}
        {org.error ? (
          <LoadError message="We could not load this organization." onRetry={() => org.refetch()} />
        ) : null}

        {camps.isPending || org.isPending ? (
          <CampGridSkeleton />
        ) : camps.error ? (
          <LoadError message="We could not load your camps." onRetry={() => camps.refetch()} />
        ) : camps.data.length === 0 ? (
          <EmptyState canAdd={approved} mayAdd={mayAdd} onAdd={open} />
        ) : (
          <SimpleGrid cols={gridCols} spacing="lg">
            {camps.data.map((camp) => (
              <CampCard
                key={camp.id}
                camp={camp}
                href={`/host/camp/${camp.id}`}
                footer={<CampPlaces camp={camp} org={org.data} />}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {org.data && approved && mayAdd ? (
        <NewCampModal org={org.data} opened={adding} onClose={close} />
      ) : null}
    </PageFrame>
  );
}
