import type { WorkerDashboard } from '@td/shared/schemas/worker';
import {
  BadgeCheck,
  CalendarClock,
  ClipboardCheck,
  FileBadge,
  GraduationCap,
  HardHat,
  IdCard,
  TrendingDown,
  TrendingUp,
  UserCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { SummaryTile, type TileTone } from '@/components/ui/tile.tsx';
import { formatCount } from '@/lib/format.ts';
import { formatGrowthTrend } from './worker-display.ts';

export const statusDashboardPath = (status: string) => `/workers-by-status?status=${encodeURIComponent(status)}`;

/**
 * SPEC 2: the status tiles and where they lead; Undergoing Training is labelled Training.
 * Working is added (SPEC 2), the status most workers are in.
 */
const STATUS_TILES: ReadonlyArray<{ status: string; label: string; icon: ReactNode; tone: TileTone }> = [
  { status: 'WP Approved', label: 'WP Approved', icon: <BadgeCheck />, tone: 'blue' },
  { status: 'IPA Issued', label: 'IPA Issued', icon: <FileBadge />, tone: 'purple' },
  { status: 'Onboarding', label: 'Onboarding', icon: <ClipboardCheck />, tone: 'yellow' },
  { status: 'Undergoing Training', label: 'Training', icon: <GraduationCap />, tone: 'yellow' },
  { status: 'WP Issued', label: 'WP Issued', icon: <IdCard />, tone: 'green' },
  { status: 'Working', label: 'Working', icon: <HardHat />, tone: 'green' },
];

/** One row of tiles: a grid on wide screens, a strip that scrolls sideways on a phone (SPEC 2). */
const STRIP =
  'flex snap-x gap-3 overflow-x-auto pb-1 [&>li]:w-36 [&>li]:shrink-0 [&>li]:snap-start md:grid md:overflow-visible md:pb-0 md:[&>li]:w-auto';

/**
 * SPEC 2, 9: the worker dashboard figures and the status tiles that lead to the Worker Status
 * Dashboard, each in one compact strip (SPEC 2).
 */
export function WorkerSummaryTiles({ dashboard }: { dashboard: WorkerDashboard }) {
  const growing = dashboard.growth_trend >= 0;
  return (
    <div className="flex flex-col gap-3">
      {/* Scrolls sideways on a phone, so it can take focus (its tiles are not links). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <ul aria-label="Worker figures" tabIndex={0} className={`${STRIP} md:grid-cols-5`}>
        <li>
          <SummaryTile
            compact
            label="Total Workers"
            value={formatCount(dashboard.total_workers)}
            icon={<Users />}
            tone="blue"
            description="Not terminated"
          />
        </li>
        <li>
          <SummaryTile
            compact
            label="Active Workers"
            value={formatCount(dashboard.active_workers)}
            icon={<UserCheck />}
            tone="green"
            description="All but Terminated"
          />
        </li>
        <li>
          <SummaryTile
            compact
            label="Joined Last Month"
            value={formatCount(dashboard.joined_last_month)}
            icon={<CalendarClock />}
            tone="purple"
            description="Added last month"
          />
        </li>
        <li>
          <SummaryTile
            compact
            label="New This Month"
            value={formatCount(dashboard.new_this_month)}
            icon={<UserPlus />}
            tone="blue"
            description="Added this month"
          />
        </li>
        <li>
          <SummaryTile
            compact
            label="Growth Trend"
            value={formatGrowthTrend(dashboard.growth_trend)}
            icon={growing ? <TrendingUp /> : <TrendingDown />}
            tone={growing ? 'green' : 'red'}
            description="Last month vs the one before"
          />
        </li>
      </ul>
      <ul aria-label="Workers by status" className={`${STRIP} md:grid-cols-3 xl:grid-cols-6`}>
        {STATUS_TILES.map((tile) => (
          <li key={tile.status}>
            <SummaryTile
              compact
              label={tile.label}
              value={formatCount(dashboard.status_counts[tile.status] ?? 0)}
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
