import { PAYSLIP_BADGE_COLOURS, type PayslipStatus } from '@td/shared/options/payslips';
import type { PayslipWorker } from '@td/shared/schemas/payslip';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { formatDate } from '@/lib/format.ts';

export const payslipWorkerName = (worker: Pick<PayslipWorker, 'first_name' | 'last_name'>) =>
  `${worker.first_name} ${worker.last_name}`;

/** A pay period in the browser's local date format (SPEC 2 "dates as local dates"). */
export const formatPeriod = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;

/** SPEC 9: hours shown to 2 decimals. */
export const formatHours = (hours: number) => hours.toFixed(2);

/** SPEC 4 badge colours; any other status grey. */
export const payslipStatusTone = (status: string): BadgeTone =>
  PAYSLIP_BADGE_COLOURS[status as PayslipStatus] ?? 'gray';

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** SPEC 2: the month filter defaults to the current month (`YYYY-MM`, the browser's calendar). */
export const currentMonth = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

/** The payroll run's default period: the last calendar month, first to last day. */
export function lastMonthPeriod(now = new Date()): { start: string; end: string } {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { start: isoDate(first), end: isoDate(last) };
}

/** "March 2025" for a `YYYY-MM` month. */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(year, monthNumber - 1, 1).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
}
