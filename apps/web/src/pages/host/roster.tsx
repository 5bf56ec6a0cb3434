import { formatMoney } from '@campwise/contract/format';
import { isWaiting } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import type { Roster, RosterEntry } from '@campwise/contract/registrations';
import { parseId } from '@campwise/contract/row-ids';
import {
  Button,
  Chip,
  CloseButton,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconClipboardCheck, IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useHostCamp } from '../../api/camps.ts';
import { ApiError } from '../../api/client.ts';
import {
  rosterDownload,
  useDownload,
  useHostCancelRegistration,
  useRoster,
} from '../../api/registrations.ts';
import { hasRosterForms } from '../../components/camp-forms/roster-entry-forms.tsx';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import {
  type FamilyToMessage,
  MessageFamilyModal,
} from '../../components/conversations/message-family-modal.tsx';
import { FigureCard } from '../../components/orgs/org-details.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { CancelRegistrationModal } from '../../components/registrations/cancel-registration-modal.tsx';
import { RosterSection } from '../../components/registrations/roster-entries.tsx';
import { RosterEntryPanel } from '../../components/registrations/roster-entry-panel.tsx';
import {
  filterRoster,
  hasHealthNeeds,
  owesForms,
  ROSTER_SHOWS,
  type RosterShow,
  rosterShowLabels,
} from '../../components/registrations/roster-filter.ts';
import { childName } from '../../components/registrations/roster-parts.tsx';
import { TransferModal, type TransferPlace } from '../../components/registrations/transfer-modal.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { RosterSessionSwitch } from '../../components/sessions/roster-session-switch.tsx';
import { CampNotForYourRole } from '../../components/teams/camp-not-for-your-role.tsx';
import { useOrgRights } from '../../components/teams/use-org-rights.ts';

function RosterSkeleton() {
  return (
    <Container py="xl" aria-busy="true">
      <VisuallyHidden role="status">Loading the roster</VisuallyHidden>
      <Stack gap="lg">
        <Skeleton height={14} width={140} />
        <Skeleton height={36} width="50%" />
        <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="xs">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} height={68} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height={240} radius="lg" />
      </Stack>
    </Container>
  );
}

interface RosterViewProps {
  roster: Roster;
  /** The session asked for in the address (null: all of them), which the switch and export follow. */
  sessionId: number | null;
  onChooseSession: (sessionId: number | null) => void;
  /** Another session's roster is loading; the previous one shows meanwhile. */
  switching: boolean;
}

function RosterView({ roster, sessionId, onChooseSession, switching }: RosterViewProps) {
  const cancel = useHostCancelRegistration(roster.campId);
  const { may } = useOrgRights(roster.orgId);
  const severalSessions = roster.sessions.length > 1;
  const showSession = severalSessions && roster.sessionId === null;
  const shownSession = roster.sessions.find((session) => session.id === roster.sessionId);
  const download = useDownload();
  // The entry stays set while the dialog closes, so its words do not change as it fades.
  const [cancelling, setCancelling] = useState<RosterEntry | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  // Like the cancelled one, the moved entry stays set while its dialog closes.
  const [moving, setMoving] = useState<TransferPlace | null>(null);
  const [transferring, transferDialog] = useDisclosure(false);
  const [writingTo, setWritingTo] = useState<FamilyToMessage | null>(null);
  const [writing, messageDialog] = useDisclosure(false);
  const [shown, setShown] = useState<RosterEntry | null>(null);
  const [panelOpen, panel] = useDisclosure(false);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<RosterShow>('all');

  const openPanel = (entry: RosterEntry) => {
    setShown(entry);
    panel.open();
  };
  // A dialog opened from the panel takes its place, rather than stacking over it.
  const fromPanel = (act: (entry: RosterEntry) => void) => (entry: RosterEntry) => {
    panel.close();
    act(entry);
  };

  const openMessage = (entry: RosterEntry) => {
    setWritingTo({
      registrationId: entry.registrationId,
      parentName: entry.parentName,
      childName: childName(entry),
    });
    messageDialog.open();
  };

  const openTransfer = (entry: RosterEntry) => {
    setMoving({
      registrationId: entry.registrationId,
      campId: roster.campId,
      childName: childName(entry),
      parentName: entry.parentName,
    });
    transferDialog.open();
  };

  const openCancel = (entry: RosterEntry) => {
    cancel.reset();
    setCancelling(entry);
    open();
  };

  // Staff read the roster and check children in; the rest is the owner's and managers' (decision 057).
  const actions = {
    onMessage: may('messages') ? fromPanel(openMessage) : undefined,
    onCancel: may('camps:manage') ? fromPanel(openCancel) : undefined,
    onTransfer: may('camps:manage') ? fromPanel(openTransfer) : undefined,
  };
  const everyone = [...roster.registered, ...roster.waitlist];
  const counts: Record<RosterShow, number> = {
    all: everyone.length,
    forms: everyone.filter(owesForms).length,
    health: everyone.filter(hasHealthNeeds).length,
  };
  const withForms = hasRosterForms(roster.forms);
  const shows = ROSTER_SHOWS.filter((one) => one !== 'forms' || withForms);

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.registrationId, {
      onSuccess: (result) => {
        notifications.show({
          color: 'leaf',
          message:
            result.refundedCents > 0
              ? `${childName(cancelling)}'s registration is cancelled; ${cancelling.parentName} is refunded ${formatMoney(result.refundedCents)}.`
              : `${childName(cancelling)} is off the waitlist.`,
        });
        close();
      },
    });
  };

  const exportCsv = () =>
    download.mutate(rosterDownload(roster.campId, sessionId), {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });

  // The day-of-camp screen of the session shown, or of the camp's first scheduled one.
  const checkInSession =
    roster.sessionId ?? roster.sessions.find((session) => session.status === 'scheduled')?.id ?? null;
  const refund = cancelling?.status === 'confirmed' ? cancelling.amountCents - cancelling.refundedCents : 0;
  const waiting = cancelling ? isWaiting(cancelling.status) : false;
  const name = cancelling ? childName(cancelling) : '';

  return (
    <PageFrame
      title="Roster"
      parent={{ to: `/host/camp/${roster.campId}`, label: roster.campName }}
      description={severalSessions ? (shownSession?.name ?? 'All sessions') : undefined}
      actions={
        <>
          {checkInSession === null || !may('check-in') ? null : (
            <Button
              component={Link}
              to={`/host/sessions/${checkInSession}/check-in`}
              leftSection={<IconClipboardCheck size={18} aria-hidden />}
            >
              Check-in
            </Button>
          )}
          {may('reports') ? (
            <Button
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={exportCsv}
              loading={download.isPending}
            >
              Export CSV
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="lg" aria-busy={switching}>
        {severalSessions ? (
          <RosterSessionSwitch
            sessions={roster.sessions}
            value={sessionId}
            onChange={onChooseSession}
            loading={switching}
          />
        ) : null}
        <SimpleGrid cols={{ base: 3, lg: withForms ? 6 : 5 }} spacing="xs">
          <FigureCard label="Capacity" value={String(roster.capacity)} />
          <FigureCard label="Registered" value={String(roster.registered.length)} />
          <FigureCard label="Spots left" value={roster.spotsLeft === 0 ? 'Full' : String(roster.spotsLeft)} />
          <FigureCard label="Waitlist" value={String(roster.waitlist.length)} />
          {withForms ? <FigureCard label="Missing forms" value={String(counts.forms)} /> : null}
          <FigureCard label="Health needs" value={String(counts.health)} />
        </SimpleGrid>
        {everyone.length === 0 ? null : (
          <Group gap="sm" align="flex-end" role="search" aria-label="Find a camper">
            <TextInput
              label="Search campers"
              placeholder="Child or parent, e-mail or phone"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                search ? <CloseButton aria-label="Clear the search" onClick={() => setSearch('')} /> : null
              }
              style={{ flex: '1 1 260px' }}
              maw={420}
            />
            <Chip.Group value={show} onChange={(value) => setShow(value as RosterShow)}>
              <Group gap={6} role="radiogroup" aria-label="Show">
                {shows.map((one) => (
                  <Chip key={one} value={one} variant="outline">
                    {rosterShowLabels[one]} ({counts[one]})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Group>
        )}
        <RosterSection
          title="Registered"
          empty="No campers are registered yet. Families who register show here."
          entries={filterRoster(roster.registered, search, show)}
          total={roster.registered.length}
          onOpen={openPanel}
          waitlist={false}
          showSession={showSession}
          forms={roster.forms}
        />
        <RosterSection
          title="Waitlist"
          empty="Nobody is waiting for a spot."
          entries={filterRoster(roster.waitlist, search, show)}
          total={roster.waitlist.length}
          onOpen={openPanel}
          waitlist
          showSession={showSession}
          forms={roster.forms}
        />
      </Stack>
      <CancelRegistrationModal
        opened={confirming}
        onClose={close}
        title={waiting ? 'Remove from the waitlist' : 'Cancel registration'}
        question={messages.hostCancelRegistrationConfirm.replace('{child}', name)}
        consequence={
          refund > 0
            ? messages.hostRefundInFull
                .replace('{parent}', cancelling?.parentName ?? '')
                .replace('{amount}', formatMoney(refund))
            : messages.hostLeaveWaitlistNote.replace('{child}', name)
        }
        confirmLabel={waiting ? 'Remove from waitlist' : 'Cancel registration'}
        onConfirm={confirmCancel}
        loading={cancel.isPending}
        error={cancel.error}
      />
      <RosterEntryPanel
        entry={everyone.find((entry) => entry.registrationId === shown?.registrationId) ?? shown}
        opened={panelOpen}
        onClose={panel.close}
        forms={roster.forms}
        {...actions}
      />
      <TransferModal side="host" opened={transferring} onClose={transferDialog.close} place={moving} />
      <MessageFamilyModal opened={writing} onClose={messageDialog.close} family={writingTo} />
    </PageFrame>
  );
}

/** A host's roster of one camp: registered children with their parents, and the waitlist. */
export default function HostRoster() {
  const campId = useRouteId();
  const [params, setParams] = useSearchParams();
  const asked = parseId(params.get('session') ?? undefined);
  const sessionId = Number.isNaN(asked) ? null : asked;
  const query = useRoster(campId, sessionId);
  // A role without the roster (staff) is told so, with the camp to go back to.
  const refused = query.error instanceof ApiError && query.error.status === 403;
  const camp = useHostCamp(refused ? campId : Number.NaN);
  const chooseSession = (id: number | null) =>
    setParams(id === null ? {} : { session: String(id) }, { replace: true });
  usePageTitle(query.data ? `Roster: ${query.data.campName}` : undefined);

  if (Number.isNaN(campId) || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <CampLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }
  if (refused && camp.data) return <CampNotForYourRole title="Roster" camp={camp.data} />;
  if (refused && camp.isPending) return <RosterSkeleton />;
  if (query.error) {
    return (
      <PageFrame title="Roster">
        <LoadError message="We could not load the roster." onRetry={() => query.refetch()} />
      </PageFrame>
    );
  }
  if (query.isPending) return <RosterSkeleton />;
  return (
    <RosterView
      roster={query.data}
      sessionId={sessionId}
      onChooseSession={chooseSession}
      switching={query.isPlaceholderData}
    />
  );
}
