import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertTimesheets } from '../../../test/timesheet-factories.ts';
import {
  listWorkerTimesheetsInRange,
  summarizeTimesheets,
  timesheetTotalsByWorker,
  workerTimesheetTotals,
} from './timesheets.repository.ts';

/** Payroll reads (SPEC 7): a worker's timesheets and every worker's totals in an inclusive range. */
async function seeded() {
  const db = await createTestDatabase();
  const [ravi, aung, siti] = await insertWorkers(db, {}, {}, {});
  if (!ravi || !aung || !siti) throw new Error('workers not inserted');
  await insertTimesheets(
    db,
    { worker_id: ravi.id, work_date: '2025-02-28', hours_worked: 480, overtime_hours: 120 },
    { worker_id: ravi.id, work_date: '2025-03-01', hours_worked: 480, overtime_hours: 45 },
    { worker_id: ravi.id, work_date: '2025-03-15', hours_worked: 465, overtime_hours: 0 },
    { worker_id: ravi.id, work_date: '2025-03-31', hours_worked: 240, overtime_hours: 15 },
    { worker_id: ravi.id, work_date: '2025-04-01', hours_worked: 480, overtime_hours: 60 },
    { worker_id: aung.id, work_date: '2025-03-10', hours_worked: 480, overtime_hours: 180 },
    { worker_id: null, work_date: '2025-03-10', hours_worked: 480, overtime_hours: 60 },
  );
  return { db, ravi, aung, siti };
}

const MARCH = { from: '2025-03-01', to: '2025-03-31' };

describe('payroll reads', () => {
  it("lists a worker's timesheets inside the inclusive range, oldest first, in minutes", async () => {
    const { db, ravi, siti } = await seeded();
    const rows = await listWorkerTimesheetsInRange(db, ravi.id, MARCH);
    expect(rows.map((r) => [r.work_date, r.hours_worked_minutes, r.overtime_minutes])).toEqual([
      ['2025-03-01', 480, 45],
      ['2025-03-15', 465, 0],
      ['2025-03-31', 240, 15],
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(String),
      worker_id: ravi.id,
      work_date: '2025-03-01',
      hours_worked_minutes: 480,
      overtime_minutes: 45,
    });
    expect(await listWorkerTimesheetsInRange(db, siti.id, MARCH)).toEqual([]);
    expect(await listWorkerTimesheetsInRange(db, 'not-a-uuid', MARCH)).toEqual([]);
    // A one-day range includes that day.
    expect(await listWorkerTimesheetsInRange(db, ravi.id, { from: '2025-03-31', to: '2025-03-31' })).toHaveLength(1);
  });

  it("totals every worker's timesheets in the range in one aggregate, skipping deleted workers' rows", async () => {
    const { db, ravi, aung, siti } = await seeded();
    const totals = await timesheetTotalsByWorker(db, MARCH);
    const byWorker = Object.fromEntries(totals.map((t) => [t.worker_id, t]));
    expect(totals).toHaveLength(2);
    expect(byWorker[ravi.id]).toEqual({
      worker_id: ravi.id,
      timesheets: 3,
      hours_worked_minutes: 1185,
      overtime_minutes: 60,
    });
    expect(byWorker[aung.id]).toEqual({
      worker_id: aung.id,
      timesheets: 1,
      hours_worked_minutes: 480,
      overtime_minutes: 180,
    });
    expect(await timesheetTotalsByWorker(db, MARCH, [aung.id, siti.id])).toEqual([byWorker[aung.id]]);
    expect(await timesheetTotalsByWorker(db, MARCH, [])).toEqual([]);
    expect(await workerTimesheetTotals(db, siti.id, MARCH)).toEqual({
      worker_id: siti.id,
      timesheets: 0,
      hours_worked_minutes: 0,
      overtime_minutes: 0,
    });
    expect(await workerTimesheetTotals(db, ravi.id, { from: '2025-02-28', to: '2025-04-01' })).toMatchObject({
      timesheets: 5,
      hours_worked_minutes: 2145,
      overtime_minutes: 240,
    });
  });

  it('summarises a range: distinct workers, timesheets and minutes', async () => {
    const { db } = await seeded();
    expect(await summarizeTimesheets(db, MARCH)).toEqual({
      workers: 2,
      timesheets: 5,
      hoursWorkedMinutes: 480 + 465 + 240 + 480 + 480,
      overtimeMinutes: 45 + 0 + 15 + 180 + 60,
    });
  });
});
