import { messages } from '@campwise/contract/messages';
import {
  MAX_WHAT_TO_BRING,
  type ReminderSettings,
  reminderSettingsSchema,
} from '@campwise/contract/reminders';
import { Alert, Button, Group, Skeleton, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useReminderSettings, useSaveReminderSettings } from '../../api/reminders.ts';
import { useLeaveGuard } from '../camp-settings/use-leave-guard.tsx';
import { FormProblem } from '../form-alert.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';

function RemindersForm({ campId, saved }: { campId: number; saved: ReminderSettings }) {
  const save = useSaveReminderSettings(campId);
  const form = useForm<ReminderSettings>({
    initialValues: saved,
    validate: zod4Resolver(reminderSettingsSchema),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (stored) => {
        form.setValues(stored);
        form.resetDirty(stored);
      },
    }),
  );
  const leaving = useLeaveGuard(form.isDirty(), 'the reminders');
  return (
    <form noValidate onSubmit={submit}>
      {leaving}
      <Stack gap="md">
        <Switch
          label="Send reminders before each session"
          description="A week before and the day before the first day, to every family with a confirmed place."
          {...form.getInputProps('enabled', { type: 'checkbox' })}
          onChange={(event) => {
            save.reset();
            form.setFieldValue('enabled', event.currentTarget.checked);
          }}
        />
        <Textarea
          label="What to bring"
          description="Printed in the reminders as you write it."
          placeholder="A packed lunch, a refillable water bottle, sunscreen and a hat."
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_WHAT_TO_BRING}
          disabled={!form.values.enabled}
          {...form.getInputProps('whatToBring')}
          onChange={(event) => {
            save.reset();
            form.setFieldValue('whatToBring', event.currentTarget.value);
          }}
        />
        <FormProblem message={save.error?.message ?? null} />
        {save.isSuccess ? (
          <Alert color="leaf" variant="light" role="status">
            {messages.remindersSaved}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending}>
            Save reminders
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A camp's reminder e-mails on the host's edit page: on or off, and what families bring. */
export function HostRemindersSection({ campId }: { campId: number }) {
  const query = useReminderSettings(campId);
  return (
    <SectionCard
      title="Reminders"
      headingId="reminders-heading"
      description="Families get the dates, times and place by e-mail before the session starts."
    >
      <QueryState
        query={query}
        skeleton={
          <LoadingSkeleton label="Loading the reminder settings">
            <Skeleton height={120} radius="md" />
          </LoadingSkeleton>
        }
        errorMessage="We could not load the reminder settings."
      >
        {(saved) => <RemindersForm campId={campId} saved={saved} />}
      </QueryState>
    </SectionCard>
  );
}
