import { DEFAULT_DESIGNATION } from '@td/shared/options/workers';
import type { Worker } from '@td/shared/schemas/worker';
import { formatSgd, orNA } from '@/lib/format.ts';

/** SPEC 2 employment letter: the Worker Details card's rows, N/A where a value is missing. */
export function letterWorkerDetails(worker: Worker): Array<{ label: string; value: string }> {
  return [
    { label: 'Name', value: `${worker.first_name} ${worker.last_name}`.trim() },
    { label: 'Worker ID', value: orNA(worker.worker_id) },
    { label: 'FIN No.', value: orNA(worker.fin_no) },
    { label: 'WP No.', value: orNA(worker.wp_no) },
    // SPEC 2, 9: designation defaults to Construction Worker.
    { label: 'Designation', value: worker.designation || DEFAULT_DESIGNATION },
    { label: 'Salary', value: salaryOf(worker) },
  ];
}

/** SPEC 2: "salary as rate type plus amount to 2 decimals, or N/A". */
export function salaryOf(worker: Pick<Worker, 'rate_type' | 'salary_rate'>): string {
  if (worker.salary_rate === null) return 'N/A';
  const amount = formatSgd(worker.salary_rate);
  return worker.rate_type ? `${worker.rate_type}: ${amount}` : amount;
}
