import { finalFailureLabels, type PaymentPlanSettings } from '@campwise/contract/payment-plans';
import { Button, Group, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { useSavePaymentPlan } from '../../api/payment-plans.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { useCheckedSubmit } from '../forms/use-checked-submit.ts';
import {
  checkPaymentPlan,
  type PaymentPlanFormValues,
  paymentPlanFormValues,
  paymentPlanLabels,
  paymentPlanServerProblems,
} from './payment-plan-form.ts';

function PaymentPlanForm({
  campId,
  saved,
  onDone,
}: {
  campId: number;
  saved: PaymentPlanSettings | null;
  onDone: () => void;
}) {
  const save = useSavePaymentPlan(campId);
  const form = useForm<PaymentPlanFormValues>({ initialValues: paymentPlanFormValues(saved) });
  const values = form.getValues();
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => checkPaymentPlan(form.getValues()),
    showErrors: form.setErrors,
    send: (plan) => save.mutateAsync({ plan }),
    placeRefusal: paymentPlanServerProblems,
    onSent: () => {
      notifications.show({
        color: 'leaf',
        message: 'Deposit settings saved. They apply to bookings from now on.',
      });
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          A change applies to bookings from now on: families already paying in instalments keep the schedule
          they agreed to.
        </Text>
        <FormProblem message={banner} />
        <Switch
          label="Let families pay a deposit now and the rest later"
          data-autofocus
          {...form.getInputProps('on', { type: 'checkbox' })}
        />
        {values.on ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <TextInput
                label={paymentPlanLabels.deposit}
                description="Less than every session's price"
                withAsterisk
                inputMode="decimal"
                autoComplete="off"
                leftSection={<IconCurrencyDollar size={18} aria-hidden />}
                {...form.getInputProps('deposit')}
              />
              <TextInput
                label={paymentPlanLabels.balanceDueDays}
                description="Days before the session starts"
                withAsterisk
                inputMode="numeric"
                autoComplete="off"
                rightSection={
                  <Text size="sm" c="gray.7" aria-hidden>
                    days
                  </Text>
                }
                rightSectionWidth={52}
                {...form.getInputProps('balanceDueDays')}
              />
              <TextInput
                label={paymentPlanLabels.maxInstalments}
                description="1 to 6, equal parts"
                withAsterisk
                inputMode="numeric"
                autoComplete="off"
                {...form.getInputProps('maxInstalments')}
              />
            </SimpleGrid>
            <Radio.Group
              label={paymentPlanLabels.onFinalFailure}
              description="A declined instalment is tried again after 1, 3 and 5 days; the family is e-mailed each time with a link to pay with another card."
              {...form.getInputProps('onFinalFailure')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="keep" label={finalFailureLabels.keep} />
                <Radio value="release" label={finalFailureLabels.release} />
              </Stack>
            </Radio.Group>
          </>
        ) : (
          <Text size="sm" c="gray.7">
            Families pay the whole price when they book.
          </Text>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="sun" loading={save.isPending}>
            Save deposit settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface PaymentPlanModalProps {
  campId: number;
  saved: PaymentPlanSettings | null;
  opened: boolean;
  opening: number;
  onClose: () => void;
}

/** Edit deposits and instalments, in a dialog (full screen on phones). */
export function PaymentPlanModal({ campId, saved, opened, opening, onClose }: PaymentPlanModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Edit deposits and instalments">
      <PaymentPlanForm key={opening} campId={campId} saved={saved} onDone={onClose} />
    </AppModal>
  );
}
