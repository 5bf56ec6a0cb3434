import type { Planner } from '@campwise/contract/planner';
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarDown, IconPrinter, IconUserPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { type PlannerRange, plannerCalendarDownload, usePlanner } from '../../api/planner.ts';
import { useDownload } from '../../api/registrations.ts';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';
import classes from '../../components/planner/planner.module.css';
import { PlannerGrid, YearRoundPlaces } from '../../components/planner/planner-grid.tsx';
import { PlannerTotals, PlannerWarnings } from '../../components/planner/planner-summary.tsx';
import { plannerText } from '../../components/planner/planner-text.ts';
import { rangeLabel } from '../../components/planner/planner-weeks.ts';
import { RangeForm } from '../../components/planner/range-form.tsx';
import { SearchFromForm } from '../../components/planner/search-from-form.tsx';

/** The range the address asks for: both ends, or none for the school summer. */
function askedRange(params: URLSearchParams): PlannerRange | null {
  const from = params.get('from');
  const to = params.get('to');
  return from && to ? { from, to } : null;
}

/** Download calendar (.ics) and Print: on screen only. */
function PlannerActions({ planner }: { planner: Planner }) {
  const download = useDownload();
  const saveCalendar = () =>
    download.mutate(plannerCalendarDownload(planner), {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  return (
    <Group gap="sm" className={`${classes.actions} ${classes.screenOnly}`}>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconCalendarDown size={18} aria-hidden />}
        onClick={saveCalendar}
        loading={download.isPending}
      >
        Download calendar (.ics)
      </Button>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconPrinter size={18} aria-hidden />}
        onClick={() => window.print()}
      >
        Print
      </Button>
    </Group>
  );
}

function PlannerSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">{plannerText.loading}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton h={190} radius="lg" />
        <Skeleton h={190} radius="lg" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {['paid', 'places', 'waitlist', 'offers', 'maybes'].map((key) => (
          <Skeleton key={key} h={72} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton h={28} w={220} />
      {['a', 'b', 'c', 'd'].map((key) => (
        <Skeleton key={key} h={88} radius="md" />
      ))}
    </Stack>
  );
}

function NoChildren() {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="hero-family" width={240} height={180} />
        <Title order={2}>Add your campers first</Title>
        <Text c="gray.7" maw={460}>
          The planner lays each child’s camps over the weeks of the summer. Add your children and their weeks
          will show here, ready to fill.
        </Text>
        <Button
          component={Link}
          to="/camper/campers"
          color="sun"
          leftSection={<IconUserPlus size={18} aria-hidden />}
        >
          Add campers
        </Button>
      </Stack>
    </Card>
  );
}

/** The totals, the warnings and the grid of weeks, with year-round places under it. */
function PlannerBody({ planner, updating }: { planner: Planner; updating: boolean }) {
  const weeks = planner.weeks.length;
  return (
    <Stack gap="lg" aria-busy={updating || undefined}>
      <PlannerTotals totals={planner.totals} maybes={planner.maybes} />
      <PlannerWarnings warnings={planner.warnings} />
      <Stack component="section" gap="sm" aria-labelledby="planner-weeks-heading">
        <Box>
          <Title order={2} fz="h3" id="planner-weeks-heading" tabIndex={-1}>
            Week by week
          </Title>
          <Text size="sm" c="gray.7">
            {rangeLabel(planner)} · {weeks} {weeks === 1 ? 'week' : 'weeks'}
          </Text>
        </Box>
        {planner.entries.length === 0 ? (
          <Alert color="leaf" variant="light" className={classes.screenOnly}>
            {plannerText.noPlaces}
          </Alert>
        ) : null}
        <PlannerGrid planner={planner} labelledBy="planner-weeks-heading" />
      </Stack>
      <YearRoundPlaces planner={planner} weeksHeadingId="planner-weeks-heading" />
    </Stack>
  );
}

/** The family's summer, week by week and child by child (docs/decisions/019). */
export default function SummerPlanner() {
  const [params, setParams] = useSearchParams();
  const asked = askedRange(params);
  const query = usePlanner(asked);
  const planner = query.data;
  const refused = query.error instanceof ApiError && query.error.status === 400 ? query.error : null;
  // The fields show the range on screen, or the one asked for while it loads or was refused.
  const shown = asked ?? (planner ? { from: planner.from, to: planner.to } : null);

  const controls = (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" className={classes.screenOnly}>
      <RangeForm
        key={`${shown ? `${shown.from}|${shown.to}` : 'summer'}${refused ? '|refused' : ''}`}
        range={shown}
        serverErrors={refused?.fields}
        onShow={(range) => setParams({ from: range.from, to: range.to })}
        onReset={() => setParams({})}
        loading={query.isFetching && query.isPlaceholderData}
      />
      {planner ? (
        <SearchFromForm
          key={`${planner.homeZip}|${planner.radiusMiles}`}
          saved={{ homeZip: planner.homeZip, radiusMiles: planner.radiusMiles }}
        />
      ) : null}
    </SimpleGrid>
  );

  return (
    <PageFrame
      title="Summer planner"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description={plannerText.description}
      actions={planner && planner.children.length > 0 ? <PlannerActions planner={planner} /> : null}
    >
      <Box data-planner-page>
        {query.isPending ? (
          <PlannerSkeleton />
        ) : refused ? (
          <Stack gap="lg">
            {controls}
            {/* A field's refusal is said beside it (docs/decisions/011), not again here. */}
            {refused.fields?.from || refused.fields?.to ? null : (
              <Alert color="red" variant="light" role="alert">
                {refused.message}
              </Alert>
            )}
          </Stack>
        ) : query.error || !planner ? (
          <LoadError message={plannerText.loadError} onRetry={() => query.refetch()} />
        ) : planner.children.length === 0 ? (
          <NoChildren />
        ) : (
          <Stack gap="xl">
            {controls}
            <PlannerBody planner={planner} updating={query.isPlaceholderData} />
          </Stack>
        )}
      </Box>
    </PageFrame>
  );
}
