import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertTimesheets } from '../../../test/timesheet-factories.ts';
import { summarizeTimesheets } from './timesheets.repository.ts';

/** The figures of an inclusive range of work dates, straight from the timesheets. */
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

const MARCH = { start: '2025-03-01', end: '2025-03-31' };

describe('timesheet reads', () => {
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
