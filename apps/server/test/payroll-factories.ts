import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import type { AdminChargeRow, TimesheetRow } from '../src/db/schema.ts';

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
