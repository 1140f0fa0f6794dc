import { PAY_RUN_MESSAGES as M } from '@td/shared/options/pay-runs';
import type { Db } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { findLockingPayslip } from './pay-runs.repository.ts';

/** A worker's day a change would touch: a timesheet's work date, an admin charge's date. */
export interface WorkerDay {
  workerId: string | null;
  date: string;
}

/**
 * Decision 082, the period lock: while a pay run is Approved or Paid, and for the period of any Paid
 * payslip, its workers' timesheets and admin charges dated inside the period are not created, changed or
 * deleted (409), so that what was paid is what the records say. Called by the timesheets and
 * admin-charges services inside their transactions, with every day the change touches (the old and the
 * new date of an edit).
 */
export async function assertPeriodsOpen(db: Db, days: readonly WorkerDay[], thing: 'timesheet' | 'admin charge') {
  const seen = new Set<string>();
  for (const { workerId, date } of days) {
    if (!workerId || seen.has(`${workerId}|${date}`)) continue;
    seen.add(`${workerId}|${date}`);
    const locking = await findLockingPayslip(db, workerId, date);
    if (!locking) continue;
    const { pay_period_start: start, pay_period_end: end } = locking;
    if (locking.run_status === 'Approved') throw conflict(M.lockedApproved(start, end, thing));
    throw conflict(locking.pay_run_id ? M.lockedPaid(start, end) : M.lockedPaidPayslip(start, end));
  }
}
