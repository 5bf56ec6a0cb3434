import { formatDate, formatMoney } from '@campwise/contract/format';
import { addDays, type Insights, insightsQuerySchema } from '@campwise/contract/insights';
import { parseId } from '@campwise/contract/row-ids';
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type InsightsFilter, useInsights } from '../../api/insights.ts';
import { useHostOrgs } from '../../api/orgs.ts';
import { Illustration } from '../../components/illustration.tsx';
import { SeriesCharts, SeriesTable, SessionFillCard } from '../../components/insights/insights-charts.tsx';
import { ORG_OPTIONS_SHOWN, orgOptions } from '../../components/insights/org-options.ts';
import { SmallCapsLabel } from '../../components/orgs/org-details.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';

const PRESETS = [
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '12 months', days: 365 },
] as const;

/** The filter in the address, so a range can be bookmarked and Back goes to the previous one. */
function useFilter(): [InsightsFilter, (next: InsightsFilter) => void] {
  const [params, setParams] = useSearchParams();
  const id = (name: string) => {
    const value = parseId(params.get(name) ?? undefined);
    return Number.isNaN(value) ? undefined : value;
  };
  const day = (name: string) => params.get(name) ?? undefined;
  const parsed = insightsQuerySchema.safeParse({
    orgId: id('orgId'),
    campId: id('campId'),
    from: day('from'),
    to: day('to'),
  });
  const filter = parsed.success ? parsed.data : {};
  const set = (next: InsightsFilter) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value !== undefined) query.set(name, String(value));
    setParams(query);
  };
  return [filter, set];
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  const labelId = useId();
  return (
    <Card padding="md" role="group" aria-labelledby={labelId}>
      <SmallCapsLabel id={labelId}>{label}</SmallCapsLabel>
      <Text fz="xl" fw={800} ff="heading" c="leaf.8">
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="gray.7">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

function Totals({ insights }: { insights: Insights }) {
  const { totals } = insights;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="md"
      component="section"
      aria-label="Totals for the range"
    >
      <Figure label="Profile views" value={totals.views.toLocaleString('en-US')} />
      <Figure label="Places sold" value={totals.placesSold.toLocaleString('en-US')} />
      <Figure
        label="Conversion"
        value={totals.conversionPercent === null ? '–' : `${totals.conversionPercent}%`}
        note="Places sold per 100 views"
      />
      <Figure label="Waitlist joins" value={totals.waitlistJoins.toLocaleString('en-US')} />
      <Figure label="Revenue" value={formatMoney(totals.revenueCents)} note="Paid less refunds" />
      <Figure
        label="Via your site"
        value={totals.widgetPlaces.toLocaleString('en-US')}
        note="Places sold through your booking widget"
      />
    </SimpleGrid>
  );
}

/**
 * Organisation, camp and the date range: a preset or two dates. The organisations are the host's
 * list the other host pages share (GET /host/orgs), so changing the range or camp reads only figures.
 */
function Filters({
  insights,
  filter,
  onChange,
}: {
  insights: Insights;
  filter: InsightsFilter;
  onChange: (next: InsightsFilter) => void;
}) {
  const [from, setFrom] = useState(insights.from);
  const [to, setTo] = useState(insights.to);
  const [error, setError] = useState<string | null>(null);
  const hostOrgs = useHostOrgs();
  const orgs = useMemo(() => orgOptions(hostOrgs.data ?? []), [hostOrgs.data]);
  useEffect(() => {
    setFrom(insights.from);
    setTo(insights.to);
  }, [insights.from, insights.to]);

  const applyDates = (nextFrom: string, nextTo: string) => {
    const parsed = insightsQuerySchema.safeParse({ from: nextFrom, to: nextTo });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onChange({ ...filter, from: nextFrom, to: nextTo });
  };
  // Today where the organisation is: its days are the days counted (decision 047).
  const { today } = insights;

  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-label="What to show">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Organization"
            data={orgs}
            value={insights.orgId === null ? null : String(insights.orgId)}
            searchable
            limit={ORG_OPTIONS_SHOWN}
            nothingFoundMessage="No organization by that name"
            disabled={hostOrgs.isPending}
            placeholder={hostOrgs.isPending ? 'Loading your organizations' : undefined}
            error={hostOrgs.isError ? 'We could not load your organizations.' : undefined}
            allowDeselect={false}
            onChange={(value) =>
              value && onChange({ orgId: Number(value), from: insights.from, to: insights.to })
            }
          />
          <Select
            label="Camp"
            data={[
              { value: '', label: 'All camps' },
              ...insights.camps.map((camp) => ({ value: String(camp.id), label: camp.name })),
            ]}
            value={insights.campId === null ? '' : String(insights.campId)}
            allowDeselect={false}
            onChange={(value) =>
              onChange({
                ...filter,
                orgId: insights.orgId ?? undefined,
                campId: value ? Number(value) : undefined,
              })
            }
          />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          <SimpleGrid cols={2} spacing="sm" style={{ flex: '1 1 18rem', maxWidth: '24rem' }}>
            <TextInput
              type="date"
              label="From"
              value={from}
              max={to}
              onChange={(event) => setFrom(event.currentTarget.value)}
              onBlur={() => from !== insights.from && applyDates(from, to)}
            />
            <TextInput
              type="date"
              label="To"
              value={to}
              min={from}
              onChange={(event) => setTo(event.currentTarget.value)}
              onBlur={() => to !== insights.to && applyDates(from, to)}
              error={error}
            />
          </SimpleGrid>
          <Button variant="light" onClick={() => applyDates(from, to)}>
            Show
          </Button>
          <Group gap="xs" role="group" aria-label="Quick ranges">
            {PRESETS.map((preset) => {
              const presetFrom = addDays(today, -(preset.days - 1));
              const active = insights.to === today && insights.from === presetFrom;
              return (
                <Button
                  key={preset.days}
                  size="compact-md"
                  variant={active ? 'filled' : 'default'}
                  aria-pressed={active}
                  onClick={() => applyDates(presetFrom, today)}
                >
                  {preset.label}
                </Button>
              );
            })}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

function InsightsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">Loading your figures</VisuallyHidden>
      <Skeleton height={150} radius="lg" />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Skeleton key={key} height={84} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={280} radius="lg" />
        <Skeleton height={280} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}

function NoOrganizations() {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="hero-host" width={240} height={180} />
        <Title order={2}>Nothing to show yet</Title>
        <Text c="gray.7" maw={480}>
          Once you have an organization with camps, this page shows how your season is going: views, places
          sold, waitlists and revenue.
        </Text>
        <Anchor component={Link} to="/host/dashboard" fw={700}>
          Go to My Organizations
        </Anchor>
      </Stack>
    </Card>
  );
}

/** SEASON INSIGHTS: how an organisation's or camp's season is going, charted and in tables. */
export default function HostInsights() {
  const [filter, setFilter] = useFilter();
  const query = useInsights(filter);
  const insights = query.data;

  return (
    <PageFrame
      title="Season insights"
      parent={{ to: '/host/dashboard', label: 'My Organizations' }}
      description={
        insights && insights.orgId !== null
          ? `${formatDate(insights.from)} – ${formatDate(insights.to)}`
          : 'How your camps are doing: views, places sold, waitlists and revenue.'
      }
    >
      {query.isPending ? (
        <InsightsSkeleton />
      ) : query.error && !insights ? (
        <LoadError message="We could not load your figures." onRetry={() => query.refetch()} />
      ) : insights && insights.orgId === null ? (
        <NoOrganizations />
      ) : insights ? (
        <Stack gap="lg" aria-busy={query.isFetching}>
          <Filters insights={insights} filter={filter} onChange={setFilter} />
          <Totals insights={insights} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <SeriesCharts insights={insights} />
          </SimpleGrid>
          <SeriesTable insights={insights} />
          <SessionFillCard insights={insights} />
        </Stack>
      ) : null}
    </PageFrame>
  );
}
