import { useQuery } from '@tanstack/react-query';
import { NATIONALITIES, PASS_TYPES, WORKER_STATUSES } from '@td/shared/options/workers';
import type { WorkerSort } from '@td/shared/schemas/worker';
import { memo, useDeferredValue, useMemo } from 'react';
import { workerQueries } from '../api/worker-queries.ts';
import { type FilterSelect, WorkerFiltersBar } from './worker-filters-bar.tsx';
import type { WorkerListState } from './worker-results.tsx';

/** SPEC 2: the orders a worker list offers; "Newest first" is the spec's own (SPEC 7). */
const SORT_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'worker_id:asc', label: 'Worker ID, lowest first' },
  { value: 'worker_id:desc', label: 'Worker ID, highest first' },
  { value: 'type_of_pass:asc', label: 'Type of Pass A–Z' },
  { value: 'status:asc', label: 'Status A–Z' },
];

function sortValue(list: WorkerListState): string {
  if (!list.sort || (list.sort.key === 'created_at' && list.sort.order === 'desc')) return '';
  const value = `${list.sort.key}:${list.sort.order}`;
  return value;
}

function parseSort(value: string): { key: WorkerSort; order: 'asc' | 'desc' } | null {
  if (!value) return null;
  const [key, order] = value.split(':') as [WorkerSort, 'asc' | 'desc'];
  return { key, order };
}

const NO_COMPANIES: readonly string[] = [];

interface WorkerListControlsProps {
  list: WorkerListState;
  searchLabel: string;
  /** The main list filters by status, pass and company too; the status page by nationality only. */
  full: boolean;
}

/**
 * The search, filters and Sort by of the worker list and the Worker Status Dashboard. Memoized: the
 * list state keeps its identity while the address and the search box do not change, so the render a
 * page of workers brings skips the controls (decision 040).
 */
export const WorkerListControls = memo(function WorkerListControls({
  list,
  searchLabel,
  full,
}: WorkerListControlsProps) {
  const companies = useQuery({ ...workerQueries.companies(), enabled: full });
  // The company names come in a deferred pass, and the bar's inputs keep their identity between renders
  // that change none of them, so the render the answer brings skips the bar (decision 040).
  const companyNames = useDeferredValue(companies.data?.items);
  const selects = useMemo(() => {
    const select = (
      name: keyof WorkerListState['filters'],
      label: string,
      allLabel: string,
      options: readonly string[],
    ) =>
      ({
        label,
        allLabel,
        options,
        value: list.filters[name] ?? '',
        onChange: (value: string) => list.setFilter(name, value),
      }) satisfies FilterSelect;
    return [
      select('nationality', 'Nationality', 'All Nationalities', NATIONALITIES),
      ...(full
        ? [
            select('status', 'Status', 'All Statuses', WORKER_STATUSES),
            select('type_of_pass', 'Type of Pass', 'All Passes', PASS_TYPES),
            select('supplied_to_company', 'Company', 'All Companies', companyNames ?? NO_COMPANIES),
          ]
        : []),
    ];
  }, [list, full, companyNames]);
  const sort = useMemo(() => {
    const current = sortValue(list);
    const options = SORT_OPTIONS.some((option) => option.value === current)
      ? SORT_OPTIONS
      : [...SORT_OPTIONS, { value: current, label: 'As sorted in the table' }];
    return { value: current, options, onChange: (value: string) => list.setSort(parseSort(value)) };
  }, [list]);
  return (
    <WorkerFiltersBar
      searchLabel={searchLabel}
      searchText={list.searchText}
      onSearchTextChange={list.setSearchText}
      selects={selects}
      sort={sort}
      filtersActive={list.filtersActive}
      onClear={list.clear}
    />
  );
});

/**
 * The empty result's advice names only what can be widened (SPEC 2: no "choose All
 * Nationalities" when it is already chosen).
 */
export function noMatchAdvice(list: { q: string; filters: Record<string, string> }): string {
  const filtered = Object.values(list.filters).some((value) => value !== '');
  if (list.q && filtered) return 'Try a different search, or clear the filters.';
  if (list.q) return 'Try a different search.';
  if (filtered) return 'Try clearing the filters.';
  return 'No workers to show.';
}
