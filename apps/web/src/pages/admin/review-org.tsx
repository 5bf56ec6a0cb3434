import { formatMoment } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { OrgReview } from '@campwise/contract/orgs';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useDecideReview, useOrgReview } from '../../api/orgs.ts';
import { BreakableText } from '../../components/breakable-text.tsx';
import { OrgChangeList, OrgDetailsView, visibleChanges } from '../../components/orgs/org-details.tsx';
import { OrgLoadFailure } from '../../components/orgs/org-page-states.tsx';
import { ORG_PROFILE_THUMBNAIL_SIZES, OrgThumbnail } from '../../components/orgs/org-thumbnail.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { useRouteId } from '../../components/route-id.ts';

const kindLabels = { new: 'New organization', revision: 'Revised details' } as const;

// Light badges use a darker text shade than Mantine's so they meet contrast on the page colour.
const kindBadges = {
  new: { label: kindLabels.new, color: 'leaf', text: 'leaf.8' },
  revision: { label: kindLabels.revision, color: 'sun', text: 'sun.9' },
  none: { label: 'Nothing to review', color: 'gray', text: 'gray.8' },
} as const;

const formatWhen = (iso: string) => formatMoment(iso, { compact: true });

const deniedSent =
  'Denial sent! The host will see your reason and can edit and resubmit. You can close this window';

function Decision({ review }: { review: OrgReview }) {
  const decide = useDecideReview(review.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  if (decide.isSuccess) {
    const approved = decide.data.status === 'approved';
    return (
      <Alert
        color="leaf"
        variant="light"
        role="status"
        icon={approved ? <IconCheck aria-hidden /> : <IconX aria-hidden />}
        title={approved ? 'Approved' : 'Denied'}
      >
        <Text size="sm">{approved ? messages.reviewResponseSent : deniedSent}</Text>
        {!approved && decide.variables.reason ? (
          <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
            <strong>Your reason:</strong> {decide.variables.reason}
          </Text>
        ) : null}
      </Alert>
    );
  }

  const deny = () => {
    if (!reason.trim()) {
      setReasonError(messages.denyReasonRequired);
      return;
    }
    decide.mutate({ approved: false, reason: reason.trim() });
  };

  const deciding = decide.isPending ? decide.variables.approved : null;

  return (
    <Stack gap="md">
      {decide.error ? (
        <Alert color="red" variant="light" role="alert">
          {decide.error.message}
        </Alert>
      ) : null}
      {review.kind === null ? (
        <Text c="gray.7">
          Nothing is waiting for review: this organization is {review.status}
          {review.status === 'approved' ? ' and has no changes to review' : ''}.
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {review.kind === 'new'
              ? 'Approving lists the organization and lets its host add camps.'
              : 'Approving replaces the live details with the revised ones.'}{' '}
            The host is emailed either way.
          </Text>
          <Group>
            <Button
              onClick={() => decide.mutate({ approved: true })}
              loading={deciding === true}
              disabled={deciding === false}
              leftSection={<IconCheck size={18} aria-hidden />}
            >
              Approve
            </Button>
          </Group>
          <Divider label="or deny it with a reason" labelPosition="left" />
          <Textarea
            label="Reason for denial"
            description="Needed to deny. The host sees this text and can edit and resubmit."
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            disabled={decide.isPending}
          />
          <Group>
            <Button
              color="red"
              variant="outline"
              onClick={deny}
              loading={deciding === false}
              disabled={deciding === true}
              leftSection={<IconX size={18} aria-hidden />}
            >
              Deny
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function History({ history }: { history: OrgReview['history'] }) {
  if (history.length === 0) return <Text c="gray.7">No decisions yet.</Text>;
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {history.map((entry) => (
        <Box
          component="li"
          key={`${entry.decidedAt}-${entry.kind}`}
          pl="md"
          style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}
        >
          <Group gap="xs">
            <Badge
              color={entry.approved ? 'leaf' : 'sun'}
              c={entry.approved ? 'leaf.8' : 'sun.9'}
              variant="light"
            >
              {entry.approved ? 'Approved' : 'Denied'}
            </Badge>
            <Text size="sm" fw={600}>
              {kindLabels[entry.kind]}
            </Text>
          </Group>
          <Text size="sm" c="gray.7" mt={4}>
            {entry.decidedBy} · {formatWhen(entry.decidedAt)}
          </Text>
          {entry.textResponse ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
              “{entry.textResponse}”
            </Text>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

/** ORGANIZATION REVIEW (docs/product-spec.md, section 2): the organization, what changed, and the decision. */
export default function ReviewOrg() {
  const id = useRouteId();
  const query = useOrgReview(id);

  if (Number.isNaN(id) || query.error) {
    return (
      <OrgLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/admin"
        backLabel="Back to the review queue"
      />
    );
  }
  if (query.isPending) return <ProfileSkeleton label="Loading the organization" />;
  const review = query.data;
  const kindBadge = review.kind ? kindBadges[review.kind] : kindBadges.none;
  const changes = visibleChanges(review.changes);

  return (
    <PageFrame
      title="Organization Review"
      parent={{ to: '/admin', label: 'Review Queue' }}
      badge={
        <Badge color={kindBadge.color} c={kindBadge.text} variant="light" size="lg">
          {kindBadge.label}
        </Badge>
      }
      description={
        <Text style={{ overflowWrap: 'anywhere' }}>
          Host: {review.hostName} (<BreakableText value={review.hostEmail} />)
        </Text>
      }
    >
      <Stack gap="lg">
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrgThumbnail
              image={review.thumbnail}
              size="large"
              sizes={ORG_PROFILE_THUMBNAIL_SIZES}
              alt={`${review.details.name} thumbnail`}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card p={{ base: 'lg', sm: 'xl' }}>
              <OrgDetailsView details={review.details} />
            </Card>
          </Grid.Col>
        </Grid>
        {review.kind === 'revision' ? (
          <Card p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={2} fz="h3">
                What changed
              </Title>
              {changes.length > 0 ? (
                <OrgChangeList changes={changes} fromLabel="Live now" toLabel="Proposed" />
              ) : (
                <Text c="gray.7">The revised details are the same as the live ones.</Text>
              )}
            </Stack>
          </Card>
        ) : null}
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card p={{ base: 'lg', sm: 'xl' }} h="100%">
              <Stack gap="md">
                <Title order={2} fz="h3">
                  Decision
                </Title>
                <Decision review={review} />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card p={{ base: 'lg', sm: 'xl' }} h="100%">
              <Stack gap="md">
                <Title order={2} fz="h3">
                  Review history
                </Title>
                <History history={review.history} />
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </PageFrame>
  );
}
