import { messages } from '@campwise/contract/messages';
import {
  PLANNER_RADIUS_MAX,
  type PlannerPreferences,
  plannerPreferencesBody,
} from '@campwise/contract/planner';
import { SEARCH_DEFAULT_RADIUS_MILES } from '@campwise/contract/search';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useSavePlannerPreferences } from '../../api/planner.ts';
import { FormProblem } from '../form-alert.tsx';
import { schemaIssues } from '../forms/field-errors.ts';
import { checkedBody, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { plannerText, searchFromSaved } from './planner-text.ts';

type Field = 'homeZip' | 'radiusMiles';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** The body the server takes: an empty field is "not set". */
const toBody = (values: Values) => ({
  homeZip: values.homeZip.trim() || null,
  radiusMiles: values.radiusMiles ? Number(values.radiusMiles) : null,
});

/**
 * The contract's problems by field. The digits-only field can only be out of range, and the
 * contract's lower bound still speaks of search's 500-mile limit: the planner's own 1-to-100
 * message says it for both ends.
 */
function problems(values: Values): Errors {
  const errors: Errors = {};
  for (const { field, message } of schemaIssues(plannerPreferencesBody, toBody(values))) {
    if (field === 'homeZip') errors.homeZip ??= message;
    if (field === 'radiusMiles') errors.radiusMiles ??= messages.plannerRadiusInvalid;
  }
  return errors;
}

/**
 * "Where we search from": the family's home ZIP and how far to look, which the open weeks'
 * "Find camps for this week" links search with. Saved on the account, with a notification.
 */
export function SearchFromForm({ saved }: { saved: PlannerPreferences }) {
  const [values, setValues] = useState<Values>({
    homeZip: saved.homeZip ?? '',
    radiusMiles: saved.radiusMiles === null ? '' : String(saved.radiusMiles),
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePlannerPreferences();
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => checkedBody(problems(values), () => toBody(values)),
    showErrors: setErrors,
    send: (preferences) => save.mutateAsync(preferences),
    fieldOf: (name) => (name === 'homeZip' || name === 'radiusMiles' ? name : undefined),
    onSent: (result) =>
      notifications.show({
        color: 'leaf',
        message: searchFromSaved(result.homeZip, result.radiusMiles, SEARCH_DEFAULT_RADIUS_MILES),
      }),
  });

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: onlyDigits(value) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Card component="section" aria-labelledby="planner-search-from-heading" p={{ base: 'md', sm: 'lg' }}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} fz="h4" id="planner-search-from-heading">
              {plannerText.searchFromTitle}
            </Title>
            <Text size="sm" c="gray.7">
              {plannerText.searchFromHelp}
            </Text>
          </div>
          <FormProblem message={banner} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Home ZIP code"
              placeholder="e.g. 60614"
              description="5 digits"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              leftSection={<IconMapPin size={16} aria-hidden />}
              value={values.homeZip}
              error={errors.homeZip}
              onChange={(event) => set('homeZip', event.currentTarget.value)}
            />
            <TextInput
              label="Distance (miles)"
              placeholder={String(SEARCH_DEFAULT_RADIUS_MILES)}
              description={`1 to ${PLANNER_RADIUS_MAX}`}
              inputMode="numeric"
              maxLength={3}
              value={values.radiusMiles}
              error={errors.radiusMiles}
              onChange={(event) => set('radiusMiles', event.currentTarget.value)}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" size="sm" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
