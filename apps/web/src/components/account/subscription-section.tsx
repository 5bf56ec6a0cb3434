import { formatMomentDay } from '@campwise/contract/format';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBillingPortal, useSetRenewal, useSubscription } from '../../api/subscriptions.ts';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';

const statusLabels = {
  active: { label: 'Active', color: 'leaf' },
  past_due: { label: 'Payment overdue', color: 'sun' },
  canceled: { label: 'Cancelled', color: 'red' },
  incomplete: { label: 'Not started', color: 'gray' },
} as const;

/** The host's subscription on the account settings page: status, renewal, manage or cancel. */
export function SubscriptionSection() {
  const subscription = useSubscription();
  const renewal = useSetRenewal();
  const portal = useBillingPortal();

  const content = (
    <QueryState
      query={subscription}
      skeleton={<Skeleton height={60} aria-label="Loading subscription" />}
      errorMessage="We could not load your subscription."
    >
      {(state) => {
        if (!state.isSubscribed) {
          return (
            <Stack gap="sm" align="flex-start">
              <Text>
                {state.status === 'canceled'
                  ? 'Your subscription has ended. Subscribe again to manage your organizations and camps.'
                  : 'You do not have a subscription yet.'}
              </Text>
              <Button component={Link} to="/host/subscribe" color="sun">
                Subscribe
              </Button>
            </Stack>
          );
        }
        const status = state.status ? statusLabels[state.status] : statusLabels.incomplete;
        const periodEnd = state.currentPeriodEnd ? formatMomentDay(state.currentPeriodEnd) : null;
        return (
          <Stack gap="md">
            <Group gap="sm">
              <Text fw={600}>Status</Text>
              <Badge color={status.color} variant="light">
                {state.cancelAtPeriodEnd ? 'Ends at period end' : status.label}
              </Badge>
            </Group>
            {periodEnd ? (
              <Text>
                {state.cancelAtPeriodEnd
                  ? `Your subscription ends on ${periodEnd}.`
                  : `Renews on ${periodEnd}.`}
              </Text>
            ) : null}
            {state.status === 'past_due' ? (
              <Alert color="sun" variant="light">
                Your last renewal payment did not go through. Please update your card to keep your listings
                live.
              </Alert>
            ) : null}
            {renewal.error || portal.error ? (
              <Alert color="red" variant="light" role="alert">
                {(renewal.error ?? portal.error)?.message}
              </Alert>
            ) : null}
            <Group>
              {state.hasBillingPortal ? (
                <Button
                  variant="light"
                  loading={portal.isPending}
                  onClick={() =>
                    portal.mutate(undefined, { onSuccess: (url) => window.location.assign(url) })
                  }
                >
                  Manage billing
                </Button>
              ) : null}
              {state.cancelAtPeriodEnd ? (
                <Button loading={renewal.isPending} onClick={() => renewal.mutate(false)}>
                  Keep my subscription
                </Button>
              ) : (
                <Button
                  variant="outline"
                  color="red"
                  loading={renewal.isPending}
                  onClick={() => renewal.mutate(true)}
                >
                  Cancel subscription
                </Button>
              )}
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );

  return <SectionCard title="Subscription">{content}</SectionCard>;
}
