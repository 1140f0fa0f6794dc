import { useQuery } from '@tanstack/react-query';
import type { Worker } from '@td/shared/schemas/worker';
import { Plus, SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
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
import { WorkerDashboardPanel } from '../components/worker-dashboard-panel.tsx';
import { WorkerDetailsModal } from '../components/worker-details-modal.tsx';
import { WorkerFiltersBar } from '../components/worker-filters-bar.tsx';
import { WorkerTable } from '../components/worker-table.tsx';

const addWorkerIcon = <Plus aria-hidden="true" className="h-4 w-4" />;

/** SPEC 2 Worker list (/worker-management). */
export function WorkerListPage() {
  usePageTitle('Worker Management');
  const filters = useListFilters();
  const workers = useQuery(
    workerQueries.list({
      q: filters.q || undefined,
      nationality: filters.nationality || undefined,
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
  } else if (workers.data.total === 0 && !filters.filtersActive) {
    content = (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<Users />}
        title="No workers found."
        description="Add your first worker to get started."
        action={
          <Link to="/worker/add" className={buttonClasses('primary')}>
            {addWorkerIcon}
            Add First Worker
          </Link>
        }
      />
    );
  } else if (workers.data.items.length === 0) {
    content = (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<SearchX />}
        title="No workers match your search."
        description="Try another name, or choose All Nationalities."
      />
    );
  } else {
    content = (
      <>
        <WorkerTable
          caption="Workers"
          workers={workers.data.items}
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
        title="Worker Management"
        description="Worker profiles, passes, permits and documents."
        actions={
          <Link to="/worker/add" className={buttonClasses('primary')}>
            {addWorkerIcon}
            Add New Worker
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <WorkerDashboardPanel />
        <section aria-labelledby="all-workers-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="all-workers-heading" className="text-lg font-semibold">
              All Workers
            </h2>
            {workers.data && (
              <p className="text-sm text-ink-muted tabular-nums">
                {workers.data.total.toLocaleString('en-SG')} {workers.data.total === 1 ? 'worker' : 'workers'}
              </p>
            )}
          </div>
          <WorkerFiltersBar
            searchLabel="Search workers"
            searchText={filters.searchText}
            onSearchTextChange={filters.setSearchText}
            nationality={filters.nationality}
            onNationalityChange={filters.setNationality}
          />
          <div aria-busy={workers.isFetching || undefined}>{content}</div>
        </section>
        <WorkerDetailsModal worker={detailsOf} onClose={() => setDetailsOf(null)} />
        <DeleteWorkerDialog worker={toDelete} onClose={() => setToDelete(null)} />
      </div>
    </div>
  );
}
