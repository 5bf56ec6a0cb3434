import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PhoneInput } from './phone-input.tsx';

type PersonField = 'firstName' | 'lastName' | 'email' | 'phone';

/** The labels of the person fields, also the names their errors use. */
export const personLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
} as const satisfies Record<PersonField, string>;

/** The labels of the required person fields: the phone is optional for hosts. */
export function requiredPersonLabels(phoneRequired: boolean): Partial<Record<PersonField, string>> {
  const { phone, ...names } = personLabels;
  return phoneRequired ? { ...names, phone } : names;
}

/** First name, last name, e-mail and phone: the same on registration and account settings. */
export function PersonFields({
  inputProps,
  phoneRequired,
}: {
  inputProps: (field: PersonField) => GetInputPropsReturnType;
  phoneRequired: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={personLabels.firstName}
        autoComplete="given-name"
        withAsterisk
        {...inputProps('firstName')}
      />
      <TextInput
        label={personLabels.lastName}
        autoComplete="family-name"
        withAsterisk
        {...inputProps('lastName')}
      />
      <TextInput
        label={personLabels.email}
        type="email"
        autoComplete="email"
        withAsterisk
        {...inputProps('email')}
      />
      <PhoneInput
        label={personLabels.phone}
        withAsterisk={phoneRequired}
        description={phoneRequired ? undefined : 'Optional'}
        {...inputProps('phone')}
      />
    </SimpleGrid>
  );
}
