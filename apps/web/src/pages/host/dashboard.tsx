import { formatMomentDay } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { HostOrg } from '@campwise/contract/orgs';
import {
  Alert,
  Anchor,
  AspectRatio,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck, IconUsersGroup } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useHostOrgs } from '../../api/orgs.ts';
import { useSubscription } from '../../api/subscriptions.ts';
import { TwoFactorAskedAlert } from '../../components/account/two-factor-asked-alert.tsx';
import { TodaySection } from '../../components/host-today/today-section.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { OrgThumbnail } from '../../components/orgs/org-thumbnail.tsx';
import { ReviewBadge, reviewState } from '../../components/orgs/review-badge.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import { PayoutsNeededAlert } from '../../components/payouts/payouts-needed-alert.tsx';
import { RoleBadge } from '../../components/teams/role-badge.tsx';
import { isSignedInState, StaffSessions } from '../../components/teams/staff-sessions.tsx';
import { hostView, may } from '../../components/teams/team-rights.ts';
import classes from './dashboard.module.css';
import { NewOrgModal } from './new-org-modal.tsx';

const gridCols = { base: 1, xs: 2, md: 3, lg: 4 };

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
  const state = reviewState(org);
  // Staff see where the organization stands; its details are the owner's and managers'.
  const editable = may(org, 'org:edit');
  return (
    <>
      <Box>
        <ReviewBadge state={state} />
      </Box>
      {state === 'pending' ? (
        <>
          <Text size="sm" c="gray.7">
            Submitted {formatMomentDay(org.submittedAt)}
          </Text>
          {editable ? <SmallLink to={`/host/revieweditorg/${org.id}`}>View submission</SmallLink> : null}
        </>
      ) : state === 'denied' ? (
        <>
          <DenyReason reason={org.denyReason} />
          {editable ? <SmallLink to={`/host/editorg/${org.id}`}>Edit and resubmit</SmallLink> : null}
        </>
      ) : state === 'changes-pending' ? (
        <>
          <Text size="sm" c="gray.7">
            Your current details stay live until the changes are approved.
          </Text>
          {editable ? <SmallLink to={`/host/revieweditorg/${org.id}`}>View changes</SmallLink> : null}
        </>
      ) : state === 'changes-denied' ? (
        <>
          <DenyReason reason={org.revision?.denyReason ?? null} />
          {editable ? <SmallLink to={`/host/editorg/${org.id}`}>Edit and resubmit</SmallLink> : null}
        </>
      ) : null}
    </>
  );
}

/** Approved organizations open their profile; the others are faded and not linked (docs/product-spec.md, section 2). */
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
      <Stack gap={6} mt="md" flex={1}>
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
        <Group gap="sm" justify="space-between" mt="auto" pt={4}>
          <Anchor component={Link} to={`/host/team/${org.id}`} size="sm" fw={600} className={classes.above}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconUsersGroup size={16} aria-hidden />
              <span>
                Team<VisuallyHidden> of {org.name}</VisuallyHidden>
              </span>
            </Group>
          </Anchor>
          {org.myRole === 'owner' ? null : <RoleBadge role={org.myRole} size="sm" />}
        </Group>
      </Stack>
    </Card>
  );
}

function OrgGridSkeleton() {
  return (
    <LoadingSkeleton label="Loading your organizations">
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
    </LoadingSkeleton>
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

/** A host on someone else's team, without a plan of their own: how to list their own. */
function OwnPlanNote() {
  return (
    <Text size="sm" c="gray.7">
      Want to list an organization of your own?{' '}
      <Anchor component={Link} to="/host/subscribe" fw={600}>
        Subscribe
      </Anchor>{' '}
      to add it.
    </Text>
  );
}

/**
 * MY ORGANIZATIONS: the host dashboard (also at /host/orgs). It lists the host's own
 * organizations and those whose team they are on, each with what their role there allows.
 */
export default function HostDashboard() {
  const orgs = useHostOrgs();
  const subscription = useSubscription();
  // Until both are known, the owner's links show, as they do for most hosts.
  const isSubscribed = subscription.data?.isSubscribed ?? true;
  const view = hostView(orgs.data ?? [], isSubscribed);
  const [params, setParams] = useSearchParams();
  const justSignedIn = isSignedInState(useLocation().state);
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
    <PageFrame
      title="My Organizations"
      description="New organizations and changes are reviewed by our team before they go live."
      actions={
        <Group gap="sm">
          {view.insights ? (
            <Button component={Link} to="/host/insights" variant="light">
              Season insights
            </Button>
          ) : null}
          {view.earnings ? (
            <Button component={Link} to="/host/earnings" variant="light">
              Earnings
            </Button>
          ) : null}
          {view.newOrg ? (
            <Button color="sun" onClick={open}>
              + New Organization
            </Button>
          ) : null}
        </Group>
      }
    >
      <Stack gap="lg">
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
        {view.earnings ? <PayoutsNeededAlert /> : null}
        <TwoFactorAskedAlert />
        {orgs.data?.some((org) => org.myRole !== 'staff') ? <TodaySection /> : null}
        {orgs.data?.some((org) => org.myRole === 'staff') ? (
          <StaffSessions landOnToday={justSignedIn && orgs.data.every((org) => org.myRole === 'staff')} />
        ) : null}

        <QueryState
          query={orgs}
          skeleton={<OrgGridSkeleton />}
          errorMessage="We could not load your organizations."
          empty={<EmptyState onAdd={open} />}
        >
          {(mine) => (
            <Stack gap="lg">
              <SimpleGrid cols={gridCols} spacing="lg">
                {mine.map((org) => (
                  <OrgCard key={org.id} org={org} />
                ))}
              </SimpleGrid>
              {view.newOrg ? null : <OwnPlanNote />}
            </Stack>
          )}
        </QueryState>
      </Stack>
      {view.newOrg ? <NewOrgModal opened={adding} onClose={close} /> : null}
    </PageFrame>
  );
}
