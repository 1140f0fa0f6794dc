import { DEFAULT_DESIGNATION } from '@td/shared/options/workers';
import type { Worker } from '@td/shared/schemas/worker';
import { formatCount, formatSgd } from '@/lib/format.ts';

export const workerName = (worker: Pick<Worker, 'first_name' | 'last_name'>) =>
  `${worker.first_name} ${worker.last_name}`.trim();

/** "Rajesh Kumar (TD-1234)": two workers of one name are told apart by their ids (decision 023). */
export const workerLabel = (worker: Pick<Worker, 'first_name' | 'last_name' | 'worker_id'>) =>
  `${workerName(worker)} (${worker.worker_id})`;

/** SPEC 9: Growth Trend is shown with sign, one decimal and a percent mark (+12.5%, -3.0%, +0.0%). */
export function formatGrowthTrend(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded >= 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}%`;
}

/** SPEC 2: Designation defaults to Construction Worker when empty. */
export const designationOf = (worker: Pick<Worker, 'designation'>) => worker.designation || DEFAULT_DESIGNATION;

/** SPEC 2: salary as rate type plus the SGD amount to 2 decimals, or N/A. */
export function formatSalary(worker: Pick<Worker, 'rate_type' | 'salary_rate'>): string {
  if (worker.salary_rate === null) return 'N/A';
  const amount = formatSgd(worker.salary_rate);
  return worker.rate_type ? `${worker.rate_type}: ${amount}` : amount;
}

/** SPEC 3, 9: coretrade and its expiry belong to WP holders only. */
export const isWorkPermitHolder = (worker: Pick<Worker, 'type_of_pass'>) => worker.type_of_pass === 'WP';

/** SPEC 9: 30 days or fewer until expiry is shown red and bold. */
export const EXPIRY_WARNING_DAYS = 30;
export const isExpiringSoon = (days: number) => days <= EXPIRY_WARNING_DAYS;

/** "1 worker", "2,345 workers". */
export const workerCount = (total: number) => `${formatCount(total)} ${total === 1 ? 'worker' : 'workers'}`;

/** Decision 024: "expired 3 days ago", "expires today", "expires in 12 days". */
export function expiryPhrase(days: number): string {
  if (days < 0) return `expired ${-days} ${days === -1 ? 'day' : 'days'} ago`;
  if (days === 0) return 'expires today';
  return `expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}
