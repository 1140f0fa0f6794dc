import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Worker, WorkerLookupItem } from '@td/shared/schemas/worker';
import { type ReactNode, useState } from 'react';
import { AsyncCombobox } from '@/components/ui/async-combobox.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useDebouncedValue } from '@/lib/list-state.ts';
import { workerQueries } from '../api/worker-queries.ts';

/** A worker as the picker gives it: the SPEC 7 lookup fields (payslip form included). */
export type PickedWorker = WorkerLookupItem;

/** What a record being edited knows of its worker (a timesheet's joined name and TD- id). */
export type KnownWorker = Pick<WorkerLookupItem, 'id' | 'worker_id' | 'first_name' | 'last_name'> &
  Partial<WorkerLookupItem>;

/** How long typing pauses before the picker searches; shorter than a list's, it is a live menu. */
const PICKER_DEBOUNCE_MS = 200;

export interface WorkerPickerProps {
  label: string;
  /** The chosen worker's `workers.id`, or null. */
  value: string | null;
  onChange: (worker: PickedWorker | null) => void;
  /**
   * The worker `value` names, when the caller already has it (an edit page's record), so the name shows
   * at once; without it the picker reads the worker by id.
   */
  initialWorker?: KnownWorker | null | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  id?: string | undefined;
  hint?: ReactNode;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
  onBlur?: (() => void) | undefined;
  ref?: React.Ref<HTMLInputElement> | undefined;
}

const lookupFields = (worker: KnownWorker | Worker): PickedWorker => ({
  id: worker.id,
  worker_id: worker.worker_id,
  first_name: worker.first_name,
  last_name: worker.last_name,
  rate_type: worker.rate_type ?? null,
  salary_rate: worker.salary_rate ?? null,
  fin_no: worker.fin_no ?? null,
  wp_no: worker.wp_no ?? null,
  email: worker.email ?? null,
});

export const workerLabel = (worker: Pick<WorkerLookupItem, 'first_name' | 'last_name' | 'worker_id'>) =>
  `${worker.first_name} ${worker.last_name} (${worker.worker_id})`;

/**
 * Choose a worker by typing part of a name or a TD- id (ARCHITECTURE differs 10): results come from
 * `GET /api/workers/lookup` twenty at a time, more as the list is scrolled, so it stays usable with
 * 10,000 workers. The search starts the first time the list opens, so a page with pickers costs nothing
 * until one is used.
 */
export function WorkerPicker({
  label,
  value,
  onChange,
  initialWorker,
  error,
  required,
  id,
  hint,
  placeholder = 'Type a name or TD- ID',
  disabled,
  className,
  onBlur,
  ref,
}: WorkerPickerProps) {
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<PickedWorker | null>(null);
  const debouncedQuery = useDebouncedValue(query, PICKER_DEBOUNCE_MS);

  const results = useInfiniteQuery({ ...workerQueries.lookup(debouncedQuery), enabled: opened });

  // The chosen worker: the one just picked, the one the caller knows, or else read by id.
  const known =
    value === null
      ? null
      : chosen?.id === value
        ? chosen
        : initialWorker?.id === value
          ? lookupFields(initialWorker)
          : undefined;
  const detail = useQuery({ ...workerQueries.detail(value ?? ''), enabled: known === undefined && value !== null });
  const selectedItem = known !== undefined ? known : detail.data ? lookupFields(detail.data) : null;

  // The answer to an earlier search is not offered while the typed one is under way: a quick ArrowDown
  // and Enter would choose from it (a timesheet for the wrong worker; seen in the e2e suite).
  const stale = query !== debouncedQuery || results.isPlaceholderData;
  const items = stale ? [] : (results.data?.pages.flatMap((page) => page.items) ?? []);
  const total = stale ? undefined : results.data?.pages.at(-1)?.total;
  const searching = query !== debouncedQuery || (results.isFetching && !results.isFetchingNextPage);

  return (
    <AsyncCombobox<PickedWorker>
      ref={ref}
      label={label}
      id={id}
      required={required}
      error={error}
      hint={hint}
      placeholder={value !== null && detail.isLoading ? 'Loading…' : placeholder}
      disabled={disabled}
      className={className}
      selectedItem={selectedItem}
      onSelectedItemChange={(worker) => {
        setChosen(worker);
        onChange(worker);
      }}
      itemToString={workerLabel}
      itemToKey={(worker) => worker.id}
      renderItem={(worker) => (
        <span className="flex items-baseline justify-between gap-3">
          <span className="truncate">
            {worker.first_name} {worker.last_name}
          </span>{' '}
          <span className="shrink-0 text-xs text-ink-muted tabular-nums">{worker.worker_id}</span>
        </span>
      )}
      items={items}
      total={total}
      onQueryChange={setQuery}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={searching || results.isPending}
      loadError={
        results.isError ? errorMessage(results.error, 'Could not search workers. Please try again.') : undefined
      }
      hasMore={results.hasNextPage}
      loadingMore={results.isFetchingNextPage}
      onLoadMore={() => void results.fetchNextPage()}
      emptyMessage="No workers found"
      onBlur={onBlur}
    />
  );
}
