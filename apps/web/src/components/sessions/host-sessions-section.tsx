import type { CampDetail } from '@campwise/contract/camps';
import { campKind } from '@campwise/contract/camps';
import { sessionDatesText } from '@campwise/contract/session-text';
import type { HostCampSession } from '@campwise/contract/sessions';
import { Box, Button, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCancelSession, useCopySession, useDeleteSession, useHostSessions } from '../../api/sessions.ts';
import { useStaffSessions } from '../../api/teams.ts';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { CancelRegistrationModal } from '../registrations/cancel-registration-modal.tsx';
import { SectionCard } from '../section-card.tsx';
import { SessionStaffModal } from '../teams/session-staff-modal.tsx';
import { HostSessionItem } from './host-session-item.tsx';
import { type SessionDialog, SessionFormModal } from './session-form-modal.tsx';

function SessionsSkeleton() {
  return (
    <LoadingSkeleton label="Loading sessions" gap="sm">
      <Skeleton height={96} radius="md" />
      <Skeleton height={96} radius="md" />
    </LoadingSkeleton>
  );
}

/** Latest by start: the one a new session is most like. */
const latestOf = (sessions: HostCampSession[]) =>
  sessions.filter((session) => session.status === 'scheduled').at(-1) ?? sessions.at(-1);

/** Cancel and Delete ask first; the subject stays set while a dialog closes. */
function useConfirming() {
  const [session, setSession] = useState<HostCampSession | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  return {
    session,
    opened,
    close,
    open: (chosen: HostCampSession) => {
      setSession(chosen);
      open();
    },
  };
}

/**
 * A camp's sessions on the host's pages: each with its dates, hours, price and places, and Add
 * session, Edit, Copy to next week, Cancel session and Delete.
 */
export function HostSessionsSection({
  camp,
  canManage = true,
  canSeeRoster = true,
}: {
  camp: CampDetail;
  /** The host's role changes sessions; otherwise each offers its roster and check-in (decision 057). */
  canManage?: boolean;
  /** The role reads every session's roster and check-in; otherwise (staff) the sessions they work. */
  canSeeRoster?: boolean;
}) {
  const query = useHostSessions(camp.id);
  const mine = useStaffSessions({ enabled: !canManage && !canSeeRoster });
  const works = (session: HostCampSession) =>
    canSeeRoster || (mine.data ?? []).some((worked) => worked.sessionId === session.id);
  const copy = useCopySession(camp.id);
  const cancel = useCancelSession(camp.id);
  const remove = useDeleteSession(camp.id);
  const [dialog, setDialog] = useState<SessionDialog>({ kind: 'add' });
  const [opening, setOpening] = useState(0);
  const [formOpened, form] = useDisclosure(false);
  const cancelling = useConfirming();
  const deleting = useConfirming();
  const staffing = useConfirming();
  const sessions = query.data ?? [];
  const datesRequired = campKind(camp.categories.map((category) => category.id)).needsDates;

  const openForm = (next: SessionDialog) => {
    setDialog(next);
    setOpening((count) => count + 1);
    form.open();
  };

  const copyToNextWeek = (session: HostCampSession) =>
    copy.mutate(session.id, {
      onSuccess: (added) =>
        notifications.show({
          color: 'leaf',
          message: `${added.name} (${sessionDatesText(added)}) is added.`,
        }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });

  const confirmCancel = () => {
    const session = cancelling.session;
    if (!session) return;
    cancel.mutate(session.id, {
      onSuccess: () => {
        cancelling.close();
        notifications.show({
          color: 'leaf',
          message: `${session.name} is cancelled. Paid places are refunded and families e-mailed.`,
        });
      },
    });
  };

  const confirmDelete = () => {
    const session = deleting.session;
    if (!session) return;
    remove.mutate(session.id, {
      onSuccess: () => {
        deleting.close();
        notifications.show({ color: 'leaf', message: `${session.name} was deleted.` });
      },
    });
  };

  const body = (
    <QueryState
      query={query}
      skeleton={<SessionsSkeleton />}
      errorMessage="We could not load the sessions."
      empty={<Text c="gray.7">No sessions yet. Add one so families can register.</Text>}
    >
      {(sessions) => (
        <Box component="ul" m={0} p={0} aria-label="Sessions">
          {sessions.map((session) => (
            <HostSessionItem
              key={session.id}
              session={session}
              hasOthers={sessions.length > 1}
              canManage={canManage}
              withRoster={canSeeRoster}
              withCheckIn={works(session)}
              copying={copy.isPending ? (copy.variables ?? null) : null}
              onEdit={(chosen) => openForm({ kind: 'edit', session: chosen })}
              onCopy={copyToNextWeek}
              onCancel={(chosen) => {
                cancel.reset();
                cancelling.open(chosen);
              }}
              onDelete={(chosen) => {
                remove.reset();
                deleting.open(chosen);
              }}
              onStaff={canManage ? staffing.open : undefined}
            />
          ))}
        </Box>
      )}
    </QueryState>
  );

  const cancelled = cancelling.session;
  return (
    <SectionCard
      title="Sessions"
      headingId="sessions-heading"
      description="Each session has its own dates, price and places; families choose one when they register."
      action={
        canManage ? (
          <Button
            color="sun"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => openForm({ kind: 'add' })}
            disabled={query.isPending}
          >
            Add session
          </Button>
        ) : undefined
      }
    >
      {body}
      <SessionFormModal
        campId={camp.id}
        opened={formOpened}
        opening={opening}
        onClose={form.close}
        dialog={dialog}
        latest={latestOf(sessions)}
        datesRequired={datesRequired}
      />
      <CancelRegistrationModal
        opened={cancelling.opened}
        onClose={cancelling.close}
        title="Cancel session"
        question={
          cancelled
            ? `Are you sure you wish to cancel ${cancelled.name}, ${sessionDatesText(cancelled)}?`
            : ''
        }
        consequence="Every paid place is refunded in full and each family is e-mailed."
        confirmLabel="Cancel session"
        onConfirm={confirmCancel}
        loading={cancel.isPending}
        error={cancel.error}
      />
      <SessionStaffModal
        session={staffing.session}
        orgId={camp.orgId}
        opened={staffing.opened}
        onClose={staffing.close}
      />
      <ConfirmModal
        opened={deleting.opened}
        onClose={deleting.close}
        title="Delete session"
        question={deleting.session ? `Delete ${deleting.session.name}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        loading={remove.isPending}
        error={remove.error}
      />
    </SectionCard>
  );
}
