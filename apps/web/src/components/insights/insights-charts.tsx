import '@mantine/charts/styles.css';
import { formatDate, formatMoney } from '@campwise/contract/format';
import { addDays, type Insights, type InsightsPoint, type SessionFill } from '@campwise/contract/insights';
import { BarChart } from '@mantine/charts';
import { Box, Button, Card, Collapse, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './insights.module.css';

const numeric = { ta: 'right', style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;
const dollars = (cents: number) => Math.round(cents) / 100;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Jun 3": short enough for a phone's axis. */
const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''} ${Number(day.slice(8, 10))}`;

/** What a point of the series covers: "Jun 3", or "Jun 3 – Jun 9" for a week (cut at the range's end). */
export function pointLabel(point: InsightsPoint, insights: Pick<Insights, 'unit' | 'to'>): string {
  if (insights.unit === 'day') return shortDay(point.day);
  const last = addDays(point.day, 6);
  return `${shortDay(point.day)} – ${shortDay(last < insights.to ? last : insights.to)}`;
}

/** A chart in a card; the chart is a picture of the numbers, which a table beside it also gives. */
function ChartCard({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Box>
          <Title order={3} fz="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {note}
          </Text>
        </Box>
        <Box aria-hidden="true" className={classes.chart}>
          {children}
        </Box>
      </Stack>
    </Card>
  );
}

/** Places sold, waitlist joins, views and revenue over the range, charted and as a table. */
export function SeriesCharts({ insights }: { insights: Insights }) {
  const per = insights.unit === 'day' ? 'per day' : 'per week';
  const data = insights.series.map((point) => ({
    label: shortDay(point.day),
    'Places sold': point.placesSold,
    'Waitlist joins': point.waitlistJoins,
    'Profile views': point.views,
    Revenue: dollars(point.revenueCents),
  }));
  const axis = { minTickGap: 24 } as const;
  return (
    <>
      <ChartCard
        id="chart-sales"
        title="Places sold and waitlist"
        note={`Places sold and children put on a waitlist, ${per}.`}
      >
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[
            { name: 'Places sold', color: 'leaf.6' },
            { name: 'Waitlist joins', color: 'sun.5' },
          ]}
          withLegend
          xAxisProps={axis}
          yAxisProps={{ allowDecimals: false }}
          withTooltip
        />
      </ChartCard>
      <ChartCard
        id="chart-views"
        title="Profile views"
        note={`Openings of your camp pages, ${per}. No cookies, nothing about the visitor.`}
      >
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'Profile views', color: 'leaf.4' }]}
          xAxisProps={axis}
          yAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
      <ChartCard id="chart-revenue" title="Revenue" note={`What families paid less refunds, ${per}.`}>
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'Revenue', color: 'sun.6' }]}
          xAxisProps={axis}
          yAxisProps={{ width: 64 }}
          valueFormatter={(value) => formatMoney(Math.round(value * 100))}
        />
      </ChartCard>
    </>
  );
}

/** The series as a table, behind a button so the page stays short; the same numbers the charts draw. */
export function SeriesTable({ insights }: { insights: Insights }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" gap="sm">
        <Text fw={700}>The numbers behind the charts</Text>
        <Button
          variant="light"
          leftSection={<IconTable size={18} aria-hidden />}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls="insights-series-table"
        >
          {opened ? 'Hide the table' : 'Show as a table'}
        </Button>
      </Group>
      <Collapse in={opened} id="insights-series-table">
        {/* Focusable, so a keyboard can scroll it sideways on a phone. */}
        <Box
          mt="md"
          className={classes.scroll}
          tabIndex={0}
          role="group"
          aria-label="The figures, as a table"
        >
          <Table
            miw={420}
            verticalSpacing={6}
            striped
            aria-label={`Figures ${insights.unit === 'day' ? 'per day' : 'per week'}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{insights.unit === 'day' ? 'Day' : 'Week'}</Table.Th>
                <Table.Th scope="col" ta="right">
                  Views
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Places sold
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Waitlist joins
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Revenue
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {insights.series.map((point) => (
                <Table.Tr key={point.day}>
                  <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                    {pointLabel(point, insights)}
                  </Table.Th>
                  <Table.Td {...numeric}>{point.views}</Table.Td>
                  <Table.Td {...numeric}>{point.placesSold}</Table.Td>
                  <Table.Td {...numeric}>{point.waitlistJoins}</Table.Td>
                  <Table.Td {...numeric}>{formatMoney(point.revenueCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Collapse>
    </Card>
  );
}

/** How many sessions the fill chart draws; the table below it lists them all. */
const CHARTED_SESSIONS = 12;

/** The camp alone when it has one session here, the session alone when only one camp is shown. */
function sessionLabels(sessions: readonly SessionFill[]): Map<number, string> {
  const perCamp = new Map<number, number>();
  for (const session of sessions) perCamp.set(session.campId, (perCamp.get(session.campId) ?? 0) + 1);
  return new Map(
    sessions.map((session) => [
      session.sessionId,
      perCamp.size === 1
        ? session.name
        : perCamp.get(session.campId) === 1
          ? session.campName
          : `${session.campName} · ${session.name}`,
    ]),
  );
}

/** Each session's places: confirmed, being paid, offered and open, and the waitlist beside them. */
export function SessionFillCard({ insights }: { insights: Insights }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const tickLength = phone ? 24 : 30;
  const labels = sessionLabels(insights.sessions);
  const label = (session: SessionFill) => labels.get(session.sessionId) ?? session.name;
  const charted = insights.sessions.slice(0, CHARTED_SESSIONS).map((session) => ({
    label: label(session),
    Confirmed: session.confirmed,
    'Being paid or offered': session.pending + session.offered,
    Open: Math.max(0, session.capacity - session.confirmed - session.pending - session.offered),
    Waitlist: session.waitlisted,
  }));
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="chart-fill">
      <Stack gap="md">
        <Box>
          <Title order={3} fz="h4" id="chart-fill">
            Fill rate by session
          </Title>
          <Text size="sm" c="gray.7">
            Places as they stand today, for sessions running on or after the start of the range.
          </Text>
        </Box>
        {insights.sessions.length === 0 ? (
          <Text c="gray.7">No sessions in this range.</Text>
        ) : (
          <>
            <Box aria-hidden="true" className={classes.chart}>
              <BarChart
                h={Math.max(160, charted.length * 44 + 60)}
                data={charted}
                dataKey="label"
                type="stacked"
                orientation="vertical"
                yAxisProps={{
                  width: phone ? 104 : 160,
                  tickFormatter: (value: string) =>
                    value.length > tickLength ? `${value.slice(0, tickLength - 1)}…` : value,
                }}
                series={[
                  { name: 'Confirmed', color: 'leaf.7' },
                  { name: 'Being paid or offered', color: 'sun.5' },
                  { name: 'Open', color: 'gray.3' },
                  { name: 'Waitlist', color: 'red.4' },
                ]}
                withLegend
                xAxisProps={{ allowDecimals: false }}
              />
            </Box>
            <Table verticalSpacing={6} aria-labelledby="chart-fill" visibleFrom="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Session</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Capacity
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Confirmed
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Fill
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Offers
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Waitlist
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {insights.sessions.map((session) => (
                  <Table.Tr key={session.sessionId}>
                    <Table.Th scope="row" fw={400}>
                      <Text inherit style={{ overflowWrap: 'anywhere' }}>
                        {label(session)}
                      </Text>
                      {session.startDate ? (
                        <Text size="xs" c="gray.7">
                          Starts {formatDate(session.startDate)}
                        </Text>
                      ) : (
                        <Text size="xs" c="gray.7">
                          Year round
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td {...numeric}>{session.capacity}</Table.Td>
                    <Table.Td {...numeric}>{session.confirmed}</Table.Td>
                    <Table.Td {...numeric} fw={700}>
                      {session.fillPercent}%
                    </Table.Td>
                    <Table.Td {...numeric}>{session.offered}</Table.Td>
                    <Table.Td {...numeric}>{session.waitlisted}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap={0} hiddenFrom="sm">
              {insights.sessions.map((session) => (
                <Stack key={session.sessionId} gap={2} py="sm" className={classes.block}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {label(session)}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {session.startDate ? `Starts ${formatDate(session.startDate)}` : 'Year round'}
                  </Text>
                  <Text size="sm">
                    <Text span fw={700}>
                      {session.fillPercent}% full
                    </Text>{' '}
                    · {session.confirmed} of {session.capacity} confirmed · {session.offered}{' '}
                    {session.offered === 1 ? 'offer' : 'offers'} · {session.waitlisted} waiting
                  </Text>
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
