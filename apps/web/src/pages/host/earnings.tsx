import { formatDate, formatMomentDay, formatMoney } from '@campwise/contract/format';
import type { Earnings, EarningsCamp, EarningsFigures, Payout } from '@campwise/contract/payouts';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { earningsDownload, useEarnings, usePayoutAccount } from '../../api/payouts.ts';
import { useDownload } from '../../api/registrations.ts';
import { Illustration } from '../../components/illustration.tsx';
import { SmallCapsLabel } from '../../components/orgs/org-details.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import { PayoutStatusBadge } from '../../components/payouts/payout-status.tsx';
import { PayoutsNeededAlert } from '../../components/payouts/payouts-needed-alert.tsx';
import classes from './earnings.module.css';

const amount = { ta: 'right', style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;

/** One total, a group named by its label so the figure reads with it. */
function Total({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  const labelId = useId();
  return (
    <Card padding="md" role="group" aria-labelledby={labelId}>
      <SmallCapsLabel id={labelId}>{label}</SmallCapsLabel>
      <Text fz="xl" fw={strong ? 800 : 700} c={strong ? 'leaf.8' : undefined} ff="heading">
        {formatMoney(cents)}
      </Text>
    </Card>
  );
}

function Totals({ earnings }: { earnings: Earnings }) {
  const { totals } = earnings;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" component="section" aria-label="Totals">
      <Total label="Gross" cents={totals.grossCents} />
      <Total label="Platform fees" cents={totals.feeCents} />
      <Total label="Refunds" cents={totals.refundedCents} />
      <Total label="Net" cents={totals.netCents} strong />
      <Total label="Not yet paid out" cents={earnings.balanceCents} />
    </SimpleGrid>
  );
}

function FigureCells({ figures }: { figures: EarningsFigures }) {
  return (
    <>
      <Table.Td {...amount}>{formatMoney(figures.grossCents)}</Table.Td>
      <Table.Td {...amount}>{formatMoney(figures.feeCents)}</Table.Td>
      <Table.Td {...amount}>{formatMoney(figures.refundedCents)}</Table.Td>
      <Table.Td {...amount} fw={700}>
        {formatMoney(figures.netCents)}
      </Table.Td>
    </>
  );
}

function FigureHeads({ first }: { first: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col" w="36%">
          {first}
        </Table.Th>
        <Table.Th scope="col" ta="right">
          Gross
        </Table.Th>
        <Table.Th scope="col" ta="right">
          Fees
        </Table.Th>
        <Table.Th scope="col" ta="right">
          Refunds
        </Table.Th>
        <Table.Th scope="col" ta="right">
          Net
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/** A session's or a camp's figures as label and amount lines: the phone's form of a table row. */
function FigureLines({ figures }: { figures: EarningsFigures }) {
  const lines = [
    { label: 'Gross', cents: figures.grossCents },
    { label: 'Fees', cents: figures.feeCents },
    { label: 'Refunds', cents: figures.refundedCents },
    { label: 'Net', cents: figures.netCents },
  ];
  return (
    <Stack gap={2}>
      {lines.map(({ label, cents }) => (
        <Group key={label} justify="space-between" wrap="nowrap">
          <Text size="sm" c="gray.7">
            {label}
          </Text>
          <Text size="sm" fw={label === 'Net' ? 700 : undefined} style={amount.style}>
            {formatMoney(cents)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function SessionName({ name, startDate }: { name: string; startDate: string | null }) {
  return (
    <>
      <Text inherit style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {startDate ? (
        <Text size="xs" c="gray.7">
          Starts {formatDate(startDate)}
        </Text>
      ) : null}
    </>
  );
}

/** One camp: a row per session, the camp's figures below them; on a phone, a block per session. */
function CampEarnings({ camp }: { camp: EarningsCamp }) {
  const headingId = `earnings-camp-${camp.campId}`;
  const withTotal = camp.sessions.length > 1;
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Title order={3} fz="h4" id={headingId} mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {camp.name}
      </Title>
      <Table verticalSpacing="xs" layout="fixed" aria-labelledby={headingId} visibleFrom="sm">
        <FigureHeads first="Session" />
        <Table.Tbody>
          {camp.sessions.map((session) => (
            <Table.Tr key={session.sessionId ?? 'none'}>
              <Table.Th scope="row" fw={400}>
                <SessionName name={session.name} startDate={session.startDate} />
              </Table.Th>
              <FigureCells figures={session} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        {withTotal ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Camp total</Table.Th>
              <FigureCells figures={camp} />
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
      <Stack gap={0} hiddenFrom="sm">
        {camp.sessions.map((session) => (
          <Stack key={session.sessionId ?? 'none'} gap={6} py="sm" className={classes.block}>
            <div>
              <SessionName name={session.name} startDate={session.startDate} />
            </div>
            <FigureLines figures={session} />
          </Stack>
        ))}
        {withTotal ? (
          <Stack gap={6} py="sm" className={classes.block}>
            <Text fw={700}>Camp total</Text>
            <FigureLines figures={camp} />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Payouts as a table; on a phone, a block per payout (the table would hide its last columns). */
function PayoutsTable({ payouts }: { payouts: Payout[] }) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Table verticalSpacing="xs" aria-labelledby="earnings-payouts" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Arrives</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMomentDay(payout.createdAt)}</Table.Td>
              <Table.Td {...amount} fw={700}>
                {formatMoney(payout.amountCents)}
              </Table.Td>
              <Table.Td>
                <PayoutStatusBadge status={payout.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMomentDay(payout.arrivalDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={0} hiddenFrom="sm">
        {payouts.map((payout) => (
          <Stack key={payout.id} gap={4} py="sm" className={classes.block}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} style={amount.style}>
                {formatMoney(payout.amountCents)}
              </Text>
              <PayoutStatusBadge status={payout.status} />
            </Group>
            <Text size="sm" c="gray.7">
              Sent {formatMomentDay(payout.createdAt)} · arrives {formatMomentDay(payout.arrivalDate)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function NoPayments() {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="wallet" width={240} height={180} />
        <Title order={2}>No payments yet</Title>
        <Text c="gray.7" maw={480}>
          When families pay for your camps, each camp and session shows here with what was paid, the platform
          fee, any refunds and what you keep.
        </Text>
      </Stack>
    </Card>
  );
}

function EarningsSkeleton() {
  return (
    <LoadingSkeleton label="Loading your earnings" gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Skeleton key={key} height={76} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton height={180} radius="lg" />
      <Skeleton height={120} radius="lg" />
    </LoadingSkeleton>
  );
}

function EarningsBody({ earnings }: { earnings: Earnings }) {
  const schedule = usePayoutAccount().data?.payoutSchedule;
  return (
    <Stack gap="xl">
      <Totals earnings={earnings} />
      <Stack gap="md" component="section" aria-labelledby="earnings-camps">
        <Title order={2} fz="h3" id="earnings-camps">
          By camp and session
        </Title>
        {earnings.camps.length === 0 ? (
          <NoPayments />
        ) : (
          earnings.camps.map((camp) => <CampEarnings key={camp.campId} camp={camp} />)
        )}
      </Stack>
      <Stack gap="md" component="section" aria-labelledby="earnings-payouts">
        <Title order={2} fz="h3" id="earnings-payouts">
          Payouts
        </Title>
        {earnings.payouts.length === 0 ? (
          <Card padding="lg">
            <Text fw={700}>No payouts yet</Text>
            <Text c="gray.7" size="sm">
              What you earn goes to your bank account on the payout schedule once there is money to pay out.
              {schedule ? ` Schedule: ${schedule}.` : ''}
            </Text>
          </Card>
        ) : (
          <PayoutsTable payouts={earnings.payouts} />
        )}
      </Stack>
    </Stack>
  );
}

/** EARNINGS: what the host's camps brought in, by camp and session, and the payouts. */
export default function HostEarnings() {
  const earnings = useEarnings();
  const download = useDownload();
  const downloadCsv = () =>
    download.mutate(earningsDownload, {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });

  return (
    <PageFrame
      title="Earnings"
      description="What families paid for your camps, the platform fee, refunds, and the payouts to your bank."
      actions={
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={download.isPending}
          disabled={!earnings.data}
          onClick={downloadCsv}
        >
          Download CSV
        </Button>
      }
    >
      <Stack gap="lg">
        <PayoutsNeededAlert />
        <QueryState
          query={earnings}
          skeleton={<EarningsSkeleton />}
          errorMessage="We could not load your earnings."
        >
          {(loaded) => <EarningsBody earnings={loaded} />}
        </QueryState>
      </Stack>
    </PageFrame>
  );
}
