import { criteriaToForm, type SavedSearchCriteria, searchCriteria } from '@campwise/contract/saved-searches';
import { searchBodySchema } from '@campwise/contract/search';
import { type SearchForm, searchFormToBody, searchFormToParams } from '@campwise/contract/search-form';

/** The criteria the results page's search would save; null for a search the server would refuse. */
export function criteriaOfForm(form: SearchForm): SavedSearchCriteria | null {
  const parsed = searchBodySchema.safeParse(searchFormToBody(form));
  return parsed.success ? searchCriteria(parsed.data) : null;
}

/** The results page running a saved search. */
export function savedSearchPath(criteria: SavedSearchCriteria): string {
  const query = searchFormToParams(criteriaToForm(criteria)).toString();
  return query ? `/searchresults?${query}` : '/searchresults';
}
