import { SEARCH_SORT_LABELS, type SearchForm, type SearchSort } from '@campwise/contract/search-form';
import { Group, SegmentedControl, Select, VisuallyHidden } from '@mantine/core';
import classes from './results-order.module.css';
import { defaultSort, sortChoices } from './sort-choices.ts';

export type ResultsView = 'list' | 'map';

interface ResultsOrderProps {
  form: SearchForm;
  onSort: (sort: SearchSort) => void;
  view: { value: ResultsView; onChange: (view: ResultsView) => void };
}

/** Sort by, and List or Map. */
export function ResultsOrder({ form, onSort, view }: ResultsOrderProps) {
  const choices = sortChoices(form);
  return (
    <Group gap="sm" wrap="wrap" justify="space-between">
      <Select
        label="Sort by"
        data={choices.map((sort) => ({ value: sort, label: SEARCH_SORT_LABELS[sort] }))}
        value={form.sort && choices.includes(form.sort) ? form.sort : defaultSort(form)}
        onChange={(value) => {
          if (value) onSort(value as SearchSort);
        }}
        allowDeselect={false}
        checkIconPosition="right"
        w={220}
      />
      <div>
        <VisuallyHidden id="results-view-label">Show results as</VisuallyHidden>
        <SegmentedControl
          aria-labelledby="results-view-label"
          value={view.value}
          onChange={(value) => view.onChange(value === 'map' ? 'map' : 'list')}
          data={[
            { value: 'list', label: 'List' },
            { value: 'map', label: 'Map' },
          ]}
          className={classes.view}
        />
      </div>
    </Group>
  );
}
