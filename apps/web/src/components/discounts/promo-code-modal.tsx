import { PROMO_CODE_MAX } from '@campwise/contract/baskets';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCurrencyDollar, IconPercentage } from '@tabler/icons-react';
import { useAddPromoCode } from '../../api/discounts.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { type DiscountKind, discountKindLabels, discountText } from './discount-text.ts';
import {
  checkPromoCode,
  emptyPromoCode,
  type PromoCodeFormValues,
  promoCodeLabels,
  promoCodeServerProblems,
} from './promo-code-form.ts';

function PromoCodeForm({ campId, onDone }: { campId: number; onDone: () => void }) {
  const add = useAddPromoCode(campId);
  const form = useForm<PromoCodeFormValues>({ initialValues: emptyPromoCode });
  const percent = form.getValues().kind === 'percent';
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => checkPromoCode(form.getValues()),
    showErrors: form.setErrors,
    send: (body) => add.mutateAsync(body),
    placeRefusal: promoCodeServerProblems,
    onSent: (added) => {
      notifications.show({ color: 'leaf', message: `${added.code} (${discountText(added)}) is added.` });
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Fields marked * are required.
        </Text>
        <FormProblem message={banner} />
        <TextInput
          label={promoCodeLabels.code}
          description="Letters, digits and dashes, such as SUMMER10. Families can type it in any case."
          withAsterisk
          maxLength={PROMO_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-autofocus
          {...form.getInputProps('code')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Radio.Group
            label="Type"
            {...form.getInputProps('kind')}
            onChange={(kind) => {
              form.setFieldValue('kind', kind as DiscountKind);
              form.clearFieldError('value');
            }}
          >
            <Group gap="md" mt={8}>
              {(['amount', 'percent'] as const).map((kind) => (
                <Radio key={kind} value={kind} label={discountKindLabels[kind]} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={promoCodeLabels.value}
            description={percent ? 'A whole percent, 1 to 100' : 'In dollars, taken once from the checkout'}
            withAsterisk
            inputMode={percent ? 'numeric' : 'decimal'}
            autoComplete="off"
            leftSection={percent ? null : <IconCurrencyDollar size={18} aria-hidden />}
            rightSection={percent ? <IconPercentage size={18} aria-hidden /> : null}
            {...form.getInputProps('value')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="date"
            label={promoCodeLabels.validFrom}
            description="Optional"
            {...form.getInputProps('validFrom')}
          />
          <TextInput
            type="date"
            label={promoCodeLabels.validTo}
            description="Optional; the last day it works"
            min={form.getValues().validFrom || undefined}
            {...form.getInputProps('validTo')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={promoCodeLabels.maxUses}
            description="Optional: checkouts in all"
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('maxUses')}
          />
          <TextInput
            label={promoCodeLabels.maxUsesPerFamily}
            description="Optional: checkouts per family"
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('maxUsesPerFamily')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="sun" loading={add.isPending}>
            Add promo code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface PromoCodeModalProps {
  campId: number;
  opened: boolean;
  /** Changes at every opening, so the form starts afresh each time. */
  opening: number;
  onClose: () => void;
}

/** Add promo code, in a dialog (full screen on phones). */
export function PromoCodeModal({ campId, opened, opening, onClose }: PromoCodeModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Add promo code">
      <PromoCodeForm key={opening} campId={campId} onDone={onClose} />
    </AppModal>
  );
}
