import type { PublicOrg } from '@campwise/contract/orgs';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { usePublicOrgCamps } from '../../api/camps.ts';
import { usePublicOrg } from '../../api/orgs.ts';
import { CampReviewsSection } from '../../components/camp-reviews/camp-reviews-section.tsx';
import { CampCard, CampCardSkeleton } from '../../components/camps/camp-card.tsx';
import { orgAddressLine } from '../../components/orgs/org-details.tsx';
import { OrgFacts } from '../../components/orgs/org-facts.tsx';
import { OrgLoadFailure } from '../../components/orgs/org-page-states.tsx';
import { ORG_PROFILE_THUMBNAIL_SIZES, OrgThumbnail } from '../../components/orgs/org-thumbnail.tsx';
import { useArrivalParent } from '../../components/page/arrival-parent.ts';
import { Columns } from '../../components/page/columns.tsx';
import padding from '../../components/page/padding.module.css';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton, ProfileSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import { Split, SplitColumn } from '../../components/page/split.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useRouteId } from '../../components/route-id.ts';

const gridCols = { base: 1, xs: 2, md: 3, lg: 4 };

/** 'Camps offered by this organization': its listed camps. */
function OrgCamps({ orgId, orgName }: { orgId: number; orgName: string }) {
  const camps = usePublicOrgCamps(orgId);
  return (
    <Stack gap="md" component="section" aria-labelledby="org-camps-heading">
      <Title order={2} id="org-camps-heading">
        Camps offered by this organization
      </Title>
      <QueryState
        query={camps}
        skeleton={
          <LoadingSkeleton label="Loading camps">
            <Columns cols={gridCols} spacing="lg">
              {['a', 'b', 'c', 'd'].map((key) => (
                <CampCardSkeleton key={key} />
              ))}
            </Columns>
          </LoadingSkeleton>
        }
        errorMessage="We could not load this organization’s camps."
        empty={<Text c="gray.7">{orgName} has no camps listed right now. Check back soon.</Text>}
      >
        {(listed) => (
          <Columns cols={gridCols} spacing="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {listed.map((camp) => (
              <li key={camp.id}>
                <CampCard
                  camp={camp}
                  href={`/camps/${camp.id}`}
                  from={{ to: `/orgs/${orgId}`, label: orgName }}
                />
              </li>
            ))}
          </Columns>
        )}
      </QueryState>
    </Stack>
  );
}

/** An approved organization's public profile (docs/product-spec.md, section 2). */
export default function OrgProfile() {
  const id = useRouteId();
  const query = usePublicOrg(id);
  usePageTitle(query.data?.name);

  if (Number.isNaN(id) || query.error) {
    return (
      <OrgLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/search"
        backLabel="Search camps"
      />
    );
  }
  if (query.isPending) return <ProfileSkeleton label="Loading organization" />;
  return <OrgProfileView org={query.data} />;
}

function OrgProfileView({ org }: { org: PublicOrg }) {
  const parent = useArrivalParent({ to: '/search', label: 'Search' });
  return (
    <PageFrame
      title={org.name}
      parent={parent}
      description={
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="lg" c="dark">
            {orgAddressLine(org)}
          </Text>
        </Group>
      }
    >
      <Stack gap="xl">
        <Stack gap="lg">
          <Split>
            <SplitColumn span={5}>
              <OrgThumbnail
                image={org.thumbnail}
                size="large"
                sizes={ORG_PROFILE_THUMBNAIL_SIZES}
                alt={`${org.name} thumbnail`}
                eager
              />
            </SplitColumn>
            <SplitColumn span={7}>
              <OrgFacts org={org} />
            </SplitColumn>
          </Split>
          <Card className={padding.card}>
            <Stack gap="sm">
              <Title order={2} fz="h3">
                About {org.name}
              </Title>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {org.bio ?? (
                  <Text span c="gray.7" fs="italic">
                    {org.name} has not written about itself yet.
                  </Text>
                )}
              </Text>
            </Stack>
          </Card>
        </Stack>
        <OrgCamps orgId={org.id} orgName={org.name} />
        <CampReviewsSection of={{ orgId: org.id }} title="Reviews of its camps" />
      </Stack>
    </PageFrame>
  );
}
