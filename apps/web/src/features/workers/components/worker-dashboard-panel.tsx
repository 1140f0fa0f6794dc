import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/components/ui/cn.ts';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { workerQueries } from '../api/worker-queries.ts';
import { ExpiringDocumentsCard } from './expiring-documents-card.tsx';
import { WorkerStatusDistribution } from './worker-status-distribution.tsx';
import { WorkerSummaryTiles } from './worker-summary-tiles.tsx';

const DETAILS_KEY = 'workers.dashboard.details';

/** Open unless the user closed it (remembered); on a phone closed unless opened, so the list comes first. */
function initiallyOpen(): boolean {
  try {
    const saved = localStorage.getItem(DETAILS_KEY);
    if (saved !== null) return saved === 'open';
  } catch {
    // No storage (private mode): fall back to the screen size.
  }
  return typeof window === 'undefined' || !window.matchMedia || !window.matchMedia('(max-width: 767.98px)').matches;
}

/**
 * SPEC 2 worker list: summary tiles, status distribution and expiring documents, from one aggregate
 * call. Issue 8 item 4: compact, so the search and the first rows are on screen at 1440 x 900; the two
 * panels sit side by side and fold away, remembered in this browser.
 */
export function WorkerDashboardPanel() {
  const dashboard = useQuery(workerQueries.dashboard());
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
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
  const toggle = () => {
    setOpen((value) => {
      try {
        localStorage.setItem(DETAILS_KEY, value ? 'closed' : 'open');
      } catch {
        // Not remembered then; it still toggles.
      }
      return !value;
    });
  };
  return (
    <section aria-label="Worker dashboard" className="flex flex-col gap-3">
      <WorkerSummaryTiles dashboard={data} />
      {/* Open, the fold button sits in the first panel's corner; folded, it is all that is left. */}
      {!open && (
        <button
          type="button"
          aria-expanded={false}
          aria-controls={panelId}
          onClick={toggle}
          className="inline-flex items-center gap-1 self-start rounded-lg px-1 text-sm font-medium text-accent hover:underline"
        >
          <ChevronDown aria-hidden="true" className="h-4 w-4 -rotate-90" />
          Show status distribution and expiring documents
        </button>
      )}
      <div id={panelId} className={cn('grid gap-3 lg:grid-cols-5', !open && 'hidden')}>
        <div className="lg:col-span-3">
          <WorkerStatusDistribution
            statusCounts={data.status_counts}
            action={
              open && (
                <button
                  type="button"
                  aria-expanded
                  aria-controls={panelId}
                  aria-label="Hide status distribution and expiring documents"
                  title="Hide status distribution and expiring documents"
                  onClick={toggle}
                  className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-accent hover:bg-accent/10"
                >
                  <ChevronDown aria-hidden="true" className="h-4 w-4 rotate-180" />
                  Hide
                </button>
              )
            }
          />
        </div>
        <div className="lg:col-span-2">
          <ExpiringDocumentsCard
            expiringWp={data.expiring_wp}
            expiringCoretrade={data.expiring_coretrade}
            expiredWp={data.expired_wp}
            expiredCoretrade={data.expired_coretrade}
          />
        </div>
      </div>
    </section>
  );
}
