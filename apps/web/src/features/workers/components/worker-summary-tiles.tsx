import type { WorkerDashboard } from '@td/shared/schemas/worker';
import {
  BadgeCheck,
  CalendarClock,
  ClipboardCheck,
  FileBadge,
  GraduationCap,
  IdCard,
  TrendingDown,
  TrendingUp,
  UserCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { SummaryTile, type TileTone } from '../../../components/ui/tile.tsx';
import { formatGrowthTrend } from './worker-display.ts';

export const statusDashboardPath = (status: string) => `/workers-by-status?status=${encodeURIComponent(status)}`;

/** SPEC 2: the status tiles and where they lead; Undergoing Training is labelled Training. */
const STATUS_TILES: ReadonlyArray<{ status: string; label: string; icon: ReactNode; tone: TileTone }> = [
  { status: 'WP Approved', label: 'WP Approved', icon: <BadgeCheck />, tone: 'blue' },
  { status: 'IPA Issued', label: 'IPA Issued', icon: <FileBadge />, tone: 'purple' },
  { status: 'Onboarding', label: 'Onboarding', icon: <ClipboardCheck />, tone: 'yellow' },
  { status: 'Undergoing Training', label: 'Training', icon: <GraduationCap />, tone: 'yellow' },
  { status: 'WP Issued', label: 'WP Issued', icon: <IdCard />, tone: 'green' },
];

const count = (value: number) => value.toLocaleString('en-SG');

/** SPEC 2, 9: the worker dashboard figures and the status tiles that lead to the Worker Status Dashboard. */
export function WorkerSummaryTiles({ dashboard }: { dashboard: WorkerDashboard }) {
  const growing = dashboard.growth_trend >= 0;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Worker figures" className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        <li>
          <SummaryTile label="Total Workers" value={count(dashboard.total_workers)} icon={<Users />} tone="blue" />
        </li>
        <li>
          <SummaryTile
            label="Active Workers"
            value={count(dashboard.active_workers)}
            icon={<UserCheck />}
            tone="green"
          />
        </li>
        <li>
          <SummaryTile
            label="Joined Last Month"
            value={count(dashboard.joined_last_month)}
            icon={<CalendarClock />}
            tone="purple"
          />
        </li>
        <li>
          <SummaryTile label="New This Month" value={count(dashboard.new_this_month)} icon={<UserPlus />} tone="blue" />
        </li>
        <li className="col-span-2 md:col-span-1">
          <SummaryTile
            label="Growth Trend"
            value={formatGrowthTrend(dashboard.growth_trend)}
            icon={growing ? <TrendingUp /> : <TrendingDown />}
            tone={growing ? 'green' : 'red'}
            description="Last month against the month before"
          />
        </li>
      </ul>
      <ul aria-label="Workers by status" className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        {STATUS_TILES.map((tile) => (
          <li key={tile.status}>
            <SummaryTile
              label={tile.label}
              value={count(dashboard.status_counts[tile.status] ?? 0)}
              icon={tile.icon}
              tone={tile.tone}
              to={statusDashboardPath(tile.status)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
