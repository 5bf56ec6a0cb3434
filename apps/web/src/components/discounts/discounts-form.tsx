import { adjustmentLabels, type CampDiscounts } from '@campwise/contract/baskets';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSaveCampDiscounts } from '../../api/discounts.ts';
import { useLeaveGuard } from '../camp-settings/use-leave-guard.tsx';
import { FormProblem } from '../form-alert.tsx';
import { useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { DiscountFieldset } from './discount-fieldset.tsx';
import {
  checkDiscounts,
  type DiscountsFormValues,
  discountFieldLabels,
  discountsFormValues,
} from './discounts-form.ts';

/** "2nd session" … "10th session": where a multi-week discount may start. */
const fromSessionOptions = Array.from({ length: 9 }, (_, index) => {
  const n = index + 2;
  const suffix = n === 2 ? 'nd' : n === 3 ? 'rd' : 'th';
  return { value: String(n), label: `${n}${suffix} session` };
});

/** The camp's early-bird, multi-week and sibling discounts, each on or off, saved together. */
export function DiscountsForm({ campId, saved }: { campId: number; saved: CampDiscounts }) {
  const save = useSaveCampDiscounts(campId);
  const form = useForm<DiscountsFormValues>({ initialValues: discountsFormValues(saved) });
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => checkDiscounts(form.getValues()),
    showErrors: form.setErrors,
    send: (discounts) => save.mutateAsync(discounts),
    onSent: (stored) => {
      form.setInitialValues(discountsFormValues(stored));
      form.setValues(discountsFormValues(stored));
      notifications.show({ color: 'leaf', message: 'Discounts saved. They apply to new bookings.' });
    },
  });

  const leaving = useLeaveGuard(form.isDirty(), 'the discounts');

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef} aria-labelledby="discounts-form-heading">
      {leaving}
      <Stack gap="md">
        <Title order={3} fz="h4" id="discounts-form-heading">
          Discounts
        </Title>
        <FormProblem message={banner} />
        <DiscountFieldset
          form={form}
          name="earlyBird"
          legend={adjustmentLabels.early_bird}
          switchLabel="Offer an early-bird discount"
          description="Every place booked on or before its last day."
        >
          <TextInput
            type="date"
            label={discountFieldLabels.until}
            description="Bookings on this day still get it"
            withAsterisk
            {...form.getInputProps('earlyBird.until')}
          />
        </DiscountFieldset>
        <DiscountFieldset
          form={form}
          name="multiSession"
          legend={adjustmentLabels.multi_session}
          switchLabel="Offer a multi-week discount"
          description="A child booked into several sessions in one checkout gets it from the chosen session on."
        >
          <NativeSelect
            label={discountFieldLabels.fromSession}
            description="Counting the child's sessions by date"
            data={fromSessionOptions}
            {...form.getInputProps('multiSession.fromSession')}
          />
        </DiscountFieldset>
        <DiscountFieldset
          form={form}
          name="sibling"
          legend={adjustmentLabels.sibling}
          switchLabel="Offer a sibling discount"
          description="Every brother or sister after the first booked in one checkout."
        />
        <Text size="sm" c="gray.7">
          Discounts apply in this order, each to what is left: early bird, multi-week, sibling, then a promo
          code. Places already paid for keep their price.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" color="sun" loading={save.isPending}>
            Save discounts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
