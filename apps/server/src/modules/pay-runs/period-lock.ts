import { PAY_RUN_MESSAGES as M } from '@td/shared/options/pay-runs';
import type { Db } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { findLockingPayslip, findLockingPayslipsOf } from './pay-runs.repository.ts';

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
    if (locking) throw conflict(lockMessage(locking, thing));
  }
}

type LockingPayslip = NonNullable<Awaited<ReturnType<typeof findLockingPayslip>>>;

function lockMessage(locking: LockingPayslip, thing: 'timesheet' | 'admin charge'): string {
  const { pay_period_start: start, pay_period_end: end } = locking;
  if (locking.run_status === 'Approved') return M.lockedApproved(start, end, thing);
  return locking.pay_run_id ? M.lockedPaid(start, end) : M.lockedPaidPayslip(start, end);
}

/** Workers read per statement when many days are checked at once (within every database's bind limit). */
const WORKERS_PER_READ = 500;

/**
 * The period lock for many timesheet days at once (an attendance import of a month: decision 091):
 * the lock's message for each `worker|date` that falls in a locked period, read in a few statements.
 */
export async function lockedTimesheetDays(db: Db, days: readonly WorkerDay[]): Promise<Map<string, string>> {
  const locked = new Map<string, string>();
  const byWorker = new Map<string, string[]>();
  for (const { workerId, date } of days) {
    if (!workerId) continue;
    const dates = byWorker.get(workerId);
    if (dates) dates.push(date);
    else byWorker.set(workerId, [date]);
  }
  if (byWorker.size === 0) return locked;
  const dates = days.map((day) => day.date).sort();
  const range = { from: dates[0] ?? '', to: dates[dates.length - 1] ?? '' };
  const workerIds = [...byWorker.keys()];
  for (let i = 0; i < workerIds.length; i += WORKERS_PER_READ) {
    for (const locking of await findLockingPayslipsOf(db, workerIds.slice(i, i + WORKERS_PER_READ), range)) {
      if (!locking.worker_id) continue;
      for (const date of byWorker.get(locking.worker_id) ?? []) {
        const key = `${locking.worker_id}|${date}`;
        if (date >= locking.pay_period_start && date <= locking.pay_period_end && !locked.has(key)) {
          locked.set(key, lockMessage(locking, 'timesheet'));
        }
      }
    }
  }
  return locked;
}
