import { messages } from '@campwise/contract/messages';
import type { HostOrg } from '@campwise/contract/orgs';
import {
  Alert,
  Anchor,
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useHostOrgs } from '../../api/orgs.ts';
import { Illustration } from '../../components/illustration.tsx';
import { OrgThumbnail } from '../../components/orgs/org-thumbnail.tsx';
import { LoadError } from '../../components/page-state.tsx';
import classes from './dashboard.module.css';
import { NewOrgModal } from './new-org-modal.tsx';

const gridCols = { base: 1, xs: 2, md: 3, lg: 4 };

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function StatusText({ children, color }: { children: string; color: string }) {
  return (
    <Text size="sm" fw={800} c={color} style={{ letterSpacing: '0.08em' }}>
      {children}
    </Text>
  );
}

/** The reason a reviewer gave, in a soft box so it reads as feedback rather than an error. */
function DenyReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Box bg="sun.0" p="xs" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text size="sm" lineClamp={4}>
        <Text span fw={700}>
          Reason:{' '}
        </Text>
        {reason}
      </Text>
    </Box>
  );
}

function SmallLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} className={classes.above}>
      {children}
    </Anchor>
  );
}

function OrgStatus({ org }: { org: HostOrg }) {
  if (org.status === 'pending') {
    return (
      <>
        <StatusText color="red.7">PENDING REVIEW</StatusText>
        <Text size="sm" c="gray.7">
          Submitted {formatDate(org.submittedAt)}
        </Text>
        <SmallLink to={`/host/revieweditorg/${org.id}`}>View submission</SmallLink>
      </>
    );
  }
  if (org.status === 'denied') {
    return (
      <>
        <StatusText color="sun.9">DENIED</StatusText>
        <DenyReason reason={org.denyReason} />
        <SmallLink to={`/host/editorg/${org.id}`}>Edit and resubmit</SmallLink>
      </>
    );
  }
  if (org.revision?.status === 'pending') {
    return (
      <>
        <Text size="sm" fw={700} c="sun.9">
          Changes in review
        </Text>
        <Text size="sm" c="gray.7">
          Your current details stay live until the changes are approved.
        </Text>
        <SmallLink to={`/host/revieweditorg/${org.id}`}>View changes</SmallLink>
      </>
    );
  }
  if (org.revision?.status === 'denied') {
    return (
      <>
        <Text size="sm" fw={700} c="sun.9">
          Changes not approved
        </Text>
        <DenyReason reason={org.revision.denyReason} />
        <SmallLink to={`/host/editorg/${org.id}`}>Edit and resubmit</SmallLink>
      </>
    );
  }
  return (
    <Text size="sm" c="leaf.8" fw={600}>
      Approved
    </Text>
  );
}

/** Approved organizations open their profile; the others are faded and not linked (spec 2). */
function OrgCard({ org }: { org: HostOrg }) {
  const approved = org.status === 'approved';
  return (
    <Card
      component="article"
      padding="md"
      className={classes.card}
      data-linked={approved || undefined}
      data-faded={approved ? undefined : true}
    >
      <Card.Section>
        <OrgThumbnail image={org.thumbnail} size="small" alt="" faded={!approved} radius="0" />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title
          order={2}
          fz="lg"
          lh={1.3}
          c={approved ? undefined : 'gray.8'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {approved ? (
            <Anchor
              component={Link}
              to={`/host/org/${org.id}`}
              className={classes.stretched}
              underline="hover"
              inherit
            >
              {org.name}
            </Anchor>
          ) : (
            org.name
          )}
        </Title>
        <OrgStatus org={org} />
      </Stack>
    </Card>
  );
}

function OrgGridSkeleton() {
  return (
    <Box aria-busy="true">
      <VisuallyHidden role="status">Loading your organizations</VisuallyHidden>
      <SimpleGrid cols={gridCols} spacing="lg">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Card key={key} padding="md">
            <Card.Section>
              <AspectRatio ratio={4 / 3}>
                <Skeleton radius={0} />
              </AspectRatio>
            </Card.Section>
            <Skeleton height={18} mt="md" width="70%" />
            <Skeleton height={12} mt="sm" width="40%" />
          </Card>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="hero-host" width={260} height={195} />
        <Title order={2}>No Organizations Added Yet</Title>
        <Text c="gray.7" maw={480}>
          Add the organization that runs your camps. Once our team has reviewed and approved it, you can add
          its camps and start taking registrations.
        </Text>
        <Button color="sun" onClick={onAdd}>
          Add your first organization
        </Button>
      </Stack>
    </Card>
  );
}

/** MY ORGANIZATIONS: the host dashboard (also at /host/orgs). */
export default function HostDashboard() {
  const orgs = useHostOrgs();
  const [params, setParams] = useSearchParams();
  const [adding, { open, close }] = useDisclosure(false);
  const updated = params.get('orgupdate') === 'true';

  const dismissBanner = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('orgupdate');
        return next;
      },
      { replace: true },
    );

  return (
    <Container py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1} className="cw-caps-heading">
              My Organizations
            </Title>
            <Text c="gray.7">
              New organizations and changes are reviewed by our team before they go live.
            </Text>
          </Stack>
          <Button color="sun" onClick={open}>
            + New Organization
          </Button>
        </Group>

        {updated ? (
          <Alert
            color="leaf"
            variant="filled"
            role="status"
            icon={<IconCircleCheck aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={dismissBanner}
          >
            {messages.orgUpdatedInReview}
          </Alert>
        ) : null}

        {orgs.isPending ? (
          <OrgGridSkeleton />
        ) : orgs.error ? (
          <LoadError message="We could not load your organizations." onRetry={() => orgs.refetch()} />
        ) : orgs.data.length === 0 ? (
          <EmptyState onAdd={open} />
        ) : (
          <SimpleGrid cols={gridCols} spacing="lg">
            {orgs.data.map((org) => (
              <OrgCard key={org.id} org={org} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <NewOrgModal opened={adding} onClose={close} />
    </Container>
  );
}
