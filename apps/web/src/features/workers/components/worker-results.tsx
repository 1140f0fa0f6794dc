import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { WORKER_SORTS } from '@td/shared/options/workers';
import type { Worker, WorkerList } from '@td/shared/schemas/worker';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ListBody } from '@/components/ui/list-body.tsx';
import { RowActions } from '@/components/ui/row-actions.tsx';
import { type DataColumn, DataTable, Pagination } from '@/components/ui/table.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { orNA } from '@/lib/format.ts';
import { type ListState, useClampPage, useListState } from '@/lib/list-state.ts';
import { WORKER_PAGE_SIZE, type WorkerListCriteria, workerQueries } from '../api/worker-queries.ts';
import { DeleteWorkerDialog } from './delete-worker-dialog.tsx';
import { WorkerDetailsModal } from './worker-details-modal.tsx';
import { workerName } from './worker-display.ts';
import { WorkerStatusBadge } from './worker-status-badge.tsx';

/** SPEC 2: the main list filters by nationality, status, pass type and client company. */
export const LIST_FILTERS = ['nationality', 'status', 'type_of_pass', 'supplied_to_company'] as const;
/** The Worker Status Dashboard's status comes from its address; it filters by nationality (SPEC 2). */
export const STATUS_PAGE_FILTERS = ['nationality'] as const;
export type WorkerFilterName = (typeof LIST_FILTERS)[number];
export type WorkerListState = ListState<WorkerFilterName, (typeof WORKER_SORTS)[number]>;

/**
 * SPEC 2 worker list and Worker Status Dashboard: the page of workers the address asks for (search,
 * filters, sort, page, and the status of the status page), fetched from the server and kept within
 * the last page.
 */
export function useWorkerList(fixedStatus?: string) {
  const list = useListState<WorkerFilterName, (typeof WORKER_SORTS)[number]>({
    filters: fixedStatus === undefined ? LIST_FILTERS : STATUS_PAGE_FILTERS,
    sorts: WORKER_SORTS,
  });
  const criteria: WorkerListCriteria = {
    q: list.q || undefined,
    nationality: list.filters.nationality || undefined,
    status: (fixedStatus ?? list.filters.status) || undefined,
    type_of_pass: list.filters.type_of_pass || undefined,
    supplied_to_company: list.filters.supplied_to_company || undefined,
    sort: list.sort?.key,
    order: list.sort?.order,
  };
  const workers = useQuery(workerQueries.list({ ...criteria, page: list.page, pageSize: WORKER_PAGE_SIZE }));
  useClampPage(list.page, WORKER_PAGE_SIZE, workers.data?.total, (page) => list.setPage(page, { replace: true }));
  return { list, criteria, workers };
}

interface WorkerResultsProps {
  workers: UseQueryResult<WorkerList>;
  list: WorkerListState;
  /** The table's accessible caption. */
  caption: string;
  showStatus?: boolean;
  /** Shown in place of the table when the page has no workers. */
  empty: ReactNode;
}

/**
 * One page of workers with its loading, error and empty states, the pagination, the Worker Details
 * popup (SPEC 2) and the delete confirmation. On a phone each worker is a card with name, TD- id,
 * status and actions (decision 022); while a new page or search loads, the old rows stay dimmed
 * with a visible sign (SPEC 2).
 */
export function WorkerResults({ workers, list, caption, showStatus = false, empty }: WorkerResultsProps) {
  const [detailsOf, setDetailsOf] = useState<Worker | null>(null);
  const [toDelete, setToDelete] = useState<Worker | null>(null);
  // Decision 104: edit and delete only for the roles that change workers.
  const canWrite = useCan()('workers.write');
  const closeDetails = useCallback(() => setDetailsOf(null), []);
  const closeDelete = useCallback(() => setToDelete(null), []);
  // Decision 040: a page of workers renders in a deferred pass, which React splits into
  // short tasks, instead of inside the network callback that brought it; the table is memoized, so
  // renders that change none of its inputs (that callback's, the dialogs') skip it.
  const data = useDeferredValue(workers.data);
  const busy = workers.isPlaceholderData && workers.isFetching;
  const table = useMemo(() => {
    if (!data || data.items.length === 0) return null;
    const columns: DataColumn<Worker>[] = [
      {
        id: 'name',
        header: 'Name',
        card: 'title',
        sortKey: 'name',
        cell: (worker) => (
          <button
            type="button"
            onClick={() => setDetailsOf(worker)}
            aria-haspopup="dialog"
            className="rounded text-left font-medium text-accent hover:underline md:whitespace-nowrap"
          >
            {workerName(worker)}
          </button>
        ),
      },
      { id: 'nationality', header: 'Nationality', className: 'whitespace-nowrap', cell: (w) => orNA(w.nationality) },
      {
        id: 'type_of_pass',
        header: 'Type of Pass',
        sortKey: 'type_of_pass',
        className: 'whitespace-nowrap',
        cell: (w) => orNA(w.type_of_pass),
      },
      {
        id: 'worker_id',
        header: 'Worker ID',
        card: 'subtitle',
        sortKey: 'worker_id',
        className: 'whitespace-nowrap tabular-nums',
        cell: (w) => w.worker_id,
      },
      ...(showStatus
        ? [
            {
              id: 'status',
              header: 'Status',
              card: 'badge',
              sortKey: 'status',
              cell: (w) => <WorkerStatusBadge status={w.status} />,
            } satisfies DataColumn<Worker>,
          ]
        : []),
    ];
    return (
      <>
        <DataTable
          caption={caption}
          columns={columns}
          rows={data.items}
          rowKey={(worker) => worker.id}
          actions={(worker, layout) => (
            <RowActions
              layout={layout}
              subject={workerName(worker)}
              viewTo={`/worker/view/${worker.id}`}
              {...(canWrite ? { editTo: `/worker/edit/${worker.id}`, onDelete: () => setToDelete(worker) } : {})}
            />
          )}
          sort={list.sort}
          onSortChange={(sort) => list.setSort(sort as NonNullable<WorkerListState['sort']>)}
          busy={busy}
        />
        <Pagination
          label="Worker pages"
          page={list.page}
          pageSize={WORKER_PAGE_SIZE}
          total={data.total}
          onPageChange={(page) => list.setPage(page)}
        />
      </>
    );
  }, [data, list, busy, caption, showStatus, canWrite]);

  return (
    <>
      <ListBody
        query={workers}
        what="workers"
        loading={!data}
        isEmpty={data?.items.length === 0}
        empty={empty}
        className="flex flex-col gap-3"
      >
        {table}
      </ListBody>
      <WorkerDetailsModal worker={detailsOf} onClose={closeDetails} />
      <DeleteWorkerDialog worker={toDelete} onClose={closeDelete} />
    </>
  );
}
