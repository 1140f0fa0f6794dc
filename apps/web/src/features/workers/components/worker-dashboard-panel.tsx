import { useQuery } from '@tanstack/react-query';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { workerQueries } from '../api/worker-queries.ts';
import { ExpiringDocumentsCard } from './expiring-documents-card.tsx';
import { ListLoadError } from './list-load-error.tsx';
import { WorkerStatusDistribution } from './worker-status-distribution.tsx';
import { WorkerSummaryTiles } from './worker-summary-tiles.tsx';

/** SPEC 2 worker list: summary tiles, status distribution and expiring documents, from one aggregate call. */
export function WorkerDashboardPanel() {
  const dashboard = useQuery(workerQueries.dashboard());
  if (dashboard.isPending) return <LoadingState label="Loading worker figures" />;
  if (dashboard.isError) {
    return (
      <ListLoadError
        what="worker figures"
        error={dashboard.error}
        retrying={dashboard.isFetching}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  const data = dashboard.data;
  return (
    <section aria-label="Worker dashboard" className="flex flex-col gap-4">
      <WorkerSummaryTiles dashboard={data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <WorkerStatusDistribution statusCounts={data.status_counts} />
        <ExpiringDocumentsCard expiringWp={data.expiring_wp} expiringCoretrade={data.expiring_coretrade} />
      </div>
    </section>
  );
}
