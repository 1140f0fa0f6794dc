import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListLoadError } from './list-load-error.tsx';
import { LoadingState } from './spinner.tsx';

interface ListBodyProps {
  /** The list's query: its state chooses what shows, and Retry fetches it again. */
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  /** What the list holds, as "Loading {what}" and "Failed to load {what}" say it: "workers". */
  what: string;
  /** What the spinner says while the first answer is awaited; "Loading {what}" when not given. */
  loadingLabel?: string;
  /**
   * Still waiting for rows to show: the query's first answer by default; a page that renders a
   * deferred copy of the answer (decision 040) waits for that copy.
   */
  loading?: boolean;
  /** The answer leaves no row to show. */
  isEmpty: boolean;
  /** Shown in place of the rows then: the list's empty state, or its no-matches state. */
  empty: ReactNode;
  /** Classes of the container, which is busy (`aria-busy`) while the query fetches. */
  className?: string;
  /** The rows: the table and its pagination. */
  children: ReactNode;
}

/**
 * The body of every list page (CONVENTIONS 14): a spinner until the first answer, the load error with
 * Retry (ListLoadError), the empty state, or the rows.
 */
export function ListBody({
  query,
  what,
  loadingLabel,
  loading = query.isPending,
  isEmpty,
  empty,
  className,
  children,
}: ListBodyProps) {
  let content: ReactNode;
  if (query.isError) {
    content = (
      <ListLoadError what={what} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  } else if (loading) {
    content = <LoadingState label={loadingLabel ?? `Loading ${what}`} />;
  } else if (isEmpty) {
    content = empty;
  } else {
    content = children;
  }
  return (
    <div className={className} aria-busy={query.isFetching || undefined}>
      {content}
    </div>
  );
}
