import { PAYSLIP_BADGE_COLOURS, type PayslipStatus } from '@td/shared/options/payslips';
import type { PayslipWorker } from '@td/shared/schemas/payslip';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { formatDate, localIsoDate } from '@/lib/format.ts';

export const payslipWorkerName = (worker: Pick<PayslipWorker, 'first_name' | 'last_name'>) =>
  `${worker.first_name} ${worker.last_name}`;

/** A pay period in the browser's local date format (SPEC 2 "dates as local dates"). */
export const formatPeriod = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;

/** SPEC 4 badge colours; any other status grey. */
export const payslipStatusTone = (status: string): BadgeTone =>
  PAYSLIP_BADGE_COLOURS[status as PayslipStatus] ?? 'gray';

/** The payroll run's default period: the last calendar month, first to last day. */
export function lastMonthPeriod(now = new Date()): { start: string; end: string } {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { start: localIsoDate(first), end: localIsoDate(last) };
}
