import { CAMP_DESCRIPTION_MAX, campKind } from '@campwise/contract/camps';
import type { HostOrg } from '@campwise/contract/orgs';
import { US_STATES } from '@campwise/contract/us-states';
import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBuildingCommunity, IconCurrencyDollar } from '@tabler/icons-react';
import { PhoneInput } from '../phone-input.tsx';
import { type CampFormValues, campLabels } from './camp-form.ts';
import { CategoryMultiSelect } from './category-multiselect.tsx';

type CampForm = UseFormReturnType<CampFormValues>;

interface FieldsProps {
  form: CampForm;
  disabled?: boolean;
}

const stateOptions = US_STATES.map(([value, label]) => ({ value, label: `${label} (${value})` }));
const addressFields = ['address', 'city', 'state', 'zip'] as const;
const dateFields = ['startDate', 'endDate'] as const;

const numberProps = { min: 1, step: 1, allowDecimal: false, allowNegative: false } as const;

/** Name, description and categories. Choosing categories clears the fields they rule out. */
export function CampBasicsFields({ form, disabled }: FieldsProps) {
  const values = form.getValues();
  const chooseCategories = (ids: number[]) => {
    const kind = campKind(ids);
    form.setFieldValue('categories', ids);
    form.clearFieldError('categories');
    // One field at a time, so that only the cleared fields lose their error messages.
    if (!kind.needsAddress) for (const field of addressFields) form.setFieldValue(field, '');
    if (!kind.needsDates) for (const field of dateFields) form.setFieldValue(field, '');
  };

  return (
    <>
      <TextInput
        label={campLabels.name}
        withAsterisk
        maxLength={200}
        disabled={disabled}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={campLabels.description}
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        maxLength={CAMP_DESCRIPTION_MAX}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={`${values.description.length.toLocaleString('en-US')} / ${CAMP_DESCRIPTION_MAX.toLocaleString('en-US')} characters`}
        disabled={disabled}
        {...form.getInputProps('description')}
      />
      <CategoryMultiSelect
        value={values.categories}
        onChange={chooseCategories}
        error={form.errors.categories ? String(form.errors.categories) : undefined}
        description="Virtual camps have no address; Year Round camps have no dates."
        disabled={disabled}
      />
    </>
  );
}

interface LocationFieldsProps extends FieldsProps {
  /** Offers 'Use Org Info' when given: the organization's address, phone and email. */
  org?: HostOrg;
}

/** Address (unless the camp is virtual) and the camp's contact phone and email. */
export function CampLocationFields({ form, disabled, org }: LocationFieldsProps) {
  const kind = campKind(form.getValues().categories);
  const noAddress = !kind.needsAddress;
  const state = form.getInputProps('state');

  const fillFromOrg = () => {
    if (!org) return;
    form.setFieldValue('phone', org.phone);
    form.setFieldValue('email', org.contactEmail ?? '');
    if (noAddress) return;
    for (const field of addressFields) form.setFieldValue(field, org[field]);
  };

  return (
    <>
      {org ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.7">
            Same place and contact as {org.name}?
          </Text>
          <Button
            variant="outline"
            size="sm"
            leftSection={<IconBuildingCommunity size={18} aria-hidden />}
            onClick={fillFromOrg}
            disabled={disabled}
          >
            Use Org Info
          </Button>
        </Group>
      ) : null}
      <TextInput
        label={campLabels.address}
        autoComplete="address-line1"
        withAsterisk={!noAddress}
        placeholder={noAddress ? 'Virtual' : undefined}
        description={noAddress ? 'Not needed: the camp is virtual.' : undefined}
        disabled={disabled || noAddress}
        {...form.getInputProps('address')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput
          label={campLabels.city}
          autoComplete="address-level2"
          withAsterisk={!noAddress}
          disabled={disabled || noAddress}
          {...form.getInputProps('city')}
        />
        <Select
          label={campLabels.state}
          placeholder={noAddress ? undefined : 'Choose a state'}
          data={stateOptions}
          searchable
          nothingFoundMessage="No matching state"
          autoComplete="off"
          withAsterisk={!noAddress}
          disabled={disabled || noAddress}
          {...state}
          value={state.value || null}
          onChange={(value) => state.onChange(value ?? '')}
        />
        <TextInput
          label={campLabels.zip}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          withAsterisk={!noAddress}
          disabled={disabled || noAddress}
          {...form.getInputProps('zip')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <PhoneInput
          label={campLabels.phone}
          withAsterisk
          disabled={disabled}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          disabled={disabled}
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
    </>
  );
}

interface SessionFieldsProps extends FieldsProps {
  /**
   * The camp has several sessions: its dates, price and places are each session's, so these
   * fields show the camp's summary and are changed on the sessions instead.
   */
  perSession?: boolean;
}

/** The note beside a field the sessions decide. */
const perSessionNote = 'Set on each session.';

/** Dates (unless year round) and the age range. */
export function CampScheduleFields({ form, disabled, perSession = false }: SessionFieldsProps) {
  const values = form.getValues();
  const noDates = !campKind(values.categories).needsDates;
  const dateNote = perSession
    ? perSessionNote
    : noDates
      ? 'Not needed: the camp runs year round.'
      : undefined;
  const datesLocked = disabled || noDates || perSession;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="date"
          label={campLabels.startDate}
          withAsterisk={!noDates && !perSession}
          description={dateNote}
          disabled={datesLocked}
          {...form.getInputProps('startDate')}
        />
        <TextInput
          type="date"
          label={campLabels.endDate}
          withAsterisk={!noDates && !perSession}
          description={dateNote}
          min={values.startDate || undefined}
          disabled={datesLocked}
          {...form.getInputProps('endDate')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberInput
          label={campLabels.minAge}
          withAsterisk
          {...numberProps}
          disabled={disabled}
          {...form.getInputProps('minAge')}
        />
        <NumberInput
          label={campLabels.maxAge}
          withAsterisk
          {...numberProps}
          disabled={disabled}
          {...form.getInputProps('maxAge')}
        />
      </SimpleGrid>
    </>
  );
}

/** Cost in whole dollars, spots and the waitlist switch. */
export function CampCapacityFields({ form, disabled, perSession = false }: SessionFieldsProps) {
  const locked = disabled || perSession;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberInput
          label={campLabels.cost}
          description={perSession ? `${perSessionNote} This is the lowest.` : 'Per camper, in whole dollars'}
          withAsterisk={!perSession}
          {...numberProps}
          thousandSeparator=","
          leftSection={<IconCurrencyDollar size={18} aria-hidden />}
          disabled={locked}
          {...form.getInputProps('cost')}
        />
        <NumberInput
          label={campLabels.spotsAvailable}
          description={perSession ? `${perSessionNote} This is the total.` : 'How many campers can register'}
          withAsterisk={!perSession}
          {...numberProps}
          disabled={locked}
          {...form.getInputProps('spotsAvailable')}
        />
      </SimpleGrid>
      <Switch
        label="Allows Waitlist"
        description={
          perSession
            ? perSessionNote
            : 'When the camp is full, families can join a waitlist and are offered freed spots.'
        }
        disabled={locked}
        {...form.getInputProps('allowsWaitlist', { type: 'checkbox' })}
      />
    </>
  );
}
