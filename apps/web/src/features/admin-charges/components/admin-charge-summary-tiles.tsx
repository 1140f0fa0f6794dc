import type { AdminChargeSummary } from '@td/shared/schemas/admin-charge';
import { Clock, HandCoins, ReceiptText, Wallet } from 'lucide-react';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount, formatSgd } from '@/lib/format.ts';

interface AdminChargeSummaryTilesProps {
  /** Undefined while the figures load for the first time. */
  summary: AdminChargeSummary | undefined;
  /** True when the figures cover a search or filter, not every charge. */
  filtered: boolean;
}

const count = (value: number | undefined) => (value === undefined ? '…' : formatCount(value));

/** SPEC 2 list tiles over the current filters: Total Charges, Pending, Deducted, Total Amount (SGD). */
export function AdminChargeSummaryTiles({ summary, filtered }: AdminChargeSummaryTilesProps) {
  const scope = filtered ? 'Matching the filters' : 'All charges';
  const tiles = [
    { label: 'Total Charges', value: count(summary?.total), icon: <ReceiptText />, tone: 'blue', description: scope },
    {
      label: 'Pending',
      value: count(summary?.pending),
      icon: <Clock />,
      tone: 'yellow',
      description: 'Waiting for approval',
    },
    {
      label: 'Deducted',
      value: count(summary?.deducted),
      icon: <HandCoins />,
      tone: 'purple',
      description: 'Taken from paid payslips',
    },
    {
      label: 'Total Amount',
      value: summary === undefined ? '…' : formatSgd(summary.total_amount),
      icon: <Wallet />,
      tone: 'green',
      description: 'SGD, every status',
    },
  ] as const;
  return (
    <section aria-label="Admin charge summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {tiles.map((tile) => (
        // Each figure is read together with its label; a fieldset would wrongly call it a form part.
        // biome-ignore lint/a11y/useSemanticElements: a named group of figures, not form controls
        <div key={tile.label} role="group" aria-label={tile.label}>
          <SummaryTile {...tile} compact />
        </div>
      ))}
    </section>
  );
}
