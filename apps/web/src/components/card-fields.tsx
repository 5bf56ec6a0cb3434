import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

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
        label="First Name"
        autoComplete="cc-given-name"
        withAsterisk
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label="Last Name"
        autoComplete="cc-family-name"
        withAsterisk
        {...form.getInputProps('lastName')}
      />
    </SimpleGrid>
  );
}

/**
 * The card fields of the spec's New Card dialog (First Name, Last Name, Card Number, Exp Day,
 * Exp Year, CVC), shared by every card form.
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
        label="Card Number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        withAsterisk
        {...masked('cardNumber', formatCardNumber)}
      />
      <SimpleGrid cols={3} spacing="md">
        <TextInput
          label="Exp Day"
          description="Month"
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          withAsterisk
          {...masked('expDate', digitsOnly(2))}
        />
        <TextInput
          label="Exp Year"
          description="Year"
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="YYYY"
          withAsterisk
          {...masked('expYear', digitsOnly(4))}
        />
        <TextInput
          label="CVC"
          description="3 or 4 digits"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          withAsterisk
          {...masked('cvc', digitsOnly(4))}
        />
      </SimpleGrid>
    </>
  );
}
