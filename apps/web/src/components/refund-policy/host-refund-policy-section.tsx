import { refundPolicyText } from '@campwise/contract/refund-policy';
import { Button, Paper, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useRefundPolicy } from '../../api/refund-policy.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { RefundPolicyModal } from './refund-policy-modal.tsx';

/** A camp's refund policy on the host's camp pages, in the words families read, with Edit. */
export function HostRefundPolicySection({ campId }: { campId: number }) {
  const query = useRefundPolicy(campId);
  const [opening, setOpening] = useState(0);
  const [opened, dialog] = useDisclosure(false);

  const body = (
    <QueryState
      query={query}
      skeleton={
        <LoadingSkeleton label="Loading the refund policy">
          <Skeleton height={56} radius="md" />
        </LoadingSkeleton>
      }
      errorMessage="We could not load the refund policy."
    >
      {(policy) => (
        <Paper withBorder radius="md" p="md" bg="leaf.0">
          <Text>{refundPolicyText(policy)}</Text>
        </Paper>
      )}
    </QueryState>
  );

  return (
    <SectionCard
      title="Refund policy"
      headingId="refund-policy-heading"
      description="What a family gets back when it cancels. Families see it on the camp page and before they pay."
      action={
        <Button
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
          onClick={() => {
            setOpening((count) => count + 1);
            dialog.open();
          }}
          disabled={!query.data}
          aria-label="Edit refund policy"
        >
          Edit
        </Button>
      }
    >
      {body}
      {query.data ? (
        <RefundPolicyModal
          campId={campId}
          saved={query.data}
          opened={opened}
          opening={opening}
          onClose={dialog.close}
        />
      ) : null}
    </SectionCard>
  );
}
