import { WORKER_STATUSES } from '@td/shared/options/workers';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { statusDashboardPath } from './worker-summary-tiles.tsx';

const BAR_COLOURS: Record<string, string> = {
  'WP Approved': 'bg-blue-500',
  'IPA Issued': 'bg-purple-500',
  Onboarding: 'bg-amber-400',
  'Undergoing Training': 'bg-amber-500',
  'WP Issued': 'bg-green-500',
  Working: 'bg-emerald-600',
  Terminated: 'bg-red-400',
};

/** SPEC 2: how many workers are in each of the seven statuses. */
export function WorkerStatusDistribution({ statusCounts }: { statusCounts: Record<string, number> }) {
  const total = WORKER_STATUSES.reduce((sum, status) => sum + (statusCounts[status] ?? 0), 0);
  return (
    <Card className="h-full">
      <CardHeader title="Status Distribution" description="Workers in each status" />
      <CardBody>
        <ul className="flex flex-col gap-3">
          {WORKER_STATUSES.map((status) => {
            const value = statusCounts[status] ?? 0;
            const share = total === 0 ? 0 : (value / total) * 100;
            return (
              <li key={status}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <Link
                    to={statusDashboardPath(status)}
                    className="font-medium text-ink hover:text-accent hover:underline"
                  >
                    {status}
                  </Link>
                  <span className="text-ink-muted tabular-nums">
                    <span className="font-semibold text-ink">{value.toLocaleString('en-SG')}</span>
                    <span className="ml-2 inline-block w-10 text-right text-xs">{Math.round(share)}%</span>
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-canvas">
                  <div
                    className={cn('h-full rounded-full', BAR_COLOURS[status] ?? 'bg-zinc-400')}
                    style={{ width: `${share}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}
