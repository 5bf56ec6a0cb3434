import type { HealthProfile } from '@campwise/contract/health-profiles';
import { messages } from '@campwise/contract/messages';
import {
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFirstAidKit, IconPencil } from '@tabler/icons-react';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { healthProfileKey } from '../../api/health-profiles.ts';
import { AppModal } from '../app-modal.tsx';
import { LoadError } from '../page/page-state.tsx';
import { HealthProfileForm } from './health-profile-form.tsx';
import { AllergyBadges, HealthSummary } from './health-summary.tsx';

/** The version of each child's profile the parent confirmed as still correct. */
export type HealthReviews = Record<number, number>;

type ProfileQuery = UseQueryResult<HealthProfile | null>;

/** The chosen campers' health profiles, for the review and for the check before paying. */
export function useHealthProfiles(campers: { id: number }[]): ProfileQuery[] {
  return useQueries({
    queries: campers.map((child) => ({
      queryKey: healthProfileKey(child.id),
      queryFn: async () =>
        (
          await apiRequest<{ data: HealthProfile | null }>(
            'GET',
            `/camper/campers/${child.id}/health-profile`,
          )
        ).data,
    })),
  });
}

/**
 * The reviews a registration sends, and the message when a chosen camper's profile is not yet
 * confirmed as still correct. A camper without a profile is asked to fill it in but not held
 * back: the camp then has no profile for them (decision 028).
 */
export function healthReviewsFor(
  campers: { id: number }[],
  profiles: ProfileQuery[],
  reviews: HealthReviews,
): { reviews: { childId: number; version: number }[]; problem: string | null } {
  const confirmed: { childId: number; version: number }[] = [];
  let problem: string | null = null;
  campers.forEach((child, index) => {
    const query = profiles[index];
    if (!query?.isSuccess) {
      problem = messages.healthReviewRequired;
      return;
    }
    if (query.data === null) return;
    if (reviews[child.id] === query.data.version)
      confirmed.push({ childId: child.id, version: query.data.version });
    else problem = messages.healthReviewRequired;
  });
  return { reviews: confirmed, problem };
}

interface ChildReviewProps {
  child: { id: number; firstName: string };
  profile: HealthProfile | null;
  confirmedVersion: number | undefined;
  onConfirm: (version: number | undefined) => void;
}

function ChildReview({ child, profile, confirmedVersion, onConfirm }: ChildReviewProps) {
  const [editing, edit] = useDisclosure(false);
  const [open, setOpen] = useState(false);
  const confirmed = profile !== null && confirmedVersion === profile.version;
  const summaryId = `health-summary-${child.id}`;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Text fw={700}>{child.firstName}</Text>
          {profile ? (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={edit.open}
              aria-label={`Edit ${child.firstName}'s health profile`}
            >
              Edit
            </Button>
          ) : null}
        </Group>
        {profile ? (
          <>
            {profile.allergies.length > 0 ? (
              <AllergyBadges allergies={profile.allergies} />
            ) : (
              <Text size="sm" c="gray.7">
                No allergies listed.
              </Text>
            )}
            <Text size="sm" c="gray.7">
              {profile.medications.length === 1
                ? '1 medication'
                : `${profile.medications.length} medications`}{' '}
              ·{' '}
              {profile.emergencyContacts.length === 1
                ? '1 emergency contact'
                : `${profile.emergencyContacts.length} emergency contacts`}{' '}
              ·{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                aria-expanded={open}
                aria-controls={summaryId}
                onClick={() => setOpen((shown) => !shown)}
              >
                {open ? 'Hide the profile' : 'Show the whole profile'}
              </Anchor>
            </Text>
            <Collapse in={open} id={summaryId}>
              <HealthSummary profile={profile} otherNotes={profile.otherNotes} />
            </Collapse>
            <Checkbox
              checked={confirmed}
              onChange={(event) => onConfirm(event.currentTarget.checked ? profile.version : undefined)}
              label={`${child.firstName}'s health profile is still correct`}
              description="The camp's hosts are shown this version."
            />
          </>
        ) : (
          // Not an alert: an invitation, which must not be taken for a refusal of the payment.
          <Paper p="sm" radius="md" bg="var(--mantine-color-sun-light)">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <IconFirstAidKit size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{messages.healthProfileMissing.replace('{name}', child.firstName)}</Text>
                <Button size="xs" color="sun" onClick={edit.open}>
                  Fill in health profile
                </Button>
              </Stack>
            </Group>
          </Paper>
        )}
      </Stack>
      <AppModal opened={editing} onClose={edit.close} title={`${child.firstName}'s health profile`} size="xl">
        <HealthProfileForm
          childId={child.id}
          childName={child.firstName}
          profile={profile}
          onCancel={edit.close}
          onSaved={(saved) => {
            // Just written and read by the parent: that is the review.
            onConfirm(saved.version);
            edit.close();
          }}
        />
      </AppModal>
    </Paper>
  );
}

interface HealthReviewProps {
  campers: { id: number; firstName: string }[];
  profiles: ProfileQuery[];
  reviews: HealthReviews;
  onChange: (reviews: HealthReviews) => void;
  problem: string | null;
}

/**
 * Checkout's health step (decision 028): each chosen camper's profile, kept once, to confirm as
 * still correct (or to fill in, or correct, here) rather than to type again.
 */
export function HealthReview({ campers, reviews, onChange, problem }: HealthReviewProps) {
  const profiles = useQueries({
    queries: campers.map((child) => ({
      queryKey: healthProfileKey(child.id),
      queryFn: async () =>
        (
          await apiRequest<{ data: HealthProfile | null }>(
            'GET',
            `/camper/campers/${child.id}/health-profile`,
          )
        ).data,
    })),
  });
  if (campers.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Choose campers to review their health profiles.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {campers.map((child, index) => {
        const query = profiles[index];
        if (!query || query.isPending) {
          return (
            <Stack key={child.id} gap="xs" aria-busy="true">
              <VisuallyHidden role="status">Loading {child.firstName}'s health profile</VisuallyHidden>
              <Skeleton height={72} radius="md" />
            </Stack>
          );
        }
        if (query.error) {
          return (
            <LoadError
              key={child.id}
              message={`We could not load ${child.firstName}'s health profile.`}
              onRetry={() => query.refetch()}
            />
          );
        }
        return (
          <ChildReview
            key={child.id}
            child={child}
            profile={query.data}
            confirmedVersion={reviews[child.id]}
            onConfirm={(version) => {
              const next = { ...reviews };
              if (version === undefined) delete next[child.id];
              else next[child.id] = version;
              onChange(next);
            }}
          />
        );
      })}
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
