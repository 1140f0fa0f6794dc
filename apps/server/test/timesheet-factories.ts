import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.ts';
import type { TimesheetRow } from '../src/db/schema.ts';

/**
 * A timesheet row for inserting directly (CONVENTIONS 8). Hours in minutes. `site_id` (migration 0027) and
 * `rest_day_requested_by` (0028) only when given, so migration tests can seed a database migrated to an earlier version.
 */
export type TimesheetSeedRow = Omit<TimesheetRow, 'site_id' | 'rest_day_requested_by'> &
  Partial<Pick<TimesheetRow, 'site_id' | 'rest_day_requested_by'>>;

export function buildTimesheetRow(overrides: Partial<TimesheetRow> & { worker_id: string | null }): TimesheetSeedRow {
  const timestamp = overrides.created_at ?? new Date().toISOString();
  return {
    id: randomUUID(),
    work_date: '2025-03-10',
    time_in: '08:00',
    time_out: '17:00',
    hours_worked: 480,
    overtime_hours: 0,
    notes: null,
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  };
}

export async function insertTimesheets(
  db: Db,
  ...rows: Array<Partial<TimesheetRow> & { worker_id: string | null }>
): Promise<TimesheetSeedRow[]> {
  const built = rows.map(buildTimesheetRow);
  for (let i = 0; i < built.length; i += 500) {
    await db
      .insertInto('timesheets')
      .values(built.slice(i, i + 500))
      .execute();
  }
  return built;
}
