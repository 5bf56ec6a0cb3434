import { MONTH_NAMES } from '@campwise/contract/calendar';
import { radiusOptions, type SearchForm, searchFormToBody } from '@campwise/contract/search-form';
import { Button, Card, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconCurrencyDollar, IconMapPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { CategoryMultiSelect } from '../camps/category-multiselect.tsx';
import { SwitchField } from '../forms/switch-field.tsx';
import { focusFirstError } from '../orgs/focus-first-error.ts';
import { Columns } from '../page/columns.tsx';
import padding from '../page/padding.module.css';

type TextField = 'term' | 'zip' | 'age' | 'cost' | 'month' | 'radius' | 'startsFrom' | 'endsBy';
type Values = Record<TextField, string> & { categories: number[]; hasPlaces: boolean };
type FieldErrors = Partial<Record<TextField | 'categories', string>>;

const monthOptions = [
  { value: '', label: 'Any month' },
  ...MONTH_NAMES.map((month, index) => ({ value: String(index + 1), label: month })),
];

const empty: Values = {
  term: '',
  zip: '',
  age: '',
  cost: '',
  month: '',
  startsFrom: '',
  endsBy: '',
  radius: '',
  categories: [],
  hasPlaces: false,
};

function toValues(form: SearchForm): Values {
  return {
    term: form.term ?? '',
    zip: form.zip ?? '',
    age: form.age ?? '',
    cost: form.cost ?? '',
    month: form.month ?? '',
    startsFrom: form.startsFrom ?? '',
    endsBy: form.endsBy ?? '',
    radius: form.radius ?? '',
    categories: form.categories ?? [],
    hasPlaces: form.hasPlaces ?? false,
  };
}

const fieldNames: ReadonlySet<string> = new Set([
  'term',
  'zip',
  'age',
  'cost',
  'month',
  'startsFrom',
  'endsBy',
  'radius',
  'categories',
]);

/** Every field marked as checked and fine: it hides what the server said about the last search. */
const cleared: FieldErrors = Object.fromEntries([...fieldNames].map((field) => [field, undefined]));

/** The form field a problem belongs to, from its path in the request body (filters.zip → zip). */
function fieldOf(path: readonly PropertyKey[]): keyof FieldErrors | null {
  const [first, second] = path;
  const name = String(first === 'filters' ? second : first);
  return fieldNames.has(name) ? (name as keyof FieldErrors) : null;
}

/**
 * The problems the shared search schema finds, on the fields that hold them. The schema is
 * fetched at the first search: it brings the validation library, which the page needs only then.
 */
async function problems(form: SearchForm): Promise<FieldErrors> {
  const { searchBodySchema } = await import('@campwise/contract/search');
  const parsed = searchBodySchema.safeParse(searchFormToBody(form));
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field problems (keyed by body path, such as filters.zip) on the form's fields. */
function serverProblems(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = fieldOf(path.split('.'));
    if (field) errors[field] ??= message;
  }
  return errors;
}

const onlyDigits = (value: string) => value.replace(/\D/g, '');

interface SearchFiltersProps {
  /** The search the fields start from (the results page's URL). */
  initial: SearchForm;
  onSearch: (form: SearchForm) => void;
  /** What the server found wrong with this search, by body path; shown until the field changes. */
  serverFields?: Record<string, string>;
  /** Beside the results on a wide screen (one column of fields), or across the page. */
  layout?: 'page' | 'sidebar';
}

/**
 * Keyword, ZIP, categories, age, maximum cost, month, session dates and places left, with
 * Search and Reset. Age, cost and
 * ZIP take digits only; a search the shared schema refuses is not sent. Before the page's
 * script has run, the browser sends the form itself to the results page, which the server
 * renders from the same address the app would open (its fields are named as its query).
 */
export function SearchFilters({ initial, onSearch, serverFields, layout = 'page' }: SearchFiltersProps) {
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const [ownErrors, setErrors] = useState<FieldErrors>({});
  // A field the visitor has changed (or checked) holds its own state, even when that is no error.
  const errors: FieldErrors = { ...serverProblems(serverFields), ...ownErrors };
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: TextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const textProps = (field: TextField) => ({
    name: field,
    value: values[field],
    error: errors[field],
  });
  const digitsProps = (field: 'zip' | 'age' | 'cost', maxLength: number) => ({
    ...textProps(field),
    inputMode: 'numeric' as const,
    autoComplete: field === 'zip' ? 'postal-code' : 'off',
    maxLength,
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field, onlyDigits(event.currentTarget.value)),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = await problems(values);
    setErrors({ ...cleared, ...found });
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current);
      return;
    }
    onSearch(values);
  };

  const reset = () => {
    setValues(empty);
    setErrors(cleared);
  };

  return (
    <Card className={padding.compact}>
      <search>
        <form
          ref={formRef}
          action="/searchresults"
          method="get"
          onSubmit={submit}
          noValidate
          aria-label="Search filters"
        >
          <Columns
            cols={layout === 'sidebar' ? { base: 1, sm: 2, md: 1 } : { base: 1, sm: 2, md: 3 }}
            spacing="md"
            verticalSpacing="sm"
          >
            <TextInput
              label="Keyword"
              placeholder="Camp, activity or organization"
              maxLength={200}
              leftSection={<IconSearch size={18} aria-hidden />}
              {...textProps('term')}
              onChange={(event) => set('term', event.currentTarget.value)}
            />
            <TextInput
              label="ZIP code"
              placeholder="e.g. 60614"
              leftSection={<IconMapPin size={18} aria-hidden />}
              {...digitsProps('zip', 5)}
            />
            <NativeSelect
              label="Distance"
              description={values.zip ? undefined : 'From the ZIP code'}
              data={radiusOptions(values.radius)}
              {...textProps('radius')}
              onChange={(event) => set('radius', event.currentTarget.value)}
            />
            <NativeSelect
              label="Month"
              data={monthOptions}
              {...textProps('month')}
              onChange={(event) => set('month', event.currentTarget.value)}
            />
            <CategoryMultiSelect
              value={values.categories}
              onChange={(categories) => {
                setValues((current) => ({ ...current, categories }));
                setErrors((current) => ({ ...current, categories: undefined }));
              }}
              error={errors.categories}
              required={false}
              name="categories"
            />
            <TextInput label="Age" placeholder="Child’s age" {...digitsProps('age', 2)} />
            <TextInput
              label="Maximum cost"
              placeholder="Any price"
              leftSection={<IconCurrencyDollar size={18} aria-hidden />}
              {...digitsProps('cost', 7)}
            />
            <TextInput
              type="date"
              label="Starting on or after"
              {...textProps('startsFrom')}
              onChange={(event) => set('startsFrom', event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Ending on or before"
              {...textProps('endsBy')}
              onChange={(event) => set('endsBy', event.currentTarget.value)}
            />
          </Columns>
          <SwitchField
            mt="md"
            label="Only camps with spots left"
            name="hasPlaces"
            value="true"
            checked={values.hasPlaces}
            onChange={(event) => {
              const hasPlaces = event.currentTarget.checked;
              setValues((current) => ({ ...current, hasPlaces }));
            }}
          />
          <Group justify="flex-end" gap="sm" mt="lg">
            <Button type="button" variant="default" onClick={reset}>
              Reset
            </Button>
            <Button type="submit" color="sun" leftSection={<IconSearch size={18} aria-hidden />}>
              Search
            </Button>
          </Group>
        </form>
      </search>
    </Card>
  );
}
