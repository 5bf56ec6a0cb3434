import { formatMomentDay, formatMoney } from '@campwise/contract/format';
import type { ReceiptListItem } from '@campwise/contract/receipts';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useReceipts } from '../../api/receipts.ts';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import type { ParentScreen } from '../../components/page/parent-link.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import { receiptPath } from '../../components/receipts/receipt-text.ts';
import { FindCampButton } from '../../components/search/find-camp-button.tsx';
import { YearEndStatements } from '../../components/tax-statements/year-end-statements.tsx';

const myRegistrations: ParentScreen = { to: '/camper/registrations', label: 'My Registrations' };

function ReceiptRow({ receipt }: { receipt: ReceiptListItem }) {
  const headingId = `receipt-${receipt.paymentId}`;
  return (
    <Card component="article" padding="lg" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={receiptPath(receipt.paymentId)} inherit>
              {receipt.campName}
            </Anchor>
          </Title>
          <Text size="sm" c="gray.7">
            Receipt {receipt.number} · {formatMomentDay(receipt.paidAt)}
            {receipt.kind === 'move'
              ? ' · Change of session'
              : receipt.kind === 'instalment'
                ? ' · Instalment'
                : ''}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text fw={800} c="leaf.8">
            {formatMoney(receipt.amountCents)}
          </Text>
          {receipt.refundedCents > 0 ? (
            <Text size="sm" c="gray.7">
              {formatMoney(receipt.refundedCents)} refunded
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

/** Every payment the parent made, newest first, each opening its receipt (`/camper/receipts`). */
export default function ReceiptsPage() {
  const receipts = useReceipts();
  return (
    <PageFrame title="Receipts" parent={myRegistrations}>
      <QueryState
        query={receipts}
        skeleton={
          <Stack gap="md" aria-busy="true" aria-label="Loading receipts">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={84} radius="lg" />
            ))}
          </Stack>
        }
        errorMessage="We could not load your receipts."
        empty={
          <Card padding="xl">
            <Stack align="center" ta="center" gap="md" py="lg">
              <Illustration name="wallet" width={240} height={180} />
              <Title order={2}>No receipts yet</Title>
              <Text c="gray.7" maw={460}>
                Each payment you make for a camp has a receipt here, with what it paid for and any refund.
              </Text>
              <FindCampButton />
            </Stack>
          </Card>
        }
      >
        {(paid) => (
          <Stack gap="md">
            <YearEndStatements />
            {paid.map((receipt) => (
              <ReceiptRow key={receipt.paymentId} receipt={receipt} />
            ))}
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
