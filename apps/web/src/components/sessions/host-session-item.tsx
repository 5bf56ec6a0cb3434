import { formatMoney } from '@campwise/contract/format';
import { windowMomentText } from '@campwise/contract/session-text';
import { registrationWindow } from '@campwise/contract/session-window';
import type { HostCampSession } from '@campwise/contract/sessions';
import { ActionIcon, Box, Button, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCalendarX,
  IconClipboardCheck,
  IconDots,
  IconListDetails,
  IconPencil,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SmallCapsLabel } from '../orgs/org-details.tsx';
import { SessionStatusBadge } from './session-status-badge.tsx';
import { SessionWhen } from './session-when.tsx';

/** What a host can do to a session; each is offered only when the server would allow it. */
export interface SessionActions {
  onEdit: (session: HostCampSession) => void;
  onCopy: (session: HostCampSession) => void;
  onCancel: (session: HostCampSession) => void;
  onDelete: (session: HostCampSession) => void;
  /** Who works it: the staff assigned to it (decision 057). */
  onStaff?: (session: HostCampSession) => void;
  /** A copy being made from this session. */
  copying: number | null;
}

function SessionFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <SmallCapsLabel>{label}</SmallCapsLabel>
      <Text size="sm">{children}</Text>
    </Box>
  );
}

/** When families can book it: open, opening on a day, or closed. */
function registrationText(session: HostCampSession): string {
  if (session.status === 'cancelled') return 'Closed';
  const state = registrationWindow(session, new Date());
  if (state === 'not_open' && session.registrationOpensAt) {
    return `Opens ${windowMomentText(session.registrationOpensAt, session.timeZone)}`;
  }
  if (state === 'closed') return 'Closed';
  return session.registrationClosesAt
    ? `Open until ${windowMomentText(session.registrationClosesAt, session.timeZone)}`
    : 'Open';
}

function waitlistText(session: HostCampSession): string {
  if (session.waitlisted > 0) return `${session.waitlisted} waiting`;
  return session.allowsWaitlist ? 'On, nobody waiting' : 'Off';
}

interface HostSessionItemProps extends SessionActions {
  session: HostCampSession;
  /** Deleting is offered only while the camp keeps another session. */
  hasOthers: boolean;
  /**
   * The host's role changes sessions (owner, manager); otherwise (staff) the session offers its
   * roster and check-in instead, as far as the role reaches them (decision 057).
   */
  canManage?: boolean;
  /** Without `canManage`: a link to the session's roster. */
  withRoster?: boolean;
  /** Without `canManage`: a link to its check-in (staff: a session they are assigned to). */
  withCheckIn?: boolean;
}

/** A staff member's way into a session's day: its roster and, while it runs, check-in. */
function SessionEntryPoints({
  session,
  withRoster,
  withCheckIn,
}: {
  session: HostCampSession;
  withRoster: boolean;
  withCheckIn: boolean;
}) {
  const checkIn = withCheckIn && session.status === 'scheduled';
  if (!withRoster && !checkIn) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {withRoster ? (
        <Button
          component={Link}
          to={`/host/camp/${session.campId}/roster?session=${session.id}`}
          variant="light"
          size="compact-md"
          leftSection={<IconListDetails size={16} aria-hidden />}
          aria-label={`Roster of ${session.name}`}
        >
          Roster
        </Button>
      ) : null}
      {checkIn ? (
        <Button
          component={Link}
          to={`/host/sessions/${session.id}/check-in`}
          variant="default"
          size="compact-md"
          leftSection={<IconClipboardCheck size={16} aria-hidden />}
          aria-label={`Check-in of ${session.name}`}
        >
          Check-in
        </Button>
      ) : null}
    </Group>
  );
}

/** One session on the host's list: what it is, how full, and what can be done to it. */
export function HostSessionItem({
  session,
  hasOthers,
  canManage = true,
  withRoster = false,
  withCheckIn = false,
  ...actions
}: HostSessionItemProps) {
  const scheduled = session.status === 'scheduled';
  const canCopy = session.startDate !== null;
  const canDelete =
    hasOthers && session.spotsTaken === 0 && session.paidPlaces === 0 && session.waitlisted === 0;
  const hasMenu = canCopy || scheduled || canDelete || actions.onStaff !== undefined;
  const titleId = `session-${session.id}-name`;

  return (
    <Box
      component="li"
      py="md"
      aria-labelledby={titleId}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" align="center">
              <Title order={3} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {session.name}
              </Title>
              <SessionStatusBadge status={session.status} />
            </Group>
            <SessionWhen session={session} c={scheduled ? 'dark' : 'gray.7'} />
          </Stack>
          {canManage ? (
            <Group gap="xs" wrap="nowrap">
              {scheduled ? (
                <Button
                  variant="light"
                  size="compact-md"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => actions.onEdit(session)}
                  aria-label={`Edit ${session.name}`}
                >
                  Edit
                </Button>
              ) : null}
              {hasMenu ? (
                // No focus placeholder in the list: a menu holds only its items (axe's aria-required-children).
                <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
                  <Menu.Target>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`More for ${session.name}`}
                      loading={actions.copying === session.id}
                    >
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {actions.onStaff ? (
                      <Menu.Item
                        leftSection={<IconUsersGroup size={16} aria-hidden />}
                        onClick={() => actions.onStaff?.(session)}
                      >
                        Staff
                      </Menu.Item>
                    ) : null}
                    {canCopy ? (
                      <Menu.Item
                        leftSection={<IconCalendarPlus size={16} aria-hidden />}
                        onClick={() => actions.onCopy(session)}
                      >
                        Copy to next week
                      </Menu.Item>
                    ) : null}
                    {scheduled ? (
                      <Menu.Item
                        color="red"
                        leftSection={<IconCalendarX size={16} aria-hidden />}
                        onClick={() => actions.onCancel(session)}
                      >
                        Cancel session
                      </Menu.Item>
                    ) : null}
                    {canDelete ? (
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        onClick={() => actions.onDelete(session)}
                      >
                        Delete
                      </Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              ) : null}
            </Group>
          ) : (
            <SessionEntryPoints session={session} withRoster={withRoster} withCheckIn={withCheckIn} />
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <SessionFact label="Price">{formatMoney(session.priceCents)}</SessionFact>
          <SessionFact label="Places">
            {session.spotsTaken} of {session.capacity} taken
          </SessionFact>
          <SessionFact label="Waitlist">{waitlistText(session)}</SessionFact>
          <SessionFact label="Registration">{registrationText(session)}</SessionFact>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
