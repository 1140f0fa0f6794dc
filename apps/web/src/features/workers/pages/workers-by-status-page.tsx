import { Download, Plus, Users } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { fromHere } from '@/lib/return-to.ts';
import { workerExportUrl } from '../api/worker-queries.ts';
import { workerCount } from '../components/worker-display.ts';
import { noMatchAdvice, WorkerListControls } from '../components/worker-list-controls.tsx';
import { useWorkerList, WorkerResults } from '../components/worker-results.tsx';

/** SPEC 2 Worker Status Dashboard (/workers-by-status?status=): the status comes from the address, shown raw. */
export function WorkersByStatusPage() {
  const [params] = useSearchParams();
  const status = params.get('status')?.trim() ?? '';
  // A new status is a new view: the search box starts afresh.
  return <StatusDashboard key={status} status={status} />;
}

function StatusDashboard({ status }: { status: string }) {
  const heading = status ? `${status} Workers` : 'All Workers';
  usePageTitle(heading);
  const location = useLocation();
  const { list, criteria, workers } = useWorkerList(status);

  return (
    <div>
      <PageHeader
        className="lg:mb-5"
        title={heading}
        description={workers.data ? workerCount(workers.data.total) : undefined}
        actions={
          <>
            <a href={workerExportUrl(criteria)} download className={buttonClasses('secondary')}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </a>
            <Link to="/worker/add" state={fromHere(location)} className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add New Worker
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-3">
        <WorkerListControls list={list} searchLabel="Search by name" full={false} />
        <WorkerResults
          workers={workers}
          list={list}
          caption={heading}
          showStatus
          empty={
            <EmptyState
              className="rounded-2xl border border-line bg-surface"
              icon={<Users />}
              title={status ? `No workers found with status "${status}"` : 'No workers found'}
              description={list.filtersActive ? noMatchAdvice(list) : undefined}
            />
          }
        />
      </div>
    </div>
  );
}
