import {
  type Child,
  childBody,
  DEFAULT_GENDER,
  DEFAULT_SHIRT_SIZE,
  type Gender,
  latestToday,
  MEDICAL_MAX_LENGTH,
  type ShirtSize,
} from '@campwise/contract/children';
import { messages } from '@campwise/contract/messages';
import { Button, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { FormProblem } from '../form-alert.tsx';
import { missesRequiredField, validateWith } from '../forms/field-errors.ts';
import { focusFirstError } from '../orgs/focus-first-error.ts';

// A type alias (not an interface) so it fits the form library's Record<string, unknown>.
export type ChildFormValues = {
  firstName: string;
  lastName: string;
  gender: Gender;
  shirtSize: ShirtSize;
  medical: string;
  birthday: string;
};

/** A new camper starts as the spec says: male, small. */
export const emptyChild: ChildFormValues = {
  firstName: '',
  lastName: '',
  gender: DEFAULT_GENDER,
  shirtSize: DEFAULT_SHIRT_SIZE,
  medical: '',
  birthday: '',
};

export function childFormValues(child: Child): ChildFormValues {
  const { firstName, lastName, gender, shirtSize, medical, birthday } = child;
  return { firstName, lastName, gender, shirtSize, medical: medical ?? '', birthday };
}

export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female' };
export const shirtSizeLabels: Record<ShirtSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
};

const fieldNames = new Set<string>(Object.keys(emptyChild));

/** The labels of the camper's required fields, also the names their errors use. */
const childLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  gender: 'Gender',
  shirtSize: 'Shirt Size',
  birthday: 'Birthday',
} as const;

/** The camper form's state, checked with the same schema the server uses. */
export function useChildForm(initialValues: ChildFormValues = emptyChild) {
  return useForm<ChildFormValues>({ initialValues, validate: validateWith(childBody, childLabels) });
}

function ChildFields({ form }: { form: UseFormReturnType<ChildFormValues> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={childLabels.firstName}
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={childLabels.lastName}
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Radio.Group label={childLabels.gender} withAsterisk {...form.getInputProps('gender')}>
          <Group gap="lg" mt={8}>
            {Object.entries(genderLabels).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label={childLabels.shirtSize} withAsterisk {...form.getInputProps('shirtSize')}>
          <Group gap="lg" mt={8}>
            {Object.entries(shirtSizeLabels).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Group>
        </Radio.Group>
      </SimpleGrid>
      <TextInput
        type="date"
        label={childLabels.birthday}
        withAsterisk
        max={latestToday()}
        style={{ maxWidth: 260 }}
        {...form.getInputProps('birthday')}
      />
      <Textarea
        label="Allergies & Medical Info"
        description="Optional. Shared only with you and the hosts of camps this camper is registered for."
        autosize
        minRows={3}
        maxRows={8}
        maxLength={MEDICAL_MAX_LENGTH}
        {...form.getInputProps('medical')}
      />
    </>
  );
}

interface ChildFormProps {
  form: UseFormReturnType<ChildFormValues>;
  submitLabel: string;
  saving: boolean;
  onSubmit: (values: ChildFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The camper's details: each problem beside its field, and above them the spec's 'Please fill
 * in all required(*) fields' when something required is missing. A refusal from the server is
 * shown on its fields, with its message above.
 */
export function ChildForm({ form, submitLabel, saving, onSubmit, onCancel }: ChildFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = form.onSubmit(
    async (values) => {
      setProblem(null);
      try {
        await onSubmit(values);
      } catch (error) {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        form.setErrors(Object.fromEntries(Object.entries(fields).filter(([name]) => fieldNames.has(name))));
        setProblem(error instanceof Error ? error.message : messages.tryAgain);
        focusFirstError(formRef.current);
      }
    },
    (errors) => {
      setProblem(missesRequiredField(errors, childLabels) ? messages.requiredFields : null);
      focusFirstError(formRef.current);
    },
  );

  return (
    <form noValidate onSubmit={submit} ref={formRef}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Fields marked * are required.
        </Text>
        <FormProblem message={problem} />
        <ChildFields form={form} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="sun" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
