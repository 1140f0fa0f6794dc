import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import type { AdminChargeRow, PayslipRow, TimesheetRow } from '../src/db/schema.ts';
import type { WorkerSeedRow } from '../src/modules/workers/public.ts';
import { insertWorkers } from './factories.ts';

/** Timesheets and admin charges written straight to the tables, for payroll tests (CONVENTIONS 8). */

const stamp = () => new Date().toISOString();

/** A timesheet row; hours_worked and overtime_hours in MINUTES as stored. */
export function buildTimesheetRow(overrides: Partial<TimesheetRow> & { worker_id: string }): TimesheetRow {
  return {
    id: randomUUID(),
    work_date: '2025-03-03',
    time_in: '08:00',
    time_out: '17:00',
    hours_worked: 8 * 60,
    overtime_hours: 0,
    notes: null,
    site_id: null,
    rest_day_requested_by: 'Employer',
    created_at: stamp(),
    updated_at: stamp(),
    ...overrides,
  };
}

export async function insertTimesheets(
  db: Db,
  ...rows: Array<Partial<TimesheetRow> & { worker_id: string }>
): Promise<TimesheetRow[]> {
  const built = rows.map(buildTimesheetRow);
  for (let i = 0; i < built.length; i += 500) {
    await db
      .insertInto('timesheets')
      .values(built.slice(i, i + 500))
      .execute();
  }
  return built;
}

/** An admin charge row; amount in CENTS as stored. */
export function buildChargeRow(overrides: Partial<AdminChargeRow> & { worker_id: string }): AdminChargeRow {
  return {
    id: randomUUID(),
    charge_date: '2025-03-10',
    charge_type: 'Attendance',
    amount: 1_000,
    description: null,
    status: 'Pending',
    approved_by: null,
    approved_at: null,
    consent_date: null,
    consent_url: null,
    inquiry_date: null,
    created_at: stamp(),
    updated_at: stamp(),
    ...overrides,
  };
}

export async function insertCharges(
  db: Db,
  ...rows: Array<Partial<AdminChargeRow> & { worker_id: string }>
): Promise<AdminChargeRow[]> {
  const built = rows.map(buildChargeRow);
  for (let i = 0; i < built.length; i += 500) {
    await db
      .insertInto('admin_charges')
      .values(built.slice(i, i + 500))
      .execute();
  }
  return built;
}

/** Every day from start to end inclusive, `YYYY-MM-DD`. */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The payslip example's Monthly worker (Rahim Uddin, TD-4821): 1,850.00 a month, 187.25 h and 12.5 h overtime in March, charges on the
 * period's first and last day (counted) and on the day after (not counted).
 */
export async function givenMarchMonthlyWorker(db: Db, overrides: Partial<WorkerSeedRow> = {}) {
  const [worker] = await insertWorkers(db, {
    first_name: 'Rahim',
    last_name: 'Uddin',
    worker_id: 'TD-4821',
    fin_no: 'G1234567X',
    wp_no: 'WP0001',
    email: 'rahim@example.com',
    rate_type: 'Monthly',
    salary_rate: 185_000,
    ...overrides,
  });
  if (!worker) throw new Error('no worker');
  // 23 days of 8 h = 184 h, one of 3.25 h: 187.25 h; overtime 12.5 h over five days.
  const days = Array.from({ length: 24 }, (_, i) => `2025-03-${String(i + 2).padStart(2, '0')}`);
  await insertTimesheets(
    db,
    ...days.map((work_date, i) => ({
      worker_id: worker.id,
      work_date,
      hours_worked: i === 23 ? 195 : 480,
      overtime_hours: i < 5 ? 150 : 0,
    })),
    // Outside the period: never counted.
    { worker_id: worker.id, work_date: '2025-02-28', hours_worked: 480, overtime_hours: 120 },
    { worker_id: worker.id, work_date: '2025-04-01', hours_worked: 480, overtime_hours: 120 },
  );
  const charges = await insertCharges(
    db,
    {
      worker_id: worker.id,
      charge_date: '2025-03-01',
      charge_type: 'Attendance',
      amount: 5_000,
      status: 'Approved',
      description: 'Late three times',
    },
    { worker_id: worker.id, charge_date: '2025-03-31', charge_type: 'Other', amount: 2_550, status: 'Pending' },
    { worker_id: worker.id, charge_date: '2025-04-01', charge_type: 'Other', amount: 9_999, status: 'Pending' },
  );
  return { worker, charges };
}

/** A payslip row written straight to the table (figures zero unless given), for repository tests. */
export async function insertPayslipRow(
  db: Db,
  overrides: Partial<PayslipRow> & { worker_id: string | null; pay_period_start: string; pay_period_end: string },
): Promise<PayslipRow> {
  const row: PayslipRow = {
    id: randomUUID(),
    email_state: null,
    emailed_to: null,
    email_error: null,
    emailed_at: null,
    total_hours_worked: 0,
    total_overtime_hours: 0,
    hourly_rate: 0,
    overtime_rate: 0,
    basic_salary: 0,
    overtime_amount: 0,
    admin_charges_deduction: 0,
    other_deductions: 0,
    nett_salary: 0,
    status: 'Generated',
    generated_by: 'Test Staff',
    generated_by_user_id: null,
    generated_at: stamp(),
    paid_at: null,
    email_requested: 0,
    rate_type: 'Daily',
    salary_rate: 10_000,
    admin_charges_by_type: '[]',
    worker_first_name: 'Test',
    worker_last_name: 'Worker',
    worker_code: 'TD-0001',
    worker_fin_no: null,
    worker_wp_no: null,
    worker_email: null,
    pay_rules: 'seed',
    rest_day_pay: 0,
    public_holiday_pay: 0,
    declared_salary_topup: 0,
    gross_salary: 0,
    pay_detail: null,
    created_at: stamp(),
    updated_at: stamp(),
    pay_run_id: null,
    payment_date: null,
    payment_mode: null,
    paid_bank_swift_code: null,
    paid_bank_account_no: null,
    additions: null,
    allowances_amount: 0,
    bonuses_amount: 0,
    cpf_ordinary_wages: 0,
    cpf_additional_wages: 0,
    cpf_employee: 0,
    cpf_employer: 0,
    sdl: 0,
    levy: 0,
    ...overrides,
  };
  await db.insertInto('payslips').values(row).execute();
  return row;
}
