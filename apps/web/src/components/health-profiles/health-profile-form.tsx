import {
  ALLERGY_SEVERITIES,
  allergySeverityLabels,
  EMERGENCY_CONTACTS_MAX,
  HEALTH_ENTRY_MAX_LENGTH,
  type HealthProfile,
  MEDICATION_GIVERS,
  medicationGiverLabels,
} from '@campwise/contract/health-profiles';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSaveHealthProfile } from '../../api/health-profiles.ts';
import { FormProblem } from '../form-alert.tsx';
import { checkedBody, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { PhoneInput } from '../phone-input.tsx';
import {
  emptyAllergy,
  emptyContact,
  emptyMedication,
  formFieldOf,
  type HealthFormValues,
  healthBody,
  healthFormValues,
  validateHealth,
} from './health-form-values.ts';

type Form = UseFormReturnType<HealthFormValues>;

const severityOptions = ALLERGY_SEVERITIES.map((value) => ({ value, label: allergySeverityLabels[value] }));
const giverOptions = MEDICATION_GIVERS.map((value) => ({ value, label: medicationGiverLabels[value] }));

/** One entry of a list (an allergy, a medication, a contact) with its remove button. */
function ListEntry({
  label,
  onRemove,
  children,
}: {
  label: string;
  onRemove?: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder p="md" radius="md" shadow="none">
      <Group justify="space-between" align="center" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        {onRemove ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

function AddButton({ children, onClick }: { children: string; onClick: () => void }) {
  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={onClick}
      style={{ alignSelf: 'flex-start' }}
    >
      {children}
    </Button>
  );
}

function Allergies({ form }: { form: Form }) {
  return (
    <Fieldset legend="Allergies" variant="unstyled">
      <Stack gap="sm">
        {form.values.allergies.length === 0 ? (
          <Text size="sm" c="gray.7">
            No allergies listed.
          </Text>
        ) : null}
        {form.values.allergies.map((_, index) => (
          <ListEntry
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
            key={index}
            label={`Allergy ${index + 1}`}
            onRemove={() => form.removeListItem('allergies', index)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Allergic to"
                withAsterisk
                maxLength={HEALTH_ENTRY_MAX_LENGTH}
                {...form.getInputProps(`allergies.${index}.name`)}
              />
              <Select
                label="Severity"
                withAsterisk
                data={severityOptions}
                allowDeselect={false}
                {...form.getInputProps(`allergies.${index}.severity`)}
              />
            </SimpleGrid>
            <TextInput
              mt="sm"
              label="Reaction and what to do"
              description="Optional, e.g. “Hives; give the EpiPen in her bag”."
              maxLength={HEALTH_ENTRY_MAX_LENGTH}
              {...form.getInputProps(`allergies.${index}.reaction`)}
            />
          </ListEntry>
        ))}
        <AddButton onClick={() => form.insertListItem('allergies', emptyAllergy)}>Add an allergy</AddButton>
      </Stack>
    </Fieldset>
  );
}

function Medications({ form }: { form: Form }) {
  return (
    <Fieldset legend="Medications" variant="unstyled">
      <Stack gap="sm">
        {form.values.medications.length === 0 ? (
          <Text size="sm" c="gray.7">
            No medications listed.
          </Text>
        ) : null}
        {form.values.medications.map((_, index) => (
          <ListEntry
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
            key={index}
            label={`Medication ${index + 1}`}
            onRemove={() => form.removeListItem('medications', index)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Medication"
                withAsterisk
                maxLength={HEALTH_ENTRY_MAX_LENGTH}
                {...form.getInputProps(`medications.${index}.name`)}
              />
              <TextInput
                label="Dose"
                withAsterisk
                maxLength={HEALTH_ENTRY_MAX_LENGTH}
                {...form.getInputProps(`medications.${index}.dose`)}
              />
              <TextInput
                label="When"
                description="e.g. “With lunch” or “Before sports”"
                withAsterisk
                maxLength={HEALTH_ENTRY_MAX_LENGTH}
                {...form.getInputProps(`medications.${index}.schedule`)}
              />
              <Select
                label="Given by"
                withAsterisk
                data={giverOptions}
                allowDeselect={false}
                {...form.getInputProps(`medications.${index}.givenBy`)}
              />
            </SimpleGrid>
          </ListEntry>
        ))}
        <AddButton onClick={() => form.insertListItem('medications', emptyMedication)}>
          Add a medication
        </AddButton>
      </Stack>
    </Fieldset>
  );
}

function EmergencyContacts({ form }: { form: Form }) {
  const contacts = form.values.emergencyContacts;
  return (
    <Fieldset legend="Emergency contacts" variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          At least one person other than you, whom the camp calls when it cannot reach you.
        </Text>
        {typeof form.errors.emergencyContacts === 'string' ? (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.emergencyContacts}
          </Text>
        ) : null}
        {contacts.map((_, index) => (
          <ListEntry
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
            key={index}
            label={`Emergency contact ${index + 1}`}
            onRemove={contacts.length > 1 ? () => form.removeListItem('emergencyContacts', index) : undefined}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Name"
                withAsterisk
                autoComplete="off"
                maxLength={HEALTH_ENTRY_MAX_LENGTH}
                {...form.getInputProps(`emergencyContacts.${index}.name`)}
              />
              <TextInput
                label="Relationship"
                withAsterisk
                maxLength={HEALTH_ENTRY_MAX_LENGTH}
                {...form.getInputProps(`emergencyContacts.${index}.relationship`)}
              />
              <PhoneInput
                label="Phone"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps(`emergencyContacts.${index}.phone`)}
              />
            </SimpleGrid>
          </ListEntry>
        ))}
        {contacts.length < EMERGENCY_CONTACTS_MAX ? (
          <AddButton onClick={() => form.insertListItem('emergencyContacts', emptyContact)}>
            Add a contact
          </AddButton>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

function OtherFields({ form }: { form: Form }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TagsInput
          label="Conditions"
          description="Press Enter after each, e.g. asthma."
          maxLength={HEALTH_ENTRY_MAX_LENGTH}
          {...form.getInputProps('conditions')}
        />
        <TagsInput
          label="Dietary needs"
          description="Press Enter after each, e.g. vegetarian."
          maxLength={HEALTH_ENTRY_MAX_LENGTH}
          {...form.getInputProps('dietaryNeeds')}
        />
      </SimpleGrid>
      <Fieldset legend="Doctor and insurance (optional)" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Doctor's name"
            maxLength={HEALTH_ENTRY_MAX_LENGTH}
            {...form.getInputProps('doctorName')}
          />
          <PhoneInput label="Doctor's phone" {...form.getInputProps('doctorPhone')} />
          <TextInput
            label="Insurance provider"
            maxLength={HEALTH_ENTRY_MAX_LENGTH}
            {...form.getInputProps('insuranceProvider')}
          />
          <TextInput
            label="Policy number"
            maxLength={HEALTH_ENTRY_MAX_LENGTH}
            {...form.getInputProps('insurancePolicyNumber')}
          />
        </SimpleGrid>
      </Fieldset>
      <Radio.Group
        label="May the camp use photos and videos of your child?"
        description="In its newsletters, website and social media."
        withAsterisk
        {...form.getInputProps('mediaConsent')}
      >
        <Group gap="lg" mt={8}>
          <Radio value="yes" label="Yes" />
          <Radio value="no" label="No" />
        </Group>
      </Radio.Group>
    </>
  );
}

interface HealthProfileFormProps {
  childId: number;
  childName: string;
  profile: HealthProfile | null;
  onSaved: (profile: HealthProfile) => void;
  onCancel: () => void;
}

/**
 * The child's health profile: allergies, medications, conditions, dietary needs, doctor and
 * insurance, emergency contacts and media consent, each checked with the server's schema.
 */
export function HealthProfileForm({
  childId,
  childName,
  profile,
  onSaved,
  onCancel,
}: HealthProfileFormProps) {
  const save = useSaveHealthProfile(childId);
  const form = useForm<HealthFormValues>({ initialValues: healthFormValues(profile) });
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => {
      const values = form.getValues();
      return checkedBody(
        validateHealth(values),
        () => healthBody(values),
        'Please check the fields marked below.',
      );
    },
    showErrors: form.setErrors,
    send: (body) => save.mutateAsync(body),
    // The server's message stays above the form, whichever fields it also marks.
    placeRefusal: (message, fields = {}) => ({
      fields: Object.fromEntries(Object.entries(fields).map(([path, text]) => [formFieldOf(path), text])),
      banner: message,
    }),
    onSent: onSaved,
  });

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef} aria-label={`${childName}'s health profile`}>
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          Kept once, shared with the hosts of each camp {childName} has a paid place at, until 30 days after
          it ends. Each time a host opens it, you see it below.
        </Text>
        <FormProblem message={banner} />
        <Allergies form={form} />
        <Medications form={form} />
        <OtherFields form={form} />
        <EmergencyContacts form={form} />
        <Box>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="sun" loading={save.isPending}>
              Save health profile
            </Button>
          </Group>
        </Box>
      </Stack>
    </form>
  );
}
