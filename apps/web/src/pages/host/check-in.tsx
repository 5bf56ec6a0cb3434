import {
  type CheckInEntry,
  type CheckInSheet,
  defaultCheckInDay,
  nextMeetingDay,
} from '@campwise/contract/check-in';
import { formatDate, formatTimeRange } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { timeZoneName } from '@campwise/contract/time-zones';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHostCamp } from '../../api/camps.ts';
import { checkInKeys, useCheckInSheet } from '../../api/check-in.ts';
import { ApiError } from '../../api/client.ts';
import { useHostOrg } from '../../api/orgs.ts';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { CheckInRow } from '../../components/check-in/check-in-row.tsx';
import { PickupModal } from '../../components/check-in/pickup-modal.tsx';
import { SessionAnnouncements } from '../../components/check-in/session-announcements.tsx';
import { type QueuedTap, useTapQueue } from '../../components/check-in/use-tap-queue.ts';
import { AllergyBadges } from '../../components/health-profiles/health-summary.tsx';
import { FigureCard } from '../../components/orgs/org-details.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';
import type { ParentScreen } from '../../components/page/parent-link.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useRouteId } from '../../components/route-id.ts';
import { may } from '../../components/teams/team-rights.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function DayPicker({
  sheet,
  day,
  onChange,
}: {
  sheet: CheckInSheet | undefined;
  day: string;
  onChange: (day: string) => void;
}) {
  const previous = sheet ? nextMeetingDay(sheet, day, -1) : null;
  const next = sheet ? nextMeetingDay(sheet, day, 1) : null;
  // Today where the camp is, whatever the phone's own clock says (decision 047).
  const today = sheet?.today ?? day;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" maw={560}>
      <ActionIcon
        variant="default"
        size={42}
        disabled={!previous}
        onClick={() => previous && onChange(previous)}
        aria-label="Previous day of the session"
      >
        <IconChevronLeft size={20} aria-hidden />
      </ActionIcon>
      <TextInput
        type="date"
        label="Day"
        value={day}
        min={sheet?.startDate ?? undefined}
        max={sheet?.endDate ?? undefined}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (DAY_PATTERN.test(value)) onChange(value);
        }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <ActionIcon
        variant="default"
        size={42}
        disabled={!next}
        onClick={() => next && onChange(next)}
        aria-label="Next day of the session"
      >
        <IconChevronRight size={20} aria-hidden />
      </ActionIcon>
      {day === today ? null : (
        <Button variant="light" h={42} onClick={() => onChange(today)}>
          Today
        </Button>
      )}
    </Group>
  );
}

/** Taps still on their way, and taps the server refused, above the list so none goes unseen. */
function TapQueueNotice({
  queue,
  onRetry,
  onDismiss,
}: {
  queue: QueuedTap[];
  onRetry: () => void;
  onDismiss: (key: string) => void;
}) {
  const waiting = queue.filter((queued) => queued.status === 'waiting');
  const refused = queue.filter((queued) => queued.status === 'refused');
  return (
    <Stack gap="xs" aria-live="polite">
      {waiting.length > 0 ? (
        <Alert color="sun" icon={<IconCloudOff size={20} aria-hidden />} title="No connection">
          <Stack gap="xs">
            <Text size="sm">
              {waiting.length === 1 ? '1 tap is' : `${waiting.length} taps are`} waiting to be sent. They are
              kept on this phone and sent again by themselves; nothing is lost or counted twice.
            </Text>
            <Group>
              <Button
                size="xs"
                variant="white"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={onRetry}
              >
                Send now
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {refused.map((queued) => (
        <Alert
          key={queued.tap.key}
          color="red"
          title={`Not saved: ${queued.tap.childName}`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => onDismiss(queued.tap.key)}
        >
          {queued.message ?? messages.tryAgain}
        </Alert>
      ))}
    </Stack>
  );
}

function SheetSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">Loading the children</VisuallyHidden>
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} height={132} radius="lg" />
      ))}
    </Stack>
  );
}

/** The day of camp on a phone (`/host/sessions/{id}/check-in?day=`): check children in and out. */
/** Back to the session's roster, or to its camp for a role without the roster. */
function checkInParent(
  sheet: { campId: number; campName: string; sessionId: number },
  withoutRoster: boolean,
): ParentScreen {
  return withoutRoster
    ? { to: `/host/camp/${sheet.campId}`, label: sheet.campName }
    : { to: `/host/camp/${sheet.campId}/roster?session=${sheet.sessionId}`, label: 'Roster' };
}

export default function CheckInPage() {
  const sessionId = useRouteId();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const asked = params.get('day');
  const chosen = asked && DAY_PATTERN.test(asked) ? asked : null;
  // Without a day, the server answers the sheet of today where the camp is.
  const query = useCheckInSheet(sessionId, chosen);
  const taps = useTapQueue(sessionId);
  const [picking, setPicking] = useState<CheckInEntry | null>(null);
  const sheet = query.data;
  const day = chosen ?? sheet?.day ?? null;
  // Staff check children in without the roster (decision 057): their way back is the camp.
  const camp = useHostCamp(sheet?.campId ?? Number.NaN);
  const org = useHostOrg(camp.data?.orgId ?? Number.NaN);
  const withoutRoster = org.data !== undefined && !may(org.data, 'roster');
  const allergiesOf = (childId: number) =>
    sheet?.allergies.find((entry) => entry.childId === childId)?.badges ?? [];
  usePageTitle(sheet ? `Check-in: ${sheet.campName}` : undefined);

  const chooseDay = (next: string) => setParams({ day: next }, { replace: true });

  // Opened without a day: stay on the camp's today (its sheet is already here), or go to the
  // session's nearest day when it does not meet today.
  useEffect(() => {
    if (chosen || !sheet) return;
    const nearest = sheet.dayRefusal ? defaultCheckInDay(sheet, sheet.day) : sheet.day;
    if (nearest === sheet.day) queryClient.setQueryData(checkInKeys.sheet(sessionId, sheet.day), sheet);
    setParams({ day: nearest }, { replace: true });
  }, [chosen, sheet, sessionId, queryClient, setParams]);

  if (Number.isNaN(sessionId) || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <CampLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }

  if (day === null) {
    return (
      <PageFrame title="Check-in">
        {query.error ? (
          <LoadError message="We could not load the children for today." onRetry={() => query.refetch()} />
        ) : (
          <SheetSkeleton />
        )}
      </PageFrame>
    );
  }

  const pendingFor = (childId: number) =>
    taps.queue.find(
      (queued) => queued.tap.childId === childId && queued.tap.day === day && queued.status !== 'refused',
    ) ?? null;
  const tapBase = (entry: CheckInEntry) => ({
    key: crypto.randomUUID(),
    childId: entry.childId,
    day,
    childName: `${entry.firstName} ${entry.lastName}`,
  });
  const counts = sheet
    ? {
        expected: sheet.children.filter((entry) => entry.state === 'expected').length,
        in: sheet.children.filter((entry) => entry.state === 'in').length,
        out: sheet.children.filter((entry) => entry.state === 'out').length,
      }
    : null;

  return (
    <PageFrame
      title="Check-in"
      parent={sheet ? checkInParent(sheet, withoutRoster) : undefined}
      description={
        sheet ? (
          <Text>
            {sheet.campName} · {sheet.sessionName}
            {sheet.startTime && sheet.endTime ? ` · ${formatTimeRange(sheet.startTime, sheet.endTime)}` : ''}
          </Text>
        ) : undefined
      }
    >
      <Stack gap="md">
        <DayPicker sheet={sheet} day={day} onChange={chooseDay} />
        <Text fw={700}>
          {formatDate(day, { weekday: 'long' })}
          {sheet ? (
            <Text span c="gray.7" fw={400}>
              {' '}
              · {timeZoneName(sheet.timeZone)}
            </Text>
          ) : null}
        </Text>
        <TapQueueNotice queue={taps.queue} onRetry={taps.retryAll} onDismiss={taps.dismiss} />
        {query.error ? (
          <LoadError message="We could not load the children for this day." onRetry={() => query.refetch()} />
        ) : !sheet || !counts ? (
          <SheetSkeleton />
        ) : (
          <>
            {sheet.dayRefusal ? <Alert color="gray">{sheet.dayRefusal}</Alert> : null}
            <SimpleGrid cols={3} spacing="sm" maw={560}>
              <FigureCard label="Expected" value={counts.expected} />
              <FigureCard label="Here" value={counts.in} />
              <FigureCard label="Home" value={counts.out} />
            </SimpleGrid>
            {sheet.children.length === 0 ? (
              <Card padding="lg">
                <Text c="gray.7">
                  No children hold a confirmed place in this session yet. Families who register show here.
                </Text>
              </Card>
            ) : (
              <SimpleGrid
                cols={{ base: 1, md: 2 }}
                spacing="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
              >
                {sheet.children.map((entry) => (
                  <CheckInRow
                    key={entry.childId}
                    entry={entry}
                    pending={pendingFor(entry.childId)}
                    closed={sheet.dayRefusal !== null}
                    onCheckIn={() => taps.add({ kind: 'check-ins', ...tapBase(entry) })}
                    onPickup={() => setPicking(entry)}
                    healthBadges={<AllergyBadges allergies={allergiesOf(entry.childId)} />}
                  />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
        {sheet ? <SessionAnnouncements sessionId={sessionId} timeZone={sheet.timeZone} /> : null}
      </Stack>
      <PickupModal
        entry={picking}
        opened={picking !== null}
        onClose={() => setPicking(null)}
        onCollected={(collector) => {
          if (!picking) return;
          taps.add({
            kind: 'check-outs',
            ...tapBase(picking),
            pickupAdultId: collector.id,
            adultName: collector.name,
          });
        }}
        onRefused={(name) => {
          if (!picking) return;
          taps.add({ kind: 'pickup-refusals', ...tapBase(picking), name });
        }}
      />
    </PageFrame>
  );
}
