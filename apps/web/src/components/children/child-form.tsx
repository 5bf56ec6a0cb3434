import {
  type Child,
  type ChildData,
  childBody,
  GENDER_LABELS,
  type Gender,
  latestToday,
  MEDICAL_MAX_LENGTH,
  SHIRT_SIZE_LABELS,
  SHIRT_SIZES,
  type ShirtSize,
} from '@campwise/contract/children';
import { messages } from '@campwise/contract/messages';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { FormProblem } from '../form-alert.tsx';
import { missesRequiredField, validateWith } from '../forms/field-errors.ts';
import { checkedBody, useCheckedSubmit } from '../forms/use-checked-submit.ts';

// A type alias (not an interface) so it fits the form library's Record<string, unknown>.
export type ChildFormValues = {
  firstName: string;
  lastName: string;
  /** Null until the parent says; they may leave it unsaid. */
  gender: Gender | null;
  /** Null until the parent chooses one: nothing is chosen for them. */
  shirtSize: ShirtSize | null;
  medical: string;
  birthday: string;
};

/** A new camper starts with nothing chosen for them (decision 063). */
export const emptyChild: ChildFormValues = {
  firstName: '',
  lastName: '',
  gender: null,
  shirtSize: null,
  medical: '',
  birthday: '',
};

export function childFormValues(child: Child): ChildFormValues {
  const { firstName, lastName, gender, shirtSize, medical, birthday } = child;
  return { firstName, lastName, gender, shirtSize, medical: medical ?? '', birthday };
}

const genderChoices = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

/** Youth sizes, then adult sizes, as a shop lists them. */
const shirtSizeChoices = (['youth', 'adult'] as const).map((group) => ({
  group: group === 'youth' ? 'Youth' : 'Adult',
  items: SHIRT_SIZES.filter((size) => size.startsWith(group)).map((size) => ({
    value: size,
    label: SHIRT_SIZE_LABELS[size],
  })),
}));

const fieldNames = new Set<string>(Object.keys(emptyChild));

/** The labels of the camper's required fields, also the names their errors use. */
const childLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  shirtSize: 'Shirt Size',
  birthday: 'Birthday',
} as const;

/** The camper form's checks: the same schema the server uses. */
const validateChild = validateWith<ChildFormValues>(childBody, childLabels);

/** The camper form's state; ChildForm checks it when it is sent. */
export function useChildForm(initialValues: ChildFormValues = emptyChild) {
  return useForm<ChildFormValues>({ initialValues });
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
        <Select
          label={childLabels.shirtSize}
          withAsterisk
          placeholder="Choose a size"
          data={shirtSizeChoices}
          allowDeselect={false}
          {...form.getInputProps('shirtSize')}
        />
        {/* Left empty, or emptied again, it is not said. */}
        <Select
          label="Gender"
          placeholder="Optional"
          data={genderChoices}
          clearable
          {...form.getInputProps('gender')}
        />
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
  onSubmit: (body: ChildData) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The camper's details: each problem beside its field, and above them the spec's 'Please fill
 * in all required(*) fields' when something required is missing. A refusal from the server is
 * shown on its fields, with its message above.
 */
export function ChildForm({ form, submitLabel, saving, onSubmit, onCancel }: ChildFormProps) {
  const {
    onSubmit: submit,
    banner,
    formRef,
  } = useCheckedSubmit({
    check: () => {
      const values = form.getValues();
      const errors = validateChild(values);
      return checkedBody(
        errors,
        // Checked just above, so it parses: a gender left empty is sent as not said.
        () => childBody.parse(values),
        missesRequiredField(errors, childLabels) ? messages.requiredFields : null,
      );
    },
    showErrors: form.setErrors,
    send: onSubmit,
    // The server's message stays above the form, whichever fields it also marks.
    placeRefusal: (message, fields = {}) => ({
      fields: Object.fromEntries(Object.entries(fields).filter(([name]) => fieldNames.has(name))),
      banner: message,
    }),
  });

  return (
    <form noValidate onSubmit={submit} ref={formRef}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Fields marked * are required.
        </Text>
        <FormProblem message={banner} />
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
