import { type RefundPolicy, refundPolicyText } from '@campwise/contract/refund-policy';
import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCurrencyDollar, IconPercentage } from '@tabler/icons-react';
import { useSaveRefundPolicy } from '../../api/refund-policy.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { useCheckedSubmit } from '../forms/use-checked-submit.ts';
import {
  checkRefundPolicy,
  type RefundPolicyFormValues,
  refundPolicyFormValues,
  refundPolicyLabels,
  refundPolicyServerProblems,
} from './refund-policy-form.ts';

/** "days" after a number of days, as the field's unit. */
const daysUnit = (
  <Text size="sm" c="gray.7" aria-hidden>
    days
  </Text>
);

/** What families will read, as the form stands; a hint while a field is not yet right. */
function Preview({ values }: { values: RefundPolicyFormValues }) {
  const checked = checkRefundPolicy(values);
  return (
    <Paper withBorder radius="md" p="md" bg="leaf.0">
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          Families will read
        </Text>
        <Text size="sm">
          {'body' in checked
            ? refundPolicyText(checked.body)
            : 'Once every field above is right, the policy shows here as families will read it.'}
        </Text>
      </Stack>
    </Paper>
  );
}

function RefundPolicyForm({
  campId,
  saved,
  onDone,
}: {
  campId: number;
  saved: RefundPolicy;
  onDone: () => void;
}) {
  const save = useSaveRefundPolicy(campId);
  const form = useForm<RefundPolicyFormValues>({ initialValues: refundPolicyFormValues(saved) });
  const values = form.getValues();
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => checkRefundPolicy(form.getValues()),
    showErrors: form.setErrors,
    send: (policy) => save.mutateAsync(policy),
    placeRefusal: refundPolicyServerProblems,
    onSent: () => {
      notifications.show({
        color: 'leaf',
        message: 'Refund policy saved. It applies to places booked from now on.',
      });
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          A change applies to places booked from now on. Places already booked keep the policy they were
          bought under. When you cancel a place or a session yourself, the family is always refunded in full.
        </Text>
        <FormProblem message={banner} />
        <TextInput
          label={refundPolicyLabels.fullUntilDays}
          description="Days before the session starts; 0 means until it starts"
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          rightSection={daysUnit}
          rightSectionWidth={52}
          data-autofocus
          {...form.getInputProps('fullUntilDays')}
        />
        <Fieldset legend="After that" radius="md" styles={{ legend: { fontWeight: 700 } }}>
          <Stack gap="sm">
            <Switch
              label="Give a partial refund for a while longer"
              {...form.getInputProps('partialOn', { type: 'checkbox' })}
              onChange={(event) => {
                form.setFieldValue('partialOn', event.currentTarget.checked);
                form.clearFieldError('partialPercent');
                form.clearFieldError('partialUntilDays');
              }}
            />
            {values.partialOn ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <TextInput
                  label={refundPolicyLabels.partialPercent}
                  description="A whole percent, 1 to 99"
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="off"
                  rightSection={<IconPercentage size={18} aria-hidden />}
                  {...form.getInputProps('partialPercent')}
                />
                <TextInput
                  label={refundPolicyLabels.partialUntilDays}
                  description="Days before the session starts"
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="off"
                  rightSection={daysUnit}
                  rightSectionWidth={52}
                  {...form.getInputProps('partialUntilDays')}
                />
              </SimpleGrid>
            ) : (
              <Text size="sm" c="gray.7">
                Without it, a cancellation after the full-refund period gets nothing back.
              </Text>
            )}
          </Stack>
        </Fieldset>
        <TextInput
          label={refundPolicyLabels.fee}
          description="Optional, in dollars: kept from any refund"
          inputMode="decimal"
          autoComplete="off"
          leftSection={<IconCurrencyDollar size={18} aria-hidden />}
          {...form.getInputProps('fee')}
        />
        <Preview values={values} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="sun" loading={save.isPending}>
            Save policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface RefundPolicyModalProps {
  campId: number;
  saved: RefundPolicy;
  opened: boolean;
  /** Changes at every opening, so the form starts afresh from what is saved each time. */
  opening: number;
  onClose: () => void;
}

/** Edit refund policy, in a dialog (full screen on phones). */
export function RefundPolicyModal({ campId, saved, opened, opening, onClose }: RefundPolicyModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Edit refund policy">
      <RefundPolicyForm key={opening} campId={campId} saved={saved} onDone={onClose} />
    </AppModal>
  );
}
