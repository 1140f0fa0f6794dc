import { Plus, SearchX, Users } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../app/page-title.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { WorkerDashboardPanel } from '../components/worker-dashboard-panel.tsx';
import { workerCount } from '../components/worker-display.ts';
import { WorkerFiltersBar } from '../components/worker-filters-bar.tsx';
import { useWorkerList, WorkerResults } from '../components/worker-results.tsx';

const addWorkerIcon = <Plus aria-hidden="true" className="h-4 w-4" />;

/** SPEC 2 Worker list (/worker-management). */
export function WorkerListPage() {
  usePageTitle('Worker Management');
  const { filters, workers } = useWorkerList();
  // SPEC 2: an empty database invites the first worker; an empty search suggests widening it.
  const empty =
    workers.data?.total === 0 && !filters.filtersActive ? (
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
    ) : (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<SearchX />}
        title="No workers match your search."
        description="Try another name, or choose All Nationalities."
      />
    );

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
            {workers.data && <p className="text-sm text-ink-muted tabular-nums">{workerCount(workers.data.total)}</p>}
          </div>
          <WorkerFiltersBar
            searchLabel="Search workers"
            searchText={filters.searchText}
            onSearchTextChange={filters.setSearchText}
            nationality={filters.nationality}
            onNationalityChange={filters.setNationality}
          />
          <WorkerResults
            workers={workers}
            page={filters.page}
            onPageChange={filters.setPage}
            caption="Workers"
            empty={empty}
          />
        </section>
      </div>
    </div>
  );
}
