import type { CampDetail } from '@campwise/contract/camps';
import { formatMoney } from '@campwise/contract/format';
import { sessionNotice } from '@campwise/contract/session-text';
import { Anchor, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconListDetails,
  IconMessageQuestion,
  IconPencilPlus,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { usePublicCamp, usePublicOrgCamps } from '../../api/camps.ts';
import { countCampView } from '../../api/insights.ts';
import { useVisitorType } from '../../app/session.ts';
import { CampReviewsSection } from '../../components/camp-reviews/camp-reviews-section.tsx';
import { CampCard, CampCardSkeleton } from '../../components/camps/camp-card.tsx';
import { CampCarousel } from '../../components/camps/camp-carousel.tsx';
import { CampCategoryBadges, CampDescription, CampFacts } from '../../components/camps/camp-facts.tsx';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { AddToBasketButton } from '../../components/family-basket/add-to-basket-button.tsx';
import { FriendsGoingCard } from '../../components/friends/friends-going.tsx';
import { SaveMaybeButton } from '../../components/maybes/save-maybe-button.tsx';
import { arrivalState, useArrivalParent } from '../../components/page/arrival-parent.ts';
import { Columns } from '../../components/page/columns.tsx';
import padding from '../../components/page/padding.module.css';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton, ProfileSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import { Split, SplitColumn } from '../../components/page/split.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { CampRefundPolicy } from '../../components/refund-policy/refund-policy-note.tsx';
import { registerPath } from '../../components/registrations/register-path.ts';
import { spotsLeftText } from '../../components/registrations/registration-text.ts';
import { useRouteId } from '../../components/route-id.ts';
import { PublicSessionsList, showSessions } from '../../components/sessions/public-sessions-list.tsx';
import classes from './camp-profile.module.css';

const gridCols = { base: 1, xs: 2, md: 3 };

/**
 * Register, for a parent and for a guest (who signs up or logs in and comes back to this camp);
 * with several sessions, the way to the list of them. A single session not open for booking
 * says when it opens (or that it has closed) instead, and a single session has its "Save as
 * maybe" heart here. Hosts and administrators see none of it.
 */
function RegisterAction({ camp }: { camp: CampDetail }) {
  const visitor = useVisitorType();
  if (visitor !== null && visitor !== 'camper') return null;
  const here = `/camps/${camp.id}`;
  const [only] = camp.sessions;
  const several = camp.sessions.length > 1;
  const notice = !several && only ? sessionNotice(camp, only) : null;
  return (
    <Stack gap={6} align="flex-start">
      <Group gap="sm">
        {several ? (
          <Button
            color="sun"
            size="md"
            leftSection={<IconListDetails size={18} aria-hidden />}
            onClick={showSessions}
          >
            Choose a session
          </Button>
        ) : notice ? (
          <Text fw={700} c="sun.9">
            {notice}
          </Text>
        ) : (
          <Button
            component={Link}
            to={registerPath(camp.id, visitor === 'camper')}
            color="sun"
            size="md"
            leftSection={<IconPencilPlus size={18} aria-hidden />}
          >
            Register
          </Button>
        )}
        {!several && only && !notice ? <AddToBasketButton sessionId={only.id} name={camp.name} /> : null}
        {/* With several sessions each one has its own heart in the list. */}
        {!several && only ? <SaveMaybeButton campId={camp.id} sessionId={only.id} name={camp.name} /> : null}
      </Group>
      <Anchor component={Link} to={`/camps/${camp.id}/ask`} fw={700} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconMessageQuestion size={18} aria-hidden />
          Ask the host a question
        </Group>
      </Anchor>
      {visitor ? null : (
        <Text size="sm" c="gray.8">
          Already have a parent account?{' '}
          <Anchor component={Link} to={`/camper/login?returnTo=${encodeURIComponent(here)}`} fw={700}>
            Sign in
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

/** On a phone, Register stays in reach at the bottom of the screen while the camp is read. */
function StickyRegisterBar({ camp }: { camp: CampDetail }) {
  const visitor = useVisitorType();
  if (visitor !== null && visitor !== 'camper') return null;
  const several = camp.sessions.length > 1;
  const [only] = camp.sessions;
  // A single session not yet open (or closed) has nothing to register for.
  if (!several && only && sessionNotice(camp, only)) return null;
  return (
    // Shown on a phone by the stylesheet, so a page rendered on the server is laid out before any script runs.
    <Box className={classes.stickyBar} hiddenFrom="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Box style={{ minWidth: 0 }}>
          <Text fw={800}>
            {several ? `From ${formatMoney(camp.costCents)}` : formatMoney(camp.costCents)}
          </Text>
          <Text size="xs" c="gray.7" truncate>
            {several ? `${camp.sessions.length} sessions · ${spotsLeftText(camp)}` : spotsLeftText(camp)}
          </Text>
        </Box>
        {several ? (
          <Button color="sun" onClick={showSessions}>
            See sessions
          </Button>
        ) : (
          <Button
            component={Link}
            to={registerPath(camp.id, visitor === 'camper')}
            color="sun"
            aria-label={`Register for ${camp.name}`}
          >
            Register
          </Button>
        )}
      </Group>
    </Box>
  );
}

/** 'Other camps offered by this organization': its listed camps except this one. */
function OtherCamps({ camp }: { camp: CampDetail }) {
  const camps = usePublicOrgCamps(camp.orgId);
  const others = camps.data?.filter((other) => other.id !== camp.id) ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="other-camps-heading">
      <Title order={2} id="other-camps-heading">
        Other camps offered by this organization
      </Title>
      <QueryState
        query={camps}
        skeleton={
          <LoadingSkeleton label="Loading other camps">
            <Columns cols={gridCols} spacing="lg">
              {['a', 'b', 'c'].map((key) => (
                <CampCardSkeleton key={key} />
              ))}
            </Columns>
          </LoadingSkeleton>
        }
        errorMessage="We could not load the other camps."
        isEmpty={() => others.length === 0}
        empty={<Text c="gray.7">{camp.orgName} has no other camps listed right now.</Text>}
      >
        {() => (
          <Columns cols={gridCols} spacing="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {others.map((other) => (
              <li key={other.id}>
                <CampCard
                  camp={other}
                  href={`/camps/${other.id}`}
                  from={{ to: `/orgs/${camp.orgId}`, label: camp.orgName }}
                />
              </li>
            ))}
          </Columns>
        )}
      </QueryState>
    </Stack>
  );
}

/** A camp's public profile (docs/product-spec.md, section 2). */
export default function CampProfile() {
  const id = useRouteId();
  const query = usePublicCamp(id);
  usePageTitle(query.data?.name);

  if (Number.isNaN(id) || query.error) {
    return (
      <CampLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/search"
        backLabel="Search camps"
      />
    );
  }
  if (query.isPending) return <ProfileSkeleton label="Loading camp" />;
  return <CampProfileView camp={query.data} />;
}

function CampProfileView({ camp }: { camp: CampDetail }) {
  const parent = useArrivalParent({ to: `/orgs/${camp.orgId}`, label: camp.orgName });
  // One count per opening of the profile, for the host's insights: no cookie, nothing about the visitor.
  useEffect(() => countCampView(camp.id), [camp.id]);
  return (
    <PageFrame
      title={camp.name}
      parent={parent}
      description={
        <Stack gap="xs">
          <Text size="lg" c="dark" style={{ overflowWrap: 'anywhere' }}>
            Hosted by <strong>{camp.orgName}</strong>
          </Text>
          <CampCategoryBadges categories={camp.categories} />
        </Stack>
      }
    >
      <Stack gap="xl">
        <Stack gap="lg">
          <Split>
            <SplitColumn span={6}>
              <CampCarousel campName={camp.name} images={camp.images} />
            </SplitColumn>
            <SplitColumn span={6}>
              <Stack gap="lg">
                <CampFacts camp={camp} />
                <Text fw={700} c={camp.spotsLeft > 0 ? 'leaf.8' : 'sun.9'}>
                  {spotsLeftText(camp)}
                </Text>
                <RegisterAction camp={camp} />
              </Stack>
            </SplitColumn>
          </Split>
          <FriendsGoingCard campId={camp.id} sessions={camp.sessions} />
          {camp.sessions.length > 1 ? (
            <PublicSessionsList
              campId={camp.id}
              sessions={camp.sessions}
              takesRegistrations={camp.takesRegistrations}
            />
          ) : null}
          <CampRefundPolicy policy={camp.refundPolicy} />
          <Card className={padding.card}>
            <Stack gap="sm">
              <Title order={2} fz="h3">
                About this camp
              </Title>
              <CampDescription description={camp.description} />
            </Stack>
          </Card>
          <CampReviewsSection of={{ campId: camp.id }} />
          <Card className={padding.card} bg="leaf.0">
            <Group justify="space-between" align="center" gap="md">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Box c="leaf.7" aria-hidden style={{ lineHeight: 0, flexShrink: 0 }}>
                  <IconBuildingCommunity size={32} />
                </Box>
                <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
                  Camp Run by {camp.orgName}
                </Title>
              </Group>
              <Button
                component={Link}
                to={`/orgs/${camp.orgId}`}
                state={arrivalState({ to: `/camps/${camp.id}`, label: camp.name })}
                variant="outline"
              >
                View Org
              </Button>
            </Group>
          </Card>
        </Stack>
        <OtherCamps camp={camp} />
        <StickyRegisterBar camp={camp} />
      </Stack>
    </PageFrame>
  );
}
