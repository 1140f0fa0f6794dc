import { WORKER_STATUSES } from '@td/shared/options/workers';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card.tsx';
import { cn } from '@/components/ui/cn.ts';
import { formatCount } from '@/lib/format.ts';
import { statusDashboardPath } from './worker-summary-tiles.tsx';

const COLOURS: Record<string, string> = {
  'WP Approved': 'bg-blue-500',
  'IPA Issued': 'bg-purple-500',
  Onboarding: 'bg-amber-400',
  'Undergoing Training': 'bg-amber-600',
  'WP Issued': 'bg-green-500',
  Working: 'bg-emerald-700',
  Terminated: 'bg-red-400',
};

/**
 * SPEC 2: how many workers are in each of the seven statuses, as one stacked bar and a legend whose
 * entries lead to the Worker Status Dashboard (compact, SPEC 2).
 */
export function WorkerStatusDistribution({
  statusCounts,
  action,
}: {
  statusCounts: Record<string, number>;
  /** E.g. the button that folds the panels away. */
  action?: React.ReactNode;
}) {
  const total = WORKER_STATUSES.reduce((sum, status) => sum + (statusCounts[status] ?? 0), 0);
  const share = (status: string) => (total === 0 ? 0 : ((statusCounts[status] ?? 0) / total) * 100);
  return (
    <Card className="h-full p-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold">Status Distribution</h2>
          <p className="text-xs text-ink-muted">Workers in each status</p>
        </div>
        {action}
      </div>
      <div aria-hidden="true" className="mt-3 flex h-2.5 overflow-hidden rounded-full bg-canvas">
        {WORKER_STATUSES.map((status) => (
          <div key={status} className={COLOURS[status] ?? 'bg-zinc-400'} style={{ width: `${share(status)}%` }} />
        ))}
      </div>
      <ul className="mt-3 grid grid-cols-1 gap-x-5 gap-y-1.5 text-sm sm:grid-cols-2 xl:grid-cols-3">
        {WORKER_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn('h-2.5 w-2.5 shrink-0 rounded-full', COLOURS[status] ?? 'bg-zinc-400')}
            />
            <Link
              to={statusDashboardPath(status)}
              className="min-w-0 flex-1 truncate font-medium hover:text-accent hover:underline"
            >
              {status}
            </Link>
            <span className="text-ink-muted tabular-nums">
              <span className="font-semibold text-ink">{formatCount(statusCounts[status] ?? 0)}</span>
              <span className="ml-1 inline-block w-8 text-right text-xs">{Math.round(share(status))}%</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
