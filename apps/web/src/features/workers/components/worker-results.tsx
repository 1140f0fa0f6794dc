import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Worker, WorkerList } from '@td/shared/schemas/worker';
import { type ReactNode, useState } from 'react';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Pagination } from '../../../components/ui/table.tsx';
import { WORKER_PAGE_SIZE, workerQueries } from '../api/worker-queries.ts';
import { DeleteWorkerDialog } from './delete-worker-dialog.tsx';
import { ListLoadError } from './list-load-error.tsx';
import { useClampPage, useListFilters } from './use-list-filters.ts';
import { WorkerDetailsModal } from './worker-details-modal.tsx';
import { WorkerTable } from './worker-table.tsx';

/**
 * SPEC 2 worker list and Worker Status Dashboard: the page of workers the address asks for (search,
 * nationality, page, and the status when given), fetched from the server and kept within the last page.
 */
export function useWorkerList(status?: string) {
  const filters = useListFilters();
  const workers = useQuery(
    workerQueries.list({
      q: filters.q || undefined,
      nationality: filters.nationality || undefined,
      status: status || undefined,
      page: filters.page,
      pageSize: WORKER_PAGE_SIZE,
    }),
  );
  useClampPage(filters.page, WORKER_PAGE_SIZE, workers.data?.total, filters.setPage);
  return { filters, workers };
}

interface WorkerResultsProps {
  workers: UseQueryResult<WorkerList>;
  page: number;
  onPageChange: (page: number) => void;
  /** The table's accessible caption. */
  caption: string;
  showStatus?: boolean;
  /** Shown in place of the table when the page has no workers. */
  empty: ReactNode;
}

/**
 * One page of workers with its loading, error and empty states, the pagination, the Worker Details
 * popup (SPEC 2) and the delete confirmation.
 */
export function WorkerResults({ workers, page, onPageChange, caption, showStatus = false, empty }: WorkerResultsProps) {
  const [detailsOf, setDetailsOf] = useState<Worker | null>(null);
  const [toDelete, setToDelete] = useState<Worker | null>(null);

  let content: ReactNode;
  if (workers.isPending) {
    content = <LoadingState label="Loading workers" />;
  } else if (workers.isError) {
    content = (
      <ListLoadError
        what="workers"
        error={workers.error}
        retrying={workers.isFetching}
        onRetry={() => void workers.refetch()}
      />
    );
  } else if (workers.data.items.length === 0) {
    content = empty;
  } else {
    content = (
      <>
        <WorkerTable
          caption={caption}
          workers={workers.data.items}
          showStatus={showStatus}
          onOpenDetails={setDetailsOf}
          onDelete={setToDelete}
        />
        <Pagination
          label="Worker pages"
          page={page}
          pageSize={WORKER_PAGE_SIZE}
          total={workers.data.total}
          onPageChange={onPageChange}
        />
      </>
    );
  }

  return (
    <>
      <div aria-busy={workers.isFetching || undefined}>{content}</div>
      <WorkerDetailsModal worker={detailsOf} onClose={() => setDetailsOf(null)} />
      <DeleteWorkerDialog worker={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
