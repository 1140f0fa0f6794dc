import { Badge } from '@/components/ui/badge.tsx';
import { payslipStatusTone } from './payslip-display.ts';

/** SPEC 4: Draft yellow, Generated green, Sent purple, Paid blue, any other grey. */
export function PayslipStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={payslipStatusTone(status)} dot>
      {status}
    </Badge>
  );
}
