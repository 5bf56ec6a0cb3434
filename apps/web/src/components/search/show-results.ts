import { type SearchForm, searchFormToParams } from '@campwise/contract/search-form';
import { useNavigate } from 'react-router';

/** The results page's address for a search, written the same way wherever it is linked from. */
export function searchResultsPath(form: SearchForm): string {
  return `/searchresults?${searchFormToParams(form)}`;
}

/**
 * Opens the results of a search: the search is written into the address (so a reload or a
 * shared link keeps it) and travels as navigation state too, as the spec has it.
 */
export function useShowResults() {
  const navigate = useNavigate();
  return (form: SearchForm) => navigate(searchResultsPath(form), { state: { search: form } });
}
