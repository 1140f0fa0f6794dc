import type { TrainingStatusFilter } from '@td/shared/options/training';
import type { TrainingSummary } from '@td/shared/schemas/training-record';
import { AlarmClock, ClipboardList, ShieldX, Users } from 'lucide-react';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount } from '@/lib/format.ts';

const count = (value: number | undefined) => (value === undefined ? '–' : formatCount(value));

interface TrainingSummaryTilesProps {
  summary: TrainingSummary | undefined;
  /** Narrows the list to a status (null: every status). */
  onShowStatus(status: TrainingStatusFilter | null): void;
}

/**
 * SPEC 2 tiles: Total Records, Workers Trained (distinct workers), Expiring Soon (SPEC 9: today to 30
 * days ahead) and Expired, from one aggregate query over what the search and filters select. Total,
 * Expiring Soon and Expired also narrow the list to those records.
 */
export function TrainingSummaryTiles({ summary, onShowStatus }: TrainingSummaryTilesProps) {
  return (
    <ul
      aria-label="Training figures"
      aria-busy={summary === undefined || undefined}
      className="grid grid-cols-2 gap-4 lg:grid-cols-4"
    >
      <li>
        <SummaryTile
          className="w-full"
          label="Total Records"
          value={count(summary?.total)}
          icon={<ClipboardList />}
          tone="blue"
          onClick={() => onShowStatus(null)}
        />
      </li>
      <li>
        <SummaryTile
          className="w-full"
          label="Workers Trained"
          value={count(summary?.workers_trained)}
          icon={<Users />}
          tone="green"
        />
      </li>
      <li>
        <SummaryTile
          className="w-full"
          label="Expiring Soon"
          value={count(summary?.expiring_soon)}
          icon={<AlarmClock />}
          tone="yellow"
          description="Within 30 days"
          onClick={() => onShowStatus('Expiring Soon')}
        />
      </li>
      <li>
        <SummaryTile
          className="w-full"
          label="Expired"
          value={count(summary?.expired)}
          icon={<ShieldX />}
          tone="red"
          onClick={() => onShowStatus('Expired')}
        />
      </li>
    </ul>
  );
}
