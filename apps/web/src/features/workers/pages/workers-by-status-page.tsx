import { Plus, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { workerCount } from '../components/worker-display.ts';
import { WorkerFiltersBar } from '../components/worker-filters-bar.tsx';
import { useWorkerList, WorkerResults } from '../components/worker-results.tsx';

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
  const { filters, workers } = useWorkerList(status);

  return (
    <div>
      <PageHeader
        title={heading}
        description={workers.data ? workerCount(workers.data.total) : undefined}
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
        <WorkerResults
          workers={workers}
          page={filters.page}
          onPageChange={filters.setPage}
          caption={heading}
          showStatus
          empty={
            <EmptyState
              className="rounded-2xl border border-line bg-surface"
              icon={<Users />}
              title={status ? `No workers found with status "${status}"` : 'No workers found'}
              description={filters.filtersActive ? 'Try another name, or choose All Nationalities.' : undefined}
            />
          }
        />
      </div>
    </div>
  );
}
