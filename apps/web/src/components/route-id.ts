import { parseId } from '@campwise/contract/row-ids';
import { useParams } from 'react-router';

/** The id in the route's address (`:id`), or NaN when it holds no id the API could know. */
export function useRouteId(): number {
  return parseId(useParams().id);
}
