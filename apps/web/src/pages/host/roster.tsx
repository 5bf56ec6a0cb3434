import type { RosterForms } from '@campwise/contract/camp-forms';
import { formatMoment, formatMomentDay, formatMoney } from '@campwise/contract/format';
import { parseId } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import type { RegistrationStatus, Roster, RosterEntry } from '@campwise/contract/registrations';
import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconClipboardCheck, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import {
  rosterDownload,
  useDownload,
  useHostCancelRegistration,
  useRoster,
} from '../../api/registrations.ts';
import { BreakableText } from '../../components/breakable-text.tsx';
import { hasRosterForms, RosterEntryFormsView } from '../../components/camp-forms/roster-entry-forms.tsx';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { AttendanceSummary } from '../../components/check-in/attendance-summary.tsx';
import { RosterHealth } from '../../components/health-profiles/roster-health.tsx';
import { SmallCapsLabel } from '../../components/orgs/org-details.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { CancelRegistrationModal } from '../../components/registrations/cancel-registration-modal.tsx';
import { RegistrationStatusBadge } from '../../components/registrations/status-badge.tsx';
import { TransferModal, type TransferPlace } from '../../components/registrations/transfer-modal.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { RosterSessionSwitch } from '../../components/sessions/roster-session-switch.tsx';

/** Places a host may cancel; a payment still in flight settles first. */
const cancellable: readonly RegistrationStatus[] = ['confirmed', 'waitlisted', 'offered'];

const childName = (entry: RosterEntry) => `${entry.childFirstName} ${entry.childLastName}`;
const shirtText = (size: string) => size.charAt(0).toUpperCase() + size.slice(1);

/** Paid less refunded, or what is happening to the money. */
function paidText(entry: RosterEntry): string {
  if (entry.status === 'pending_payment') return `Charging ${formatMoney(entry.amountCents)}`;
  if (entry.status === 'offered' && entry.offerExpiresAt) {
    return `Held until ${formatMoment(entry.offerExpiresAt, { compact: true })}`;
  }
  return formatMoney(entry.amountCents - entry.refundedCents);
}

function ParentContact({ entry }: { entry: RosterEntry }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {entry.parentName}
      </Text>
      {entry.parentPhone ? (
        <Anchor href={`tel:${entry.parentPhone}`} size="sm">
          {entry.parentPhone}
        </Anchor>
      ) : null}
      {/* Broken only when nothing else fits, so a table column makes room for the whole address. */}
      <Anchor href={`mailto:${entry.parentEmail}`} size="sm">
        <BreakableText value={entry.parentEmail} />
      </Anchor>
    </Stack>
  );
}

interface EntryActions {
  onCancel: (entry: RosterEntry) => void;
  onTransfer: (entry: RosterEntry) => void;
}

/** Move (to another session) and Cancel, for the rows that allow them. */
function RowActions({ entry, onCancel, onTransfer }: EntryActions & { entry: RosterEntry }) {
  const canCancel = cancellable.includes(entry.status);
  if (!entry.canTransfer && !canCancel) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {entry.canTransfer ? (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onTransfer(entry)}
          aria-label={`Move ${childName(entry)} to another session`}
        >
          Move
        </Button>
      ) : null}
      {canCancel ? (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={() => onCancel(entry)}
          aria-label={`Cancel ${childName(entry)}'s registration`}
        >
          Cancel
        </Button>
      ) : null}
    </Group>
  );
}

/** One labelled value of a roster card on a phone. */
function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <SmallCapsLabel>{label}</SmallCapsLabel>
      {children}
    </Box>
  );
}

interface EntryListProps extends EntryActions {
  entries: RosterEntry[];
  /** Waiting families: their place and when they joined; medical notes are shared only on registering. */
  waitlist: boolean;
  /** Every session of a camp with several is listed: each child's session is said. */
  showSession: boolean;
  /** The camp's questions and waivers (decision 029). */
  forms: RosterForms;
}

/** Wide screens: a table with a column per fact. */
function EntryTable({ entries, waitlist, showSession, forms, ...actions }: EntryListProps) {
  return (
    <Card padding={0} visibleFrom="md">
      <Table.ScrollContainer minWidth={1040}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {waitlist ? <Table.Th scope="col">Place</Table.Th> : null}
              <Table.Th scope="col">Child</Table.Th>
              {showSession ? <Table.Th scope="col">Session</Table.Th> : null}
              <Table.Th scope="col">Age</Table.Th>
              <Table.Th scope="col">Shirt</Table.Th>
              {waitlist ? null : <Table.Th scope="col">Health</Table.Th>}
              {waitlist ? null : <Table.Th scope="col">Attendance</Table.Th>}
              {hasRosterForms(forms) ? <Table.Th scope="col">Answers and waivers</Table.Th> : null}
              <Table.Th scope="col">Parent</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">{waitlist ? 'Joined' : 'Paid'}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.registrationId}>
                {waitlist ? <Table.Td>{entry.waitlistPosition}</Table.Td> : null}
                <Table.Th scope="row" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {childName(entry)}
                </Table.Th>
                {showSession ? (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.sessionName}</Table.Td>
                ) : null}
                <Table.Td>{entry.age}</Table.Td>
                <Table.Td>{shirtText(entry.shirtSize)}</Table.Td>
                {waitlist ? null : (
                  <Table.Td maw={260}>
                    <RosterHealth entry={entry} />
                  </Table.Td>
                )}
                {waitlist ? null : (
                  <Table.Td maw={220}>
                    <AttendanceSummary days={entry.attendance} />
                  </Table.Td>
                )}
                {hasRosterForms(forms) ? (
                  <Table.Td maw={280}>
                    <RosterEntryFormsView columns={forms} forms={entry.forms} />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <ParentContact entry={entry} />
                </Table.Td>
                <Table.Td>
                  <RegistrationStatusBadge status={entry.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{waitlist ? formatMomentDay(entry.registeredAt) : paidText(entry)}</Text>
                </Table.Td>
                <Table.Td>
                  <RowActions entry={entry} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phones: a card per child, every fact labelled. */
function EntryCards({ entries, waitlist, showSession, forms, ...actions }: EntryListProps) {
  return (
    <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Card component="li" key={entry.registrationId} padding="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
                {waitlist ? `${entry.waitlistPosition}. ` : ''}
                {childName(entry)}
              </Title>
              <RegistrationStatusBadge status={entry.status} />
            </Group>
            {showSession ? (
              <CardFact label="Session">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.sessionName}
                </Text>
              </CardFact>
            ) : null}
            <SimpleGrid cols={2} spacing="sm">
              <CardFact label="Age">
                <Text size="sm">{entry.age}</Text>
              </CardFact>
              <CardFact label="Shirt">
                <Text size="sm">{shirtText(entry.shirtSize)}</Text>
              </CardFact>
            </SimpleGrid>
            {waitlist ? null : (
              <CardFact label="Health">
                <RosterHealth entry={entry} />
              </CardFact>
            )}
            {waitlist ? null : (
              <CardFact label="Attendance">
                <AttendanceSummary days={entry.attendance} />
              </CardFact>
            )}
            {hasRosterForms(forms) ? (
              <CardFact label="Answers and waivers">
                <RosterEntryFormsView columns={forms} forms={entry.forms} />
              </CardFact>
            ) : null}
            <CardFact label="Parent">
              <ParentContact entry={entry} />
            </CardFact>
            <CardFact label={waitlist ? 'Joined' : 'Paid'}>
              <Text size="sm">{waitlist ? formatMomentDay(entry.registeredAt) : paidText(entry)}</Text>
            </CardFact>
            <RowActions entry={entry} {...actions} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function RosterSection({ title, empty, ...list }: EntryListProps & { title: string; empty: string }) {
  const headingId = `roster-${title.toLowerCase()}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h3" id={headingId}>
        {title} ({list.entries.length})
      </Title>
      {list.entries.length === 0 ? (
        <Card padding="lg">
          <Text c="gray.7">{empty}</Text>
        </Card>
      ) : (
        <>
          <EntryTable {...list} />
          <EntryCards {...list} />
        </>
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card padding="md">
      <SmallCapsLabel>{label}</SmallCapsLabel>
      <Text fw={800} fz="h3">
        {value}
      </Text>
    </Card>
  );
}

function RosterSkeleton() {
  return (
    <Container py="xl" aria-busy="true">
      <VisuallyHidden role="status">Loading the roster</VisuallyHidden>
      <Stack gap="lg">
        <Skeleton height={14} width={140} />
        <Skeleton height={36} width="50%" />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} height={76} radius="lg" />
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
  const waiting = cancelling?.status === 'waitlisted' || cancelling?.status === 'offered';
  const name = cancelling ? childName(cancelling) : '';

  return (
    <PageFrame
      title="Roster"
      parent={{ to: `/host/camp/${roster.campId}`, label: roster.campName }}
      description={severalSessions ? (shownSession?.name ?? 'All sessions') : undefined}
      actions={
        <>
          {checkInSession === null ? null : (
            <Button
              component={Link}
              to={`/host/sessions/${checkInSession}/check-in`}
              leftSection={<IconClipboardCheck size={18} aria-hidden />}
            >
              Check-in
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={exportCsv}
            loading={download.isPending}
          >
            Export CSV
          </Button>
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
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Stat label="Capacity" value={String(roster.capacity)} />
          <Stat label="Registered" value={String(roster.registered.length)} />
          <Stat label="Spots left" value={roster.spotsLeft === 0 ? 'Full' : String(roster.spotsLeft)} />
          <Stat label="Waitlist" value={String(roster.waitlist.length)} />
        </SimpleGrid>
        <RosterSection
          title="Registered"
          empty="No campers are registered yet. Families who register show here."
          entries={roster.registered}
          onCancel={openCancel}
          onTransfer={openTransfer}
          waitlist={false}
          showSession={showSession}
          forms={roster.forms}
        />
        <RosterSection
          title="Waitlist"
          empty="Nobody is waiting for a spot."
          entries={roster.waitlist}
          onCancel={openCancel}
          onTransfer={openTransfer}
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
      <TransferModal side="host" opened={transferring} onClose={transferDialog.close} place={moving} />
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
