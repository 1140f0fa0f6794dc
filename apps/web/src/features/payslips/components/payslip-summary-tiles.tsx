import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileText, Mail, Wallet } from 'lucide-react';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount } from '@/lib/format.ts';
import { type PayslipListCriteria, payslipQueries } from '../api/payslip-queries.ts';

interface PayslipSummaryTilesProps {
  /** The list's filters but the status, which the tiles break down. */
  filters: Pick<PayslipListCriteria, 'q' | 'worker_id' | 'month' | 'pay_run_id'>;
  /** What the figures cover, said under each ("Covering November 2026", "Matching the filters"). */
  scope: string;
}

/**
 * SPEC 2: the four tiles (Total, Generated, Sent, Paid), from one aggregate query. Probe finding 24:
 * they count the payslips the list's month, search, worker and run cover, and say so.
 */
export function PayslipSummaryTiles({ filters, scope }: PayslipSummaryTilesProps) {
  const summary = useQuery(payslipQueries.summary(filters));
  const value = (count: number | undefined) => (count === undefined ? '…' : formatCount(count));
  return (
    <section
      aria-label="Payslip summary"
      aria-busy={summary.isFetching || undefined}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4"
    >
      <SummaryTile
        label="Total"
        value={value(summary.data?.total)}
        icon={<FileText />}
        tone="gray"
        description={scope}
      />
      <SummaryTile
        label="Generated"
        value={value(summary.data?.generated)}
        icon={<CheckCircle2 />}
        tone="green"
        description={scope}
      />
      <SummaryTile label="Sent" value={value(summary.data?.sent)} icon={<Mail />} tone="purple" description={scope} />
      <SummaryTile label="Paid" value={value(summary.data?.paid)} icon={<Wallet />} tone="blue" description={scope} />
    </section>
  );
}
