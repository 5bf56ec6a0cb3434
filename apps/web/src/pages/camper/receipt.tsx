import { brandName } from '@campwise/contract/cards';
import { formatDateRange, formatMomentDay, formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { RECEIPT_DATES, type Receipt, type ReceiptLine, receiptLineItems } from '@campwise/contract/receipts';
import { Box, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCreditCard,
  IconDownload,
  IconUser,
} from '@tabler/icons-react';
import { ApiError } from '../../api/client.ts';
import { receiptPdfDownload, useReceipt } from '../../api/receipts.ts';
import { useDownload } from '../../api/registrations.ts';
import { Fact } from '../../components/fact.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError, ProfileSkeleton, ResourceNotFound } from '../../components/page/page-state.tsx';
import type { ParentScreen } from '../../components/page/parent-link.tsx';
import { RECEIPTS_PATH } from '../../components/receipts/receipt-text.ts';
import { useRouteId } from '../../components/route-id.ts';

const receipts: ParentScreen = { to: RECEIPTS_PATH, label: 'Receipts' };

/** A label and an amount on one line, the amount right-aligned in figures of one width. */
function AmountRow({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" fw={strong ? 800 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 800 : undefined}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {formatMoney(cents)}
      </Text>
    </Group>
  );
}

function PlaceLine({ line }: { line: ReceiptLine }) {
  return (
    <Stack gap={6} component="section" aria-label={`${line.childName}, ${line.placeName}`}>
      <Box>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {line.childName} · {line.placeName}
        </Text>
        {line.startDate ? (
          <Text size="sm" c="gray.7">
            {formatDateRange(line.startDate, line.endDate, RECEIPT_DATES)}
          </Text>
        ) : null}
      </Box>
      <Stack gap={4} pl="md">
        {receiptLineItems(line).map((item) => (
          <AmountRow key={item.label} label={item.label} cents={item.amountCents} />
        ))}
        <AmountRow label="Line total" cents={line.totalCents} strong />
      </Stack>
    </Stack>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  return (
    <Stack gap="lg">
      <Card p={{ base: 'lg', sm: 'xl' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact icon={<IconCalendarEvent size={18} />} label="Paid on">
            {formatMomentDay(receipt.paidAt, RECEIPT_DATES)}
          </Fact>
          <Fact icon={<IconBuildingCommunity size={18} />} label="Camp">
            {receipt.campName}
            {receipt.orgName ? ` by ${receipt.orgName}` : ''}
            {receipt.orgAddress ? (
              <Text span display="block" size="sm" c="gray.7">
                {receipt.orgAddress}
              </Text>
            ) : null}
            {receipt.provider ? (
              <Text span display="block" size="sm" c="gray.7">
                {receipt.provider.legalName} · EIN {receipt.provider.einMasked}
              </Text>
            ) : null}
          </Fact>
          <Fact icon={<IconUser size={18} />} label="Paid by">
            {receipt.payer.name} ({receipt.payer.email})
          </Fact>
          <Fact icon={<IconCreditCard size={18} />} label="Card">
            {receipt.card
              ? `${brandName(receipt.card.brand)} ending in ${receipt.card.last4}`
              : 'A card since removed'}
          </Fact>
        </SimpleGrid>
      </Card>

      <Card p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="receipt-what">
        <Stack gap="md">
          <Title order={2} fz="h3" id="receipt-what">
            {receipt.kind === 'move' ? 'Change of session' : 'What you paid for'}
          </Title>
          {receipt.planNote ? (
            <Text size="sm" c="gray.7">
              {receipt.planNote}
            </Text>
          ) : null}
          {receipt.kind === 'move' && receipt.moveDescription ? (
            <AmountRow label={`${receipt.moveDescription}: the difference`} cents={receipt.amountCents} />
          ) : (
            receipt.lines.map((line) => <PlaceLine key={line.registrationId} line={line} />)
          )}
          <Divider />
          <AmountRow label="Paid" cents={receipt.amountCents} strong />
          {receipt.refunds.map((refund) => (
            <AmountRow
              key={`${refund.at}-${refund.description}`}
              label={`Refunded ${formatMomentDay(refund.at, RECEIPT_DATES)}: ${refund.description}`}
              cents={-refund.amountCents}
            />
          ))}
          {receipt.refundedCents > 0 ? (
            <AmountRow
              label={`Kept of ${formatMoney(receipt.amountCents)}`}
              cents={receipt.amountCents - receipt.refundedCents}
              strong
            />
          ) : null}
        </Stack>
      </Card>

      <Card p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="receipt-policy">
        <Title order={2} fz="h4" id="receipt-policy">
          Refund policy
        </Title>
        <Text size="sm" c="gray.8" mt={4}>
          {receipt.refundPolicy}
        </Text>
      </Card>
      <Text size="sm" c="gray.7">
        A receipt keeps the names and details it was issued with, even if they change later. Each refund is
        added to it as a note of its own.
      </Text>
    </Stack>
  );
}

/** One payment's receipt (`/camper/receipts/{id}`), with its PDF to download. */
export default function ReceiptPage() {
  const id = useRouteId();
  const receipt = useReceipt(id);
  const download = useDownload();

  if (Number.isNaN(id) || (receipt.error instanceof ApiError && receipt.error.status === 404)) {
    return (
      <ResourceNotFound
        title="Receipt not found"
        text={`${messages.receiptNotFound} The link may be mistyped.`}
        backTo={RECEIPTS_PATH}
        backLabel="Back to receipts"
      />
    );
  }
  if (receipt.error) {
    return (
      <PageFrame title="Receipt" parent={receipts}>
        <LoadError message="We could not load this receipt." onRetry={() => receipt.refetch()} />
      </PageFrame>
    );
  }
  if (receipt.isPending) return <ProfileSkeleton label="Loading receipt" />;
  return (
    <PageFrame
      title={`Receipt ${receipt.data.number}`}
      parent={receipts}
      width="form"
      actions={
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate(receiptPdfDownload(receipt.data))}
        >
          Download PDF
        </Button>
      }
    >
      {download.error ? (
        <Text c="red.8" role="alert" mb="md">
          {download.error.message}
        </Text>
      ) : null}
      <ReceiptBody receipt={receipt.data} />
    </PageFrame>
  );
}
