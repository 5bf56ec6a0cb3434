import { plannerQuery } from '@campwise/contract/planner';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import type { PlannerRange } from '../../api/planner.ts';
import { schemaIssues } from '../forms/field-errors.ts';
import { focusFirstError } from '../orgs/focus-first-error.ts';
import { plannerText } from './planner-text.ts';

type Field = 'from' | 'to';
type Errors = Partial<Record<Field, string>>;

/** The schema's problems on the two fields (the range's own rules all speak on `to`). */
function problems(values: Record<Field, string>): Errors {
  const query = {
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
  const errors: Errors = {};
  for (const { field, message } of schemaIssues(plannerQuery, query)) {
    if (field === 'from' || field === 'to') errors[field] ??= message;
  }
  return errors;
}

interface RangeFormProps {
  /** The range on screen: what the server answered, or what the address asked for. */
  range: PlannerRange | null;
  /** What the server found wrong with the range asked for, by field. */
  serverErrors?: Record<string, string>;
  onShow: (range: PlannerRange) => void;
  /** Back to the coming school summer. */
  onReset: () => void;
  /** The range being asked for has not arrived yet. */
  loading: boolean;
}

/**
 * The first and last week to plan, as dates; "This summer" goes back to the school summer the
 * server picks. The contract's rules are checked before asking, beside the field they concern.
 */
export function RangeForm({ range, serverErrors, onShow, onReset, loading }: RangeFormProps) {
  const [values, setValues] = useState({ from: range?.from ?? '', to: range?.to ?? '' });
  const [errors, setErrors] = useState<Errors>({
    from: serverErrors?.from,
    to: serverErrors?.to,
  });
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current);
      return;
    }
    if (values.from && values.to) onShow({ from: values.from, to: values.to });
    else onReset();
  };

  return (
    <Card component="section" aria-labelledby="planner-range-heading" p={{ base: 'md', sm: 'lg' }}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
              <Title order={2} fz="h4" id="planner-range-heading">
                {plannerText.rangeTitle}
              </Title>
              <Button variant="subtle" size="compact-sm" onClick={onReset} disabled={loading}>
                This summer
              </Button>
            </Group>
            <Text size="sm" c="gray.7">
              {plannerText.rangeHelp}
            </Text>
          </div>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              type="date"
              label="First week"
              value={values.from}
              error={errors.from}
              onChange={(event) => set('from', event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Last week"
              value={values.to}
              error={errors.to}
              onChange={(event) => set('to', event.currentTarget.value)}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" size="sm" loading={loading}>
              Show these weeks
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
