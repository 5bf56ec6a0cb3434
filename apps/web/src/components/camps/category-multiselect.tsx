import { Button, Group, MultiSelect, Text } from '@mantine/core';
import { useCategories } from '../../api/camps.ts';

interface CategoryMultiSelectProps {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
  description?: string;
  /** A camp needs a category; a search does not. */
  required?: boolean;
  /** The field's name in a form the browser sends itself: the ids, comma-separated. */
  name?: string;
}

/** The camp categories from GET /data/categories, searchable; ids in, ids out. */
export function CategoryMultiSelect({
  value,
  onChange,
  error,
  disabled,
  description,
  required = true,
  name,
}: CategoryMultiSelectProps) {
  const categories = useCategories();
  const data = (categories.data ?? []).map((category) => ({
    value: String(category.id),
    label: category.text,
  }));

  return (
    <>
      <MultiSelect
        label="Categories"
        name={name}
        withAsterisk={required}
        description={description}
        placeholder={
          categories.isPending ? 'Loading categories…' : value.length === 0 ? 'Search or choose' : undefined
        }
        data={data}
        value={value.map(String)}
        onChange={(ids) => onChange(ids.map(Number))}
        searchable
        clearable
        nothingFoundMessage="No matching category"
        maxDropdownHeight={260}
        error={error}
        disabled={disabled || categories.isPending || Boolean(categories.error)}
      />
      {categories.error ? (
        <Group gap="xs" role="alert">
          <Text size="sm" c="red.8">
            We could not load the categories.
          </Text>
          <Button size="compact-sm" variant="outline" onClick={() => categories.refetch()}>
            Try again
          </Button>
        </Group>
      ) : null}
    </>
  );
}
