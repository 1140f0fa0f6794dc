import { useQuery } from '@tanstack/react-query';
import type { Worker } from '@td/shared/schemas/worker';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Pagination } from '../../../components/ui/table.tsx';
import { WORKER_PAGE_SIZE, workerQueries } from '../api/worker-queries.ts';
import { DeleteWorkerDialog } from '../components/delete-worker-dialog.tsx';
import { ListLoadError } from '../components/list-load-error.tsx';
import { useClampPage, useListFilters } from '../components/use-list-filters.ts';
import { WorkerDetailsModal } from '../components/worker-details-modal.tsx';
import { WorkerFiltersBar } from '../components/worker-filters-bar.tsx';
import { WorkerTable } from '../components/worker-table.tsx';

/** SPEC 2 Worker Status Dashboard (/workers-by-status?status=): the status comes from the address, shown raw. */
export function WorkersByStatusPage() {
  const [params] = useSearchParams();
  const status = params.get('status')?.trim() ?? '';
  // A new status is a new view: search, filter and page start afresh.
  return <StatusDashboard key={status} status={status} />;
}

function StatusDashboard({ status }: { status: string }) {
  const heading = status ? `${status} Workers` : 'All Workers';
  usePageTitle(heading);
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
  const [detailsOf, setDetailsOf] = useState<Worker | null>(null);
  const [toDelete, setToDelete] = useState<Worker | null>(null);

  let content: React.ReactNode;
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
    content = (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<Users />}
        title={status ? `No workers found with status "${status}"` : 'No workers found'}
        description={filters.filtersActive ? 'Try another name, or choose All Nationalities.' : undefined}
      />
    );
  } else {
    content = (
      <>
        <WorkerTable
          caption={heading}
          workers={workers.data.items}
          showStatus
          onOpenDetails={setDetailsOf}
          onDelete={setToDelete}
        />
        <Pagination
          label="Worker pages"
          page={filters.page}
          pageSize={WORKER_PAGE_SIZE}
          total={workers.data.total}
          onPageChange={filters.setPage}
        />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={heading}
        description={
          workers.data
            ? `${workers.data.total.toLocaleString('en-SG')} ${workers.data.total === 1 ? 'worker' : 'workers'}`
            : undefined
        }
        actions={
          <Link to="/worker/add" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add New Worker
          </Link>
        }
      />
      <div className="flex flex-col gap-4">
        <WorkerFiltersBar
          searchLabel="Search by name"
          searchText={filters.searchText}
          onSearchTextChange={filters.setSearchText}
          nationality={filters.nationality}
          onNationalityChange={filters.setNationality}
        />
        <div aria-busy={workers.isFetching || undefined}>{content}</div>
        <WorkerDetailsModal worker={detailsOf} onClose={() => setDetailsOf(null)} />
        <DeleteWorkerDialog worker={toDelete} onClose={() => setToDelete(null)} />
      </div>
    </div>
  );
}
