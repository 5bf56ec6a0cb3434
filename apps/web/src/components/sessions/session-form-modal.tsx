import { WEEKDAY_NAMES } from '@campwise/contract/format';
import { sessionDatesText } from '@campwise/contract/session-text';
import { type HostCampSession, SESSION_NAME_MAX } from '@campwise/contract/sessions';
import { timeZoneName } from '@campwise/contract/time-zones';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCurrencyDollar, IconInfoCircle } from '@tabler/icons-react';
import { useAddSession, useEditSession } from '../../api/sessions.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { useCheckedSubmit } from '../forms/use-checked-submit.ts';
import {
  checkSession,
  newSessionValues,
  type SessionFormValues,
  sessionFormValues,
  sessionLabels,
  sessionServerProblems,
} from './session-form.ts';

/** The week as it is read, Monday first (0 is Sunday). */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** What the dialog is for: a new session, or changing `session`. */
export type SessionDialog = { kind: 'add' } | { kind: 'edit'; session: HostCampSession };

interface SessionFormProps {
  campId: number;
  dialog: SessionDialog;
  /** The camp's latest session, which a new one starts from. */
  latest: HostCampSession | undefined;
  /** A year-round camp's sessions may go without dates. */
  datesRequired: boolean;
  onDone: () => void;
}

function SessionForm({ campId, dialog, latest, datesRequired, onDone }: SessionFormProps) {
  const add = useAddSession(campId);
  const edit = useEditSession(campId);
  const editing = dialog.kind === 'edit' ? dialog.session : null;
  const saving = add.isPending || edit.isPending;
  const form = useForm<SessionFormValues>({
    initialValues: editing ? sessionFormValues(editing) : newSessionValues(latest),
  });
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => checkSession(form.getValues()),
    showErrors: form.setErrors,
    send: (body) => (editing ? edit.mutateAsync({ sessionId: editing.id, body }) : add.mutateAsync(body)),
    placeRefusal: sessionServerProblems,
    onSent: (saved) => {
      notifications.show({
        color: 'leaf',
        message: `${saved.name} (${sessionDatesText(saved)}) is ${editing ? 'saved' : 'added'}.`,
      });
      onDone();
    },
  });
  // Hosts enter the window on the camp's clock (decision 047).
  const timeZone = editing?.timeZone ?? latest?.timeZone;
  const momentNote = timeZone ? `Optional. In ${timeZoneName(timeZone)}.` : "Optional. On the camp's clock.";

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Fields marked * are required.
        </Text>
        {editing && editing.paidPlaces > 0 ? (
          <Alert color="sun" variant="light" icon={<IconInfoCircle aria-hidden />}>
            A new price applies to new places only.
          </Alert>
        ) : null}
        <FormProblem message={banner} />
        <TextInput
          label={sessionLabels.name}
          description="What families choose, such as Week 2 or Mornings."
          withAsterisk
          maxLength={SESSION_NAME_MAX}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="date"
            label={sessionLabels.startDate}
            withAsterisk={datesRequired}
            description={datesRequired ? undefined : 'Leave empty for a year-round session.'}
            {...form.getInputProps('startDate')}
          />
          <TextInput
            type="date"
            label={sessionLabels.endDate}
            withAsterisk={datesRequired}
            description={datesRequired ? undefined : 'Leave empty for a year-round session.'}
            min={form.getValues().startDate || undefined}
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="time"
            label={sessionLabels.startTime}
            description="Optional: the daily hours."
            {...form.getInputProps('startTime')}
          />
          <TextInput
            type="time"
            label={sessionLabels.endTime}
            description="Optional: the daily hours."
            {...form.getInputProps('endTime')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={sessionLabels.weekdays}
          description="Optional: leave them all clear when it meets every day of its dates."
          {...form.getInputProps('weekdays')}
        >
          <Group gap="md" mt={6}>
            {MONDAY_FIRST.map((day) => (
              <Checkbox
                key={day}
                value={String(day)}
                label={WEEKDAY_NAMES[day]?.slice(0, 3)}
                aria-label={WEEKDAY_NAMES[day]}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={sessionLabels.price}
            description="Per camper, in dollars"
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            leftSection={<IconCurrencyDollar size={18} aria-hidden />}
            {...form.getInputProps('price')}
          />
          <TextInput
            label={sessionLabels.capacity}
            description="How many campers can register"
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('capacity')}
          />
        </SimpleGrid>
        <Switch
          label="Allows Waitlist"
          description="When the session is full, families can join a waitlist and are offered freed places."
          {...form.getInputProps('allowsWaitlist', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="datetime-local"
            label={sessionLabels.registrationOpensAt}
            description={momentNote}
            {...form.getInputProps('registrationOpensAt')}
          />
          <TextInput
            type="datetime-local"
            label={sessionLabels.registrationClosesAt}
            description={momentNote}
            {...form.getInputProps('registrationClosesAt')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="sun" loading={saving}>
            {editing ? 'Save session' : 'Add session'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SessionFormModalProps extends Omit<SessionFormProps, 'onDone'> {
  opened: boolean;
  /** Changes at every opening, so the form starts afresh each time. */
  opening: number;
  onClose: () => void;
}

/**
 * Add session / Edit session, in a dialog (full screen on phones). The dialog's subject stays
 * set while it closes, so its words do not change as it fades.
 */
export function SessionFormModal({ opened, opening, onClose, ...props }: SessionFormModalProps) {
  const title = props.dialog.kind === 'edit' ? `Edit ${props.dialog.session.name}` : 'Add session';
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <SessionForm key={opening} onDone={onClose} {...props} />
    </AppModal>
  );
}
