import type { Quote } from '@campwise/contract/baskets';
import { formatDate } from '@campwise/contract/format';
import { planSchedule } from '@campwise/contract/payment-plans';
import { Box, NativeSelect, Radio, Stack, Table, Text } from '@mantine/core';
import { quoteMoney } from '../baskets/quote-money.ts';

/** How the parent pays: everything now, or a deposit now and this many instalments. */
export type PlanPick = { kind: 'full' } | { kind: 'plan'; instalments: number };

/** The schedule the server will charge for this quote and choice (the same pure function). */
export function scheduleFor(quote: Quote, instalments: number) {
  if (!quote.planOffer) return null;
  const amounts = quote.lines.filter((line) => line.placement === 'place').map((line) => line.amountCents);
  return planSchedule(quote.planOffer, amounts, Math.min(instalments, quote.planOffer.maxInstalments));
}

/** What the parent pays when pressing Pay. */
export function dueNow(quote: Quote, pick: PlanPick): number {
  if (pick.kind === 'full') return quote.totalCents;
  return scheduleFor(quote, pick.instalments)?.depositCents ?? quote.totalCents;
}

interface PlanChoiceProps {
  quote: Quote;
  pick: PlanPick;
  onChange: (pick: PlanPick) => void;
}

/**
 * "Pay in full" or "Pay a deposit now", offered when the camp takes a deposit and the balance
 * date is still ahead, with the dates and amounts of the instalments.
 */
export function PlanChoice({ quote, pick, onChange }: PlanChoiceProps) {
  const offer = quote.planOffer;
  if (!offer) return null;
  const count =
    pick.kind === 'plan' ? Math.min(pick.instalments, offer.maxInstalments) : offer.maxInstalments;
  const schedule = scheduleFor(quote, count);
  if (!schedule) return null;
  const counts = Array.from({ length: offer.maxInstalments }, (_, index) => index + 1);
  // The checkout's summary writes its amounts to the same precision.
  const money = quoteMoney(quote);
  return (
    <Stack gap="sm">
      <Radio.Group
        label="How would you like to pay?"
        value={pick.kind}
        onChange={(value) =>
          onChange(value === 'plan' ? { kind: 'plan', instalments: count } : { kind: 'full' })
        }
      >
        <Stack gap="xs" mt="xs">
          <Radio value="full" label={`Pay in full: ${money(quote.totalCents)} now`} />
          <Radio
            value="plan"
            label={`Pay a deposit now: ${money(schedule.depositCents)}`}
            description={`The balance is due by ${formatDate(offer.balanceDueDate)}, charged to the same card.`}
          />
        </Stack>
      </Radio.Group>
      {pick.kind === 'plan' ? (
        <Box pl={{ base: 0, xs: 'xl' }}>
          <Stack gap="xs">
            {offer.maxInstalments > 1 ? (
              <NativeSelect
                label="Pay the balance in"
                data={counts.map((value) => ({
                  value: String(value),
                  label: value === 1 ? '1 payment' : `${value} instalments`,
                }))}
                value={String(count)}
                onChange={(event) =>
                  onChange({ kind: 'plan', instalments: Number(event.currentTarget.value) })
                }
              />
            ) : null}
            <Table aria-label="Payment schedule" withRowBorders={false} verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>Today (deposit)</Table.Td>
                  <Table.Td ta="right">{money(schedule.depositCents)}</Table.Td>
                </Table.Tr>
                {schedule.instalments.map((row) => (
                  <Table.Tr key={row.dueDate}>
                    <Table.Td>{formatDate(row.dueDate)}</Table.Td>
                    <Table.Td ta="right">{money(row.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="gray.7">
              If a payment does not go through, we try again after 1, 3 and 5 days and e-mail you a link to
              pay with another card.
            </Text>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
