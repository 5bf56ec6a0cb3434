import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { cardLabels } from './cards/card-problems.ts';

// A type alias (not an interface) so it fits the form library's Record<string, unknown>.
export type CardFormValues = {
  firstName: string;
  lastName: string;
  cardNumber: string;
  expDate: string;
  expYear: string;
  cvc: string;
};

export const emptyCard: CardFormValues = {
  firstName: '',
  lastName: '',
  cardNumber: '',
  expDate: '',
  expYear: '',
  cvc: '',
};

/** Groups card digits in fours as they are typed: 4242 4242 4242 4242. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

const digitsOnly = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

/** The card holder's First Name and Last Name, also beside a processor's own card field. */
export function CardHolderFields({ form }: { form: UseFormReturnType<CardFormValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={cardLabels.firstName}
        autoComplete="cc-given-name"
        withAsterisk
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={cardLabels.lastName}
        autoComplete="cc-family-name"
        withAsterisk
        {...form.getInputProps('lastName')}
      />
    </SimpleGrid>
  );
}

/**
 * The card fields of the spec's New Card dialog (First Name, Last Name, Card Number, Exp Month,
 * Exp Year, CVC), shared by every card form. The spec labels the month "Exp Day"; the label says
 * what the field holds (docs/decisions/011).
 */
export function CardFields({ form }: { form: UseFormReturnType<CardFormValues> }) {
  const masked = (field: keyof CardFormValues, format: (value: string) => string) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(field, format(event.currentTarget.value)),
    };
  };
  return (
    <>
      <CardHolderFields form={form} />
      <TextInput
        label={cardLabels.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        withAsterisk
        {...masked('cardNumber', formatCardNumber)}
      />
      <SimpleGrid cols={3} spacing="md">
        <TextInput
          label={cardLabels.expDate}
          description="1 to 12"
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          withAsterisk
          {...masked('expDate', digitsOnly(2))}
        />
        <TextInput
          label={cardLabels.expYear}
          description="4 digits"
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="YYYY"
          withAsterisk
          {...masked('expYear', digitsOnly(4))}
        />
        <TextInput
          label={cardLabels.cvc}
          description="3 or 4 digits"
          inputMode="numeric"
          autoComplete="cc-csc"
          withAsterisk
          {...masked('cvc', digitsOnly(4))}
        />
      </SimpleGrid>
    </>
  );
}
