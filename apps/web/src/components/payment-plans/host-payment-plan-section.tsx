import { Button, Paper, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { usePaymentPlan } from '../../api/payment-plans.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { paymentPlanText } from './payment-plan-form.ts';
import { PaymentPlanModal } from './payment-plan-modal.tsx';

/** A camp's deposit and instalment settings on the host's camp page, with Edit. */
export function HostPaymentPlanSection({ campId }: { campId: number }) {
  const query = usePaymentPlan(campId);
  const [opening, setOpening] = useState(0);
  const [opened, dialog] = useDisclosure(false);

  const body = (
    <QueryState
      query={query}
      skeleton={
        <LoadingSkeleton label="Loading the deposit settings">
          <Skeleton height={56} radius="md" />
        </LoadingSkeleton>
      }
      errorMessage="We could not load the deposit settings."
    >
      {({ plan }) => (
        <Paper withBorder radius="md" p="md" bg="leaf.0">
          <Text>{paymentPlanText(plan)}</Text>
        </Paper>
      )}
    </QueryState>
  );

  return (
    <SectionCard
      title="Deposits and instalments"
      headingId="payment-plan-heading"
      description="Let families book with a deposit and pay the rest in instalments before the session starts."
      action={
        <Button
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
          onClick={() => {
            setOpening((count) => count + 1);
            dialog.open();
          }}
          disabled={!query.data}
          aria-label="Edit deposits and instalments"
        >
          Edit
        </Button>
      }
    >
      {body}
      {query.data ? (
        <PaymentPlanModal
          campId={campId}
          saved={query.data.plan}
          opened={opened}
          opening={opening}
          onClose={dialog.close}
        />
      ) : null}
    </SectionCard>
  );
}
