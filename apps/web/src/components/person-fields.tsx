import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PhoneInput } from './phone-input.tsx';

type PersonField = 'firstName' | 'lastName' | 'email' | 'phone';

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
      <TextInput label="First Name" autoComplete="given-name" withAsterisk {...inputProps('firstName')} />
      <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...inputProps('lastName')} />
      <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...inputProps('email')} />
      <PhoneInput
        label="Phone"
        withAsterisk={phoneRequired}
        description={phoneRequired ? undefined : 'Optional'}
        {...inputProps('phone')}
      />
    </SimpleGrid>
  );
}
