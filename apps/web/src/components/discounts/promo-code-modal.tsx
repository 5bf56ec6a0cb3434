import { PROMO_CODE_MAX } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCurrencyDollar, IconPercentage } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useAddPromoCode } from '../../api/discounts.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { focusFirstError } from '../orgs/focus-first-error.ts';
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
  const [banner, setBanner] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const percent = form.getValues().kind === 'percent';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React carries a submit out of the dialog's portal to any form the dialog sits in.
    event.stopPropagation();
    setBanner(null);
    const checked = checkPromoCode(form.getValues());
    form.setErrors(checked.errors);
    if (!('body' in checked)) {
      focusFirstError(formRef.current);
      return;
    }
    try {
      const added = await add.mutateAsync(checked.body);
      notifications.show({ color: 'leaf', message: `${added.code} (${discountText(added)}) is added.` });
      onDone();
    } catch (error) {
      const problems = promoCodeServerProblems(
        error instanceof Error ? error.message : messages.tryAgain,
        error instanceof ApiError ? error.fields : undefined,
      );
      form.setErrors(problems.fields);
      setBanner(problems.banner);
      focusFirstError(formRef.current);
    }
  };

  return (
    <form noValidate onSubmit={submit} ref={formRef}>
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
