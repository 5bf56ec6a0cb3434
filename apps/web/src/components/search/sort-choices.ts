import { SEARCH_SORTS, type SearchForm, type SearchSort } from '@campwise/contract/search-form';

/** The order the server uses when none is chosen, shown as the selected one. */
export function defaultSort(form: SearchForm): SearchSort {
  if (form.zip) return 'distance';
  return form.term?.trim() ? 'relevance' : 'start';
}

/** Orders that make sense for this search: distance needs a ZIP, best match needs words. */
export function sortChoices(form: SearchForm): SearchSort[] {
  return SEARCH_SORTS.filter(
    (sort) =>
      (sort !== 'distance' || Boolean(form.zip)) && (sort !== 'relevance' || Boolean(form.term?.trim())),
  );
}
