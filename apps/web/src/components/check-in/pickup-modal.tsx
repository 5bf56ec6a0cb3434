import { type CheckInEntry, PARENT_COLLECTOR, type PickupAdult } from '@campwise/contract/check-in';
import { messages } from '@campwise/contract/messages';
import { Avatar, Button, Divider, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUserX } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../app-modal.tsx';

interface PickupModalProps {
  entry: CheckInEntry | null;
  opened: boolean;
  onClose: () => void;
  onCollected: (collector: Collector) => void;
  onRefused: (name: string) => void;
}

/** Who collects: one of the child's pickup adults, or the parent on the account. */
export interface Collector {
  id: number | typeof PARENT_COLLECTOR;
  name: string;
}

/** The parent on the child's account, who may always collect: no photo on file, so their ID. */
function ParentChoice({ entry }: { entry: CheckInEntry }) {
  return (
    <Radio.Card
      value={PARENT_COLLECTOR}
      radius="md"
      p="sm"
      aria-label={`${entry.parentName}, parent on the account`}
    >
      <Group wrap="nowrap" gap="md">
        <Radio.Indicator />
        <Avatar alt="" size={72} radius="md" color="sun" variant="light">
          {entry.parentName.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {entry.parentName}
          </Text>
          <Text size="sm" c="gray.7">
            Parent on the account{entry.parentPhone ? ` · ${entry.parentPhone}` : ''}
          </Text>
          <Text size="xs" c="gray.7" fs="italic">
            Check their ID
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** An authorised adult to choose: their photo (large enough to compare with a face), name, relationship. */
function AdultChoice({ adult }: { adult: PickupAdult }) {
  return (
    <Radio.Card
      value={String(adult.id)}
      radius="md"
      p="sm"
      aria-label={`${adult.name}, ${adult.relationship}`}
    >
      <Group wrap="nowrap" gap="md">
        <Radio.Indicator />
        <Avatar src={adult.photo?.smallUrl ?? null} alt="" size={72} radius="md" color="leaf" variant="light">
          {adult.name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {adult.name}
          </Text>
          <Text size="sm" c="gray.7">
            {adult.relationship} · {adult.phone}
          </Text>
          {adult.photo ? null : (
            <Text size="xs" c="gray.7" fs="italic">
              No photo: check their ID
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * Pickup: staff choose who collects the child: the parent on the account (always, first) or
 * an adult on the family's list. Anyone else cannot be chosen, only recorded as refused with
 * the name they gave.
 */
export function PickupModal({ entry, opened, onClose, onCollected, onRefused }: PickupModalProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [refusedName, setRefusedName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const childName = entry ? entry.firstName : '';
  const adults = entry?.pickupAdults ?? [];
  const adult: Collector | null =
    chosen === PARENT_COLLECTOR && entry
      ? { id: PARENT_COLLECTOR, name: entry.parentName }
      : (adults.find((candidate) => String(candidate.id) === chosen) ?? null);

  const close = () => {
    setChosen(null);
    setRefusedName('');
    setNameError(null);
    onClose();
  };

  const refuse = () => {
    const name = refusedName.trim();
    if (name === '') {
      setNameError(messages.refusedNameRequired);
      return;
    }
    onRefused(name);
    close();
  };

  return (
    <AppModal opened={opened} onClose={close} title={`Who is collecting ${childName}?`}>
      <Stack gap="md">
        {entry ? (
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label="Who may collect"
            description="The parent on the account, then the adults the family authorised. Compare the photo with the person in front of you."
          >
            <Stack gap="xs" mt="xs">
              <ParentChoice entry={entry} />
              {adults.map((candidate) => (
                <AdultChoice key={candidate.id} adult={candidate} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {entry && adults.length === 0 ? (
          <Text size="sm" c="gray.7">
            The family has named no other pickup adults: anyone else must be refused.
          </Text>
        ) : null}
        <Button
          size="lg"
          disabled={!adult}
          onClick={() => {
            if (!adult) return;
            onCollected(adult);
            close();
          }}
        >
          {adult ? `Check out to ${adult.name}` : 'Choose an adult to check out'}
        </Button>
        <Divider label="Someone not on the list?" labelPosition="center" />
        <Stack gap="xs">
          <Title order={3} fz="h5">
            Refuse the pickup
          </Title>
          <Text size="sm" c="gray.7">
            {childName} stays at camp. We record the name they give and e-mail the parent.
          </Text>
          <TextInput
            label="Name they gave"
            value={refusedName}
            onChange={(event) => {
              setRefusedName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            autoComplete="off"
          />
          <Button
            variant="light"
            color="red"
            leftSection={<IconUserX size={18} aria-hidden />}
            onClick={refuse}
          >
            Record refused pickup
          </Button>
        </Stack>
      </Stack>
    </AppModal>
  );
}
