import { formatDate, formatMoney } from '@campwise/contract/format';
import type { PlaceInstalment, PlacePlan } from '@campwise/contract/payment-plans';
import { Alert, Badge, Box, Button, Group, type MantineColor, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

export const payInstalmentPath = (instalmentId: number) => `/camper/instalments/${instalmentId}/pay`;

/** Coloured as registration statuses are: green when paid, orange while waiting, red when failed. */
const statusLabels: Record<PlaceInstalment['status'], { label: string; color: MantineColor; text: string }> =
  {
    scheduled: { label: 'Scheduled', color: 'sun', text: 'sun.9' },
    charging: { label: 'Charging', color: 'sun', text: 'sun.9' },
    paid: { label: 'Paid', color: 'leaf', text: 'leaf.8' },
    failed: { label: 'Failed', color: 'red', text: 'red.8' },
    cancelled: { label: 'Cancelled', color: 'gray', text: 'gray.8' },
  };

/** "Failed twice · next try Jun 4" for a failed instalment; the label otherwise. */
function statusText(row: PlaceInstalment): string {
  if (row.status !== 'failed') return statusLabels[row.status].label;
  const times = row.failedAttempts === 1 ? 'once' : `${row.failedAttempts} times`;
  return row.nextAttemptOn
    ? `Failed ${times} · next try ${formatDate(row.nextAttemptOn)}`
    : `Failed ${times}`;
}

/** A place paid by a deposit and instalments: what is paid, what is due and when, and Pay now. */
export function PlacePlanDetails({ plan, active }: { plan: PlacePlan; active: boolean }) {
  const failed = active ? plan.instalments.find((row) => row.status === 'failed') : undefined;
  const next = plan.instalments.find((row) => row.status === 'scheduled' || row.status === 'failed');
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Text span fw={700}>
          Paid so far {formatMoney(plan.paidCents)}
        </Text>
        {plan.dueCents > 0 && active
          ? ` · Still to pay ${formatMoney(plan.dueCents)}${next ? `, next ${formatMoney(next.amountCents)} on ${formatDate(next.dueDate)}` : ''}`
          : ''}
      </Text>
      {failed ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="A payment did not go through"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              We could not charge {formatMoney(failed.instalmentCents)} due {formatDate(failed.dueDate)}.{' '}
              {failed.nextAttemptOn
                ? `We will try your card again on ${formatDate(failed.nextAttemptOn)}, or you can pay now with another card.`
                : 'Please pay now with another card to keep your place.'}
            </Text>
            <Button component={Link} to={payInstalmentPath(failed.instalmentId)} color="sun" size="sm">
              Pay now
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {plan.instalments.length > 0 ? (
        // Long dates can make it wider than a phone: a region of its own, so a keyboard can
        // scroll it too.
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Instalments">
          <Table aria-label="Instalments" verticalSpacing={4} fz="sm" withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plan.instalments.map((row) => (
                <Table.Tr key={row.instalmentId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.dueDate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.amountCents)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge
                        color={statusLabels[row.status].color}
                        c={statusLabels[row.status].text}
                        variant="light"
                        tt="none"
                        size="md"
                        miw="max-content"
                      >
                        {statusText(row)}
                      </Badge>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      ) : null}
    </Stack>
  );
}
