import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './page-state.tsx';

interface QueryStateProps<Data> {
  query: UseQueryResult<Data, Error> | UseInfiniteQueryResult<Data, Error>;
  /** The shape of what is coming, shown while it loads (see LoadingSkeleton). */
  skeleton: ReactNode;
  /** What could not be loaded, in the screen's words; a Try again button goes beside it. */
  errorMessage: string;
  /** Shown instead of the content when there is nothing to show. */
  empty?: ReactNode;
  /** Whether the data is nothing to show; by default, an empty list. */
  isEmpty?: (data: Data) => boolean;
  /** The content, from the loaded data. */
  children: (data: Data) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * One query's four states in one place: its skeleton while it loads, a failure with a way to
 * try again, the empty state when there is nothing, and otherwise the content.
 */
export function QueryState<Data>({
  query,
  skeleton,
  errorMessage,
  empty,
  isEmpty = isEmptyList,
  children,
}: QueryStateProps<Data>): ReactNode {
  if (query.isPending) return skeleton;
  if (query.isError) return <LoadError message={errorMessage} onRetry={() => query.refetch()} />;
  if (empty !== undefined && isEmpty(query.data)) return empty;
  return children(query.data);
}
