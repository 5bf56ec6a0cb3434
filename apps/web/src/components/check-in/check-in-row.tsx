import type { CheckInEntry } from '@campwise/contract/check-in';
import { formatMoment } from '@campwise/contract/format';
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconDoorExit, IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ChildAvatar } from '../children/child-avatar.tsx';
import type { QueuedTap } from './use-tap-queue.ts';

const time = (at: string) => formatMoment(at, { compact: true }).split(', ').at(-1) ?? at;

const stateBadges = {
  expected: { color: 'dark', label: 'Not here yet' },
  in: { color: 'leaf', label: 'Checked in' },
  out: { color: 'blue', label: 'Gone home' },
} as const;

interface CheckInRowProps {
  entry: CheckInEntry;
  /** A tap for this child still on its way (being sent, or waiting for the connection). */
  pending: QueuedTap | null;
  /** Taps are refused on this day (not a day of the session): the buttons are off. */
  closed: boolean;
  onCheckIn: () => void;
  onPickup: () => void;
  /**
   * The child's health badges (allergies with their severity) from the health profile; the
   * space beside the name is kept for them.
   */
  healthBadges?: ReactNode;
}

function PendingNote({ pending }: { pending: QueuedTap }) {
  const what =
    pending.tap.kind === 'check-ins'
      ? 'Check-in'
      : pending.tap.kind === 'check-outs'
        ? `Check-out to ${pending.tap.adultName}`
        : 'Refused pickup';
  return (
    <Group gap={6} wrap="nowrap" c="sun.9">
      {pending.status === 'sending' ? (
        <Loader size={14} color="sun.9" aria-hidden />
      ) : (
        <IconCloudUpload size={16} aria-hidden />
      )}
      <Text size="sm" fw={600}>
        {pending.status === 'sending' ? `${what}: sending…` : `${what}: waiting for the connection`}
      </Text>
    </Group>
  );
}

/** One child on the check-in screen: who, where they are today, and the one tap that comes next. */
export function CheckInRow({ entry, pending, closed, onCheckIn, onPickup, healthBadges }: CheckInRowProps) {
  const name = `${entry.firstName} ${entry.lastName}`;
  const badge = stateBadges[entry.state];
  const busy = pending !== null;
  return (
    <Card component="li" padding="md" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ChildAvatar firstName={entry.firstName} lastName={entry.lastName} size={44} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Text size="sm" c="gray.7">
                {entry.age} years · {entry.parentName}
                {entry.parentPhone ? (
                  <>
                    {' · '}
                    <Anchor href={`tel:${entry.parentPhone}`} size="sm" underline="always">
                      {entry.parentPhone}
                    </Anchor>
                  </>
                ) : null}
              </Text>
            </Stack>
          </Group>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        {healthBadges ? <Group gap={6}>{healthBadges}</Group> : null}
        {entry.checkedInAt || entry.refusals.length > 0 ? (
          <Stack gap={2}>
            {entry.checkedInAt ? (
              <Text size="sm">
                In at {time(entry.checkedInAt)}
                {entry.checkedOutAt && entry.collectedBy
                  ? ` · collected at ${time(entry.checkedOutAt)} by ${entry.collectedBy.name}${entry.collectedBy.relationship ? ` (${entry.collectedBy.relationship})` : ''}`
                  : ''}
              </Text>
            ) : null}
            {entry.refusals.map((refusal) => (
              <Text size="sm" c="red.8" key={refusal.at}>
                Refused pickup at {time(refusal.at)}: {refusal.name}
              </Text>
            ))}
          </Stack>
        ) : null}
        {pending ? <PendingNote pending={pending} /> : null}
        {entry.state === 'out' ? null : (
          <Button
            size="lg"
            fullWidth
            variant={entry.state === 'expected' ? 'filled' : 'light'}
            leftSection={
              entry.state === 'expected' ? (
                <IconLogin size={20} aria-hidden />
              ) : (
                <IconDoorExit size={20} aria-hidden />
              )
            }
            disabled={closed || busy}
            onClick={entry.state === 'expected' ? onCheckIn : onPickup}
            aria-label={entry.state === 'expected' ? `Check in ${name}` : `Check out ${name}`}
          >
            {entry.state === 'expected' ? 'Check in' : 'Check out'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
