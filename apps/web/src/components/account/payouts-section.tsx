import { messages } from '@campwise/contract/messages';
import type { PayoutAccount, PayoutAccountStatus } from '@campwise/contract/payouts';
import { Alert, Badge, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCalendarDollar, IconPercentage } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { usePayoutAccount, useStartPayoutOnboarding } from '../../api/payouts.ts';
import { Fact } from '../fact.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';

const statusLabels: Record<PayoutAccountStatus, { label: string; color: string }> = {
  none: { label: 'Not connected', color: 'gray' },
  incomplete: { label: 'Details needed', color: 'sun' },
  restricted: { label: 'Restricted', color: 'red' },
  active: { label: 'Active', color: 'leaf' },
};

/** Why the account is not taking charges yet, in the host's words. */
const statusNotes: Record<Exclude<PayoutAccountStatus, 'active'>, string> = {
  none: 'You have not connected a payout account yet.',
  incomplete: 'Your payout account still needs some details.',
  restricted: 'The payment provider needs more information before your account can take payments.',
};

/** Where coming back from the provider's onboarding leaves the host, from `?payouts=`. */
type Return = 'done' | 'again' | null;

function ReturnNotice({ back, account }: { back: Return; account: PayoutAccount }) {
  if (back === 'done' && account.status === 'active') {
    return (
      <Alert color="leaf" variant="light" role="status">
        Your payout account is connected. Families can now register and pay for your camps.
      </Alert>
    );
  }
  if (back === 'done') {
    return (
      <Alert color="sun" variant="light" role="status">
        We are checking your details with the payment provider. This page updates when they are done.
      </Alert>
    );
  }
  if (back === 'again' && account.status !== 'active') {
    return (
      <Alert color="sun" variant="light" role="status">
        The setup link expired before you finished. Press the button below to start again.
      </Alert>
    );
  }
  return null;
}

/** The host's payout account on the account settings page: status, bank, fee, schedule, setup. */
export function PayoutsSection() {
  const [params] = useSearchParams();
  const back = params.get('payouts');
  const returned: Return = back === 'done' || back === 'again' ? back : null;
  const account = usePayoutAccount({ waitForActive: returned === 'done' });
  const start = useStartPayoutOnboarding();
  const sectionRef = useRef<HTMLDivElement>(null);
  const loaded = account.isSuccess;

  // Back from onboarding, the section is at the bottom of the page: bring its news into view.
  useEffect(() => {
    if (returned && loaded) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [returned, loaded]);

  const content = (
    <QueryState
      query={account}
      skeleton={<Skeleton height={120} aria-label="Loading payout account" />}
      errorMessage="We could not load your payout account."
    >
      {(state) => {
        const status = statusLabels[state.status];
        const active = state.status === 'active';
        return (
          <Stack gap="md">
            <ReturnNotice back={returned} account={state} />
            <Group gap="sm">
              <Text fw={600}>Status</Text>
              <Badge color={status.color} variant="light" c={status.color === 'gray' ? 'gray.8' : undefined}>
                {status.label}
              </Badge>
            </Group>
            {state.status === 'active' ? null : (
              <Alert color="sun" variant="light" title="Families cannot register yet">
                {statusNotes[state.status]} {messages.payoutAccountNeeded}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <Fact icon={<IconBuildingBank size={18} />} label="Bank account">
                {state.bankLast4 ? `•••• ${state.bankLast4}` : 'None yet'}
              </Fact>
              <Fact icon={<IconPercentage size={18} />} label="Platform fee">
                Campwise keeps {state.feePercent}% of each payment
              </Fact>
              <Fact icon={<IconCalendarDollar size={18} />} label="Payouts">
                {state.payoutSchedule}
              </Fact>
            </SimpleGrid>
            {start.error ? (
              <Alert color="red" variant="light" role="alert">
                {start.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button
                color={active ? undefined : 'sun'}
                variant={active ? 'light' : 'filled'}
                loading={start.isPending || start.isSuccess}
                onClick={() => start.mutate(undefined, { onSuccess: (url) => window.location.assign(url) })}
              >
                {active ? 'Update payout details' : 'Connect payout account'}
              </Button>
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );

  return (
    <Box ref={sectionRef} style={{ scrollMarginTop: 'calc(4rem + var(--mantine-spacing-md))' }}>
      <SectionCard
        title="Payouts"
        description="Where the money families pay for your camps goes, less the platform fee."
      >
        {content}
      </SectionCard>
    </Box>
  );
}
