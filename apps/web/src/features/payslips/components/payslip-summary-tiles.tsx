import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileText, Mail, Wallet } from 'lucide-react';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount } from '@/lib/format.ts';
import { payslipQueries } from '../api/payslip-queries.ts';

/** SPEC 2: the four tiles (Total, Generated, Sent, Paid), from one aggregate query. */
export function PayslipSummaryTiles() {
  const summary = useQuery(payslipQueries.summary());
  const value = (count: number | undefined) => (count === undefined ? '…' : formatCount(count));
  return (
    <section aria-label="Payslip summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <SummaryTile label="Total" value={value(summary.data?.total)} icon={<FileText />} tone="gray" />
      <SummaryTile label="Generated" value={value(summary.data?.generated)} icon={<CheckCircle2 />} tone="green" />
      <SummaryTile label="Sent" value={value(summary.data?.sent)} icon={<Mail />} tone="purple" />
      <SummaryTile label="Paid" value={value(summary.data?.paid)} icon={<Wallet />} tone="blue" />
    </section>
  );
}
