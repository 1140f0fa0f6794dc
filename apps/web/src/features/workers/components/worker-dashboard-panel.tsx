import { useQuery } from '@tanstack/react-query';
import type { WorkerDashboard } from '@td/shared/schemas/worker';
import { ChevronDown } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useId, useState } from 'react';
import { cn } from '@/components/ui/cn.ts';
import { ListLoadError } from '@/components/ui/list-load-error.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { workerQueries } from '../api/worker-queries.ts';
import { ExpiringDocumentsCard } from './expiring-documents-card.tsx';
import { WorkerStatusDistribution } from './worker-status-distribution.tsx';
import { WorkerSummaryTiles } from './worker-summary-tiles.tsx';

const DETAILS_KEY = 'workers.dashboard.details';

/** Zeros in the dashboard's shape: laid out unseen while the figures load (see below). */
const PLACEHOLDER: WorkerDashboard = {
  total_workers: 0,
  active_workers: 0,
  terminated_workers: 0,
  joined_last_month: 0,
  new_this_month: 0,
  growth_trend: 0,
  status_counts: {},
  expiring_wp: 0,
  expiring_coretrade: 0,
  expired_wp: 0,
  expired_coretrade: 0,
};

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
 * call. SPEC 2: compact, so the search and the first rows are on screen at 1440 x 900; the two
 * panels sit side by side and fold away, remembered in this browser.
 */
export const WorkerDashboardPanel = memo(function WorkerDashboardPanel() {
  const dashboard = useQuery(workerQueries.dashboard());
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  // Decision 040: the figures render in a deferred pass, which React splits into short
  // tasks, instead of inside the network callback that brought them (that one only finds the panel
  // unchanged: the panel and its content are memoized, the toggle stable).
  const data = useDeferredValue(dashboard.data);
  const toggle = useCallback(() => {
    setOpen((value) => {
      try {
        localStorage.setItem(DETAILS_KEY, value ? 'closed' : 'open');
      } catch {
        // Not remembered then; it still toggles.
      }
      return !value;
    });
  }, []);
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
  // Decision 033: the panel's height does not depend on its figures (fixed tiles, every status, four
  // expiry lines), so while they load it is laid out unseen with zeros under a loading sign, and the list
  // below stays where it is when they come (a layout shift cost the page a quarter of its Lighthouse
  // score). The same elements then show the figures (decision 040).
  return (
    <div className="relative">
      <div {...(data ? {} : { 'aria-hidden': true, inert: true, className: 'invisible' })}>
        <DashboardContent data={data ?? PLACEHOLDER} open={open} onToggle={toggle} panelId={panelId} />
      </div>
      {!data && (
        <div className="absolute inset-0 flex items-start justify-center pt-4">
          <LoadingState label="Loading worker figures" />
        </div>
      )}
    </div>
  );
});

const DashboardContent = memo(function DashboardContent({
  data,
  open,
  onToggle: toggle,
  panelId,
}: {
  data: WorkerDashboard;
  open: boolean;
  onToggle: () => void;
  panelId: string;
}) {
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
      {/* Folded (a phone's default), the panels are not built at all: about a tenth of the page's
        elements, which only cost the first render (decision 071). The element stays for aria-controls. */}
      <div id={panelId} className={cn('grid gap-3 lg:grid-cols-5', !open && 'hidden')}>
        {open && (
          <>
            <div className="lg:col-span-3">
              <WorkerStatusDistribution
                statusCounts={data.status_counts}
                action={
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
          </>
        )}
      </div>
    </section>
  );
});
