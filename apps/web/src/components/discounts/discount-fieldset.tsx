import { Fieldset, Group, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCurrencyDollar, IconPercentage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type DiscountKind, discountKindLabels } from './discount-text.ts';
import { type DiscountsFormValues, discountFieldLabels } from './discounts-form.ts';

interface DiscountFieldsetProps {
  form: UseFormReturnType<DiscountsFormValues>;
  name: keyof DiscountsFormValues;
  legend: string;
  switchLabel: string;
  /** Who gets it, in a sentence. */
  description: string;
  /** The discount's own field: early bird's last day, multi-week's first session. */
  children?: ReactNode;
}

/** One discount: switched on or off, a percent or a dollar amount, and its own rule. */
export function DiscountFieldset({
  form,
  name,
  legend,
  switchLabel,
  description,
  children,
}: DiscountFieldsetProps) {
  const fields = form.getValues()[name];
  const percent = fields.kind === 'percent';
  return (
    <Fieldset legend={legend} radius="md" styles={{ legend: { fontWeight: 700 } }}>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {description}
        </Text>
        <Switch label={switchLabel} {...form.getInputProps(`${name}.on`, { type: 'checkbox' })} />
        {fields.on ? (
          <SimpleGrid cols={{ base: 1, sm: children ? 3 : 2 }} spacing="md">
            <Radio.Group
              label="Type"
              {...form.getInputProps(`${name}.kind`)}
              onChange={(kind) => {
                form.setFieldValue(`${name}.kind`, kind as DiscountKind);
                form.clearFieldError(`${name}.value`);
              }}
            >
              <Group gap="md" mt={8}>
                {(['percent', 'amount'] as const).map((kind) => (
                  <Radio key={kind} value={kind} label={discountKindLabels[kind]} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              label={discountFieldLabels.value}
              description={percent ? 'A whole percent, 1 to 100' : 'In dollars'}
              withAsterisk
              inputMode={percent ? 'numeric' : 'decimal'}
              autoComplete="off"
              leftSection={percent ? null : <IconCurrencyDollar size={18} aria-hidden />}
              rightSection={percent ? <IconPercentage size={18} aria-hidden /> : null}
              {...form.getInputProps(`${name}.value`)}
            />
            {children}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
