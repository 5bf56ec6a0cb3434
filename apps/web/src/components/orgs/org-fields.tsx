import { timeZoneOfZip, US_TIME_ZONES } from '@campwise/contract/time-zones';
import { US_STATES } from '@campwise/contract/us-states';
import {
  type ComboboxItem,
  Grid,
  type OptionsFilter,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import type { FieldLabels } from '../forms/field-errors.ts';
import { PhoneInput } from '../phone-input.tsx';

export type OrgFormField =
  | 'name'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'timeZone'
  | 'phone'
  | 'website'
  | 'bio'
  | 'contactName'
  | 'contactPhone'
  | 'contactEmail';

/** The labels of the organization fields, also the names their errors use. */
export const orgLabels: Record<OrgFormField, string> = {
  name: 'Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  timeZone: 'Time zone',
  phone: 'Phone',
  website: 'Website',
  bio: 'Bio',
  contactName: 'Contact Name',
  contactPhone: 'Contact Phone',
  contactEmail: 'Contact Email',
};

/**
 * The fields every organization needs (docs/product-spec.md, section 5), by form field name; a new one also
 * needs its contact person, whose phone its form calls `contactNumber`.
 */
export function requiredOrgLabels(contactRequired: boolean): FieldLabels {
  const { name, address, city, state, zip, timeZone, phone, contactName, contactPhone, contactEmail } =
    orgLabels;
  const location = { name, address, city, state, zip, timeZone, phone };
  return contactRequired ? { ...location, contactName, contactNumber: contactPhone, contactEmail } : location;
}

const stateOptions = US_STATES.map(([value, label]) => ({ value, label: `${label} (${value})` }));
// The field shows the zone's short name, which fits a phone; each option also names its places.
const timeZoneOptions = US_TIME_ZONES.map((zone) => ({ value: zone.id, label: zone.name }));
const timeZonePlaces = new Map<string, string>(US_TIME_ZONES.map((zone) => [zone.id, zone.places]));

/** A zone is found by its name or one of its places ("Seattle" finds Pacific Time). */
const findTimeZones: OptionsFilter = ({ options, search }) => {
  const words = search.toLowerCase().trim();
  // The options are plain items: the list has no groups.
  return (options as ComboboxItem[]).filter((option) =>
    `${option.label} ${timeZonePlaces.get(option.value) ?? ''}`.toLowerCase().includes(words),
  );
};

const renderTimeZone: SelectProps['renderOption'] = ({ option }) => (
  <Stack gap={0}>
    <Text size="sm">{option.label}</Text>
    <Text size="xs" c="gray.7">
      {timeZonePlaces.get(option.value)}
    </Text>
  </Stack>
);

/**
 * The time zone follows the ZIP as it is typed, until the host picks one on the field: answers
 * the field's input props that remember that pick (decision 047).
 */
export function useTimeZoneFollowingZip<Values extends { zip: string; timeZone: string }>(
  form: UseFormReturnType<Values>,
): (props: GetInputPropsReturnType) => GetInputPropsReturnType {
  const picked = useRef(false);
  form.watch('zip', ({ value }) => {
    if (picked.current || typeof value !== 'string' || !/^\d{5}$/.test(value)) return;
    const suggested = timeZoneOfZip(value);
    if (form.getValues().timeZone !== suggested) form.setFieldValue('timeZone', suggested as never);
  });
  return (props) => ({
    ...props,
    onChange: (value: unknown) => {
      picked.current = true;
      props.onChange(value);
    },
  });
}

interface OrgFieldsProps {
  /** The input props of one field; the caller maps the contact phone to its own field name. */
  field: (name: OrgFormField) => GetInputPropsReturnType;
  /** A new organization also requires its contact person (docs/product-spec.md, section 5); editing does not. */
  contactRequired: boolean;
  disabled?: boolean;
}

type SectionProps = Omit<OrgFieldsProps, 'contactRequired'>;

export function NameField({ field, disabled }: SectionProps) {
  return (
    <TextInput
      label={orgLabels.name}
      autoComplete="organization"
      withAsterisk
      disabled={disabled}
      {...field('name')}
    />
  );
}

/** Website and bio, both optional. */
export function AboutFields({ field, disabled }: SectionProps) {
  return (
    <>
      <TextInput
        label={orgLabels.website}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="e.g. www.example.org"
        description="Optional"
        disabled={disabled}
        {...field('website')}
      />
      <Textarea
        label={orgLabels.bio}
        description="Optional: what you run, for whom, and what makes it special"
        autosize
        minRows={3}
        maxRows={10}
        disabled={disabled}
        {...field('bio')}
      />
    </>
  );
}

/** Address, city, state, ZIP, the time zone the camps run on and the organization's phone, all required. */
export function LocationFields({ field, disabled }: SectionProps) {
  const state = field('state');
  return (
    <>
      <TextInput
        label={orgLabels.address}
        autoComplete="address-line1"
        withAsterisk
        disabled={disabled}
        {...field('address')}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={orgLabels.city}
            autoComplete="address-level2"
            withAsterisk
            disabled={disabled}
            {...field('city')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 4 }}>
          <Select
            label={orgLabels.state}
            placeholder="Choose a state"
            data={stateOptions}
            searchable
            nothingFoundMessage="No matching state"
            autoComplete="off"
            withAsterisk
            disabled={disabled}
            {...state}
            value={state.value || null}
            onChange={(value) => state.onChange(value ?? '')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, sm: 3 }}>
          <TextInput
            label={orgLabels.zip}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            withAsterisk
            disabled={disabled}
            {...field('zip')}
          />
        </Grid.Col>
      </Grid>
      <TimeZoneField field={field} disabled={disabled} />
      <PhoneInput label={orgLabels.phone} withAsterisk disabled={disabled} {...field('phone')} />
    </>
  );
}

/** The organization's contact person. */
export function ContactFields({ field, contactRequired, disabled }: OrgFieldsProps) {
  const optional = contactRequired ? undefined : 'Optional';
  return (
    <>
      <TextInput
        label={orgLabels.contactName}
        autoComplete="name"
        withAsterisk={contactRequired}
        description={optional}
        disabled={disabled}
        {...field('contactName')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <PhoneInput
          label={orgLabels.contactPhone}
          withAsterisk={contactRequired}
          description={optional}
          disabled={disabled}
          {...field('contactPhone')}
        />
        <TextInput
          label={orgLabels.contactEmail}
          type="email"
          autoComplete="email"
          withAsterisk={contactRequired}
          description={optional}
          disabled={disabled}
          {...field('contactEmail')}
        />
      </SimpleGrid>
    </>
  );
}

/** The zone the organisation's camps run on: their days, check-in and reminders keep its clock. */
function TimeZoneField({ field, disabled }: SectionProps) {
  const timeZone = field('timeZone');
  return (
    <Select
      label={orgLabels.timeZone}
      description="Your camps' days, check-in, reminders and calendar times follow this clock. We suggest one from the ZIP."
      placeholder="Choose a time zone"
      data={timeZoneOptions}
      searchable
      filter={findTimeZones}
      renderOption={renderTimeZone}
      nothingFoundMessage="No matching time zone"
      autoComplete="off"
      withAsterisk
      disabled={disabled}
      {...timeZone}
      value={timeZone.value || null}
      onChange={(value) => timeZone.onChange(value ?? '')}
    />
  );
}
