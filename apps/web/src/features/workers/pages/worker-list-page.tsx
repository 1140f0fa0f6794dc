import { Download, Plus, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { NoMatches } from '@/components/ui/no-matches.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere } from '@/lib/return-to.ts';
import { workerExportUrl } from '../api/worker-queries.ts';
import { WorkerDashboardPanel } from '../components/worker-dashboard-panel.tsx';
import { workerCount } from '../components/worker-display.ts';
import { noMatchAdvice, WorkerListControls } from '../components/worker-list-controls.tsx';
import { useWorkerList, WorkerResults } from '../components/worker-results.tsx';

const addWorkerIcon = <Plus aria-hidden="true" className="h-4 w-4" />;

/** SPEC 2 Worker list (/worker-management). */
export function WorkerListPage() {
  usePageTitle('Worker Management');
  const location = useLocation();
  const { list, criteria, workers } = useWorkerList();
  const canWrite = useCan()('workers.write');
  // SPEC 2: an empty database invites the first worker; an empty search suggests widening it.
  const empty =
    workers.data?.total === 0 && !list.filtersActive ? (
      <EmptyState
        className="rounded-2xl border border-line bg-surface"
        icon={<Users />}
        title="No workers found."
        description="Add your first worker to get started."
        action={
          canWrite && (
            <Link to="/worker/add" state={fromHere(location)} className={buttonClasses('primary')}>
              {addWorkerIcon}
              Add First Worker
            </Link>
          )
        }
      />
    ) : (
      <NoMatches title="No workers match your search." description={noMatchAdvice(list)} />
    );

  return (
    <div>
      <PageHeader
        className="lg:mb-5"
        title="Worker Management"
        actions={
          canWrite && (
            <Link to="/worker/add" state={fromHere(location)} className={buttonClasses('primary')}>
              {addWorkerIcon}
              Add New Worker
            </Link>
          )
        }
      />
      <div className="flex flex-col gap-5">
        <WorkerDashboardPanel />
        <section aria-labelledby="all-workers-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            {/* The whole row on a phone, where the count that comes with the list would push Export CSV onto
                a line of its own anyway: it is there from the start, and nothing moves when the count comes. */}
            <h2 id="all-workers-heading" className="w-full text-lg font-semibold sm:w-auto">
              All Workers
              {workers.data && (
                <span className="ml-2 text-sm font-normal text-ink-muted tabular-nums">
                  {list.filtersActive
                    ? `${workerCount(workers.data.total)} found`
                    : `${workerCount(workers.data.total)}, terminated included`}
                </span>
              )}
            </h2>
            {/* Decision 024: what the search and filters show, as a spreadsheet. */}
            <a href={workerExportUrl(criteria)} download className={buttonClasses('secondary', 'sm')}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </a>
          </div>
          <WorkerListControls list={list} searchLabel="Search workers" full />
          <WorkerResults workers={workers} list={list} caption="Workers" empty={empty} />
        </section>
      </div>
    </div>
  );
}
