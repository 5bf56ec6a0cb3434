import { formatMoment, formatMoney } from '@campwise/contract/format';
import { hostCanCancel, isWaiting } from '@campwise/contract/life-cycles';
import type { RosterEntry } from '@campwise/contract/registrations';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { BreakableText } from '../breakable-text.tsx';

export const childName = (entry: RosterEntry) => `${entry.childFirstName} ${entry.childLastName}`;

/** Paid less refunded, or what is happening to the money. */
export function paidText(entry: RosterEntry): string {
  if (entry.status === 'pending_payment') return `Charging ${formatMoney(entry.amountCents)}`;
  if (entry.status === 'offered' && entry.offerExpiresAt) {
    return `Held until ${formatMoment(entry.offerExpiresAt, { compact: true })}`;
  }
  return formatMoney(entry.amountCents - entry.refundedCents);
}

/** The parent's name, telephone and e-mail, and a way to write to them in Messages. */
export function ParentContact({
  entry,
  onMessage,
}: {
  entry: RosterEntry;
  /** Absent when the host's role has no messages with families (decision 057). */
  onMessage?: (entry: RosterEntry) => void;
}) {
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
      {onMessage ? (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconMessage size={16} aria-hidden />}
          onClick={() => onMessage(entry)}
          aria-label={`Message ${entry.parentName} about ${childName(entry)}`}
          style={{ alignSelf: 'flex-start' }}
          mt={4}
        >
          Message
        </Button>
      ) : null}
    </Stack>
  );
}

/** What the host may do with a row; each is absent when their role does not allow it (decision 057). */
export interface EntryActions {
  onMessage?: (entry: RosterEntry) => void;
  onCancel?: (entry: RosterEntry) => void;
  onTransfer?: (entry: RosterEntry) => void;
}

/** Move (to another session) and Cancel, in a camper's side panel, which is named after the child. */
export function PlaceActions({ entry, onCancel, onTransfer }: EntryActions & { entry: RosterEntry }) {
  const canCancel = onCancel !== undefined && hostCanCancel(entry.status);
  const canTransfer = onTransfer !== undefined && entry.canTransfer;
  if (!canTransfer && !canCancel) return null;
  return (
    <Group gap="xs">
      {canTransfer ? (
        <Button variant="light" onClick={() => onTransfer?.(entry)}>
          Move to another session
        </Button>
      ) : null}
      {canCancel ? (
        <Button variant="light" color="red" onClick={() => onCancel?.(entry)}>
          {isWaiting(entry.status) ? 'Remove from waitlist' : 'Cancel registration'}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * Whether the family still owes the camp's questions or waivers for this child, and how many;
 * `labelled` says "Forms" where no column heading does.
 */
export function FormsBadge({ missing, labelled = false }: { missing: number; labelled?: boolean }) {
  const count = missing === 1 ? '1 missing' : `${missing} missing`;
  return missing > 0 ? (
    <Badge variant="light" color="sun" c="sun.9" tt="none" size="md" miw="max-content">
      {labelled ? `Forms: ${count}` : count}
    </Badge>
  ) : (
    <Badge variant="light" color="leaf" c="leaf.8" tt="none" size="md" miw="max-content">
      {labelled ? 'Forms complete' : 'Complete'}
    </Badge>
  );
}
