import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import { dateInTimeZone } from '@td/shared/rules/dates';
import type { Db } from '../../db/database.ts';
import { MAX_EXPORT_ROWS } from '../../lib/csv-download.ts';
import * as repo from './payslips.repository.ts';

const HEADER = [
  'Worker ID',
  'Worker Name',
  'Pay Period Start',
  'Pay Period End',
  'Hours Worked',
  'Overtime Hours',
  'Basic Salary (SGD)',
  'Overtime Amount (SGD)',
  'Admin Charges Deduction (SGD)',
  'Other Deductions (SGD)',
  'Nett Salary (SGD)',
  'Status',
  'Generated On',
  'Paid On',
];

/**
 * Probe finding 25 (decision 024's pattern): the payslip list as CSV, with the list's search, filters
 * (the month's overlap rule included) and order, every page. The worker is the payslip's snapshot, as
 * the list shows it; the days generated and paid are the business's (probe finding 19).
 */
export async function exportPayslipsCsv(db: Db, filters: repo.PayslipFilters, timeZone: string): Promise<string> {
  const items = await repo.exportPayslips(db, filters, MAX_EXPORT_ROWS);
  const rows: CsvCell[][] = items.map((payslip) => [
    payslip.worker.worker_id,
    `${payslip.worker.first_name} ${payslip.worker.last_name}`,
    payslip.pay_period_start,
    payslip.pay_period_end,
    payslip.total_hours_worked,
    payslip.total_overtime_hours,
    payslip.basic_salary,
    payslip.overtime_amount,
    payslip.admin_charges_deduction,
    payslip.other_deductions,
    payslip.nett_salary,
    payslip.status,
    dateInTimeZone(new Date(payslip.generated_at), timeZone),
    payslip.paid_at ? dateInTimeZone(new Date(payslip.paid_at), timeZone) : '',
  ]);
  return toCsv(HEADER, rows);
}
