import { refundPolicyText } from '@campwise/contract/refund-policy';
import { Box, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useRefundPolicy } from '../../api/refund-policy.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
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
    <Card p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="refund-policy-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box style={{ flex: '1 1 16rem' }}>
            <Title order={2} fz="h3" id="refund-policy-heading">
              Refund policy
            </Title>
            <Text size="sm" c="gray.7" mt={4}>
              What a family gets back when it cancels. Families see it on the camp page and before they pay.
            </Text>
          </Box>
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
        </Group>
        {body}
      </Stack>
      {query.data ? (
        <RefundPolicyModal
          campId={campId}
          saved={query.data}
          opened={opened}
          opening={opening}
          onClose={dialog.close}
        />
      ) : null}
    </Card>
  );
}
