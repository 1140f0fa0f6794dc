import { monthRange } from '@td/shared/rules/months';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { buildTimesheetRow, insertTimesheets } from '../../../test/timesheet-factories.ts';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import { summarizeTimesheetMonth, summarizeTimesheets } from './timesheets.repository.ts';

/**
 * Decision 034: the month summary and the month list's total read `timesheet_month_totals`, which
 * triggers keep. After every kind of write the totals must equal the aggregate over the timesheets
 * themselves, for every month touched, and the screens must show those figures.
 */

const MONTHS = ['2025-02', '2025-03', '2025-04'];

async function expectTotalsExact(t: TestApp): Promise<void> {
  for (const month of MONTHS) {
    const range = monthRange(month);
    const direct = await summarizeTimesheets(t.db, { start: range.from, end: range.to });
    expect(await summarizeTimesheetMonth(t.db, month), month).toEqual(direct);
    const summary = (await t.request({ method: 'GET', url: `/api/timesheets/summary?month=${month}` })).json();
    expect(summary, month).toMatchObject({ workers: direct.workers, timesheets: direct.timesheets });
    const list = (await t.request({ method: 'GET', url: `/api/timesheets?month=${month}&pageSize=1` })).json();
    expect(list.total, month).toBe(direct.timesheets);
  }
  // No row is left behind at zero: a worker with no timesheet that month is not one of its workers.
  const empty = await t.db.selectFrom('timesheet_month_totals').selectAll().where('timesheets', '<=', 0).execute();
  expect(empty).toEqual([]);
}

async function setUp() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const [ravi, aung, siti] = await insertWorkers(
    t.db,
    { first_name: 'Ravi', last_name: 'Kumar', supplied_to_company: 'Acme Builders' },
    { first_name: 'Aung', last_name: 'Thu', supplied_to_company: 'Acme Builders' },
    { first_name: 'Siti', last_name: 'Aminah', supplied_to_company: 'Acme Builders' },
  );
  if (!ravi || !aung || !siti) throw new Error('workers not inserted');
  return { t, ravi, aung, siti };
}

const totalsRows = (db: Db) =>
  db.selectFrom('timesheet_month_totals').selectAll().orderBy('month').orderBy('worker_key').execute();

describe('timesheet month totals', () => {
  it('follow create, edit (hours, date across months, worker), delete and crew entry through the API', async () => {
    const { t, ravi, aung, siti } = await setUp();
    await expectTotalsExact(t);

    const created = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { worker_id: ravi.id, work_date: '2025-03-10', time_in: '08:00', time_out: '18:30' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { worker_id: ravi.id, work_date: '2025-03-11', time_in: '08:00', time_out: '17:00' },
    });
    await expectTotalsExact(t);
    expect(await summarizeTimesheetMonth(t.db, '2025-03')).toMatchObject({ workers: 1, timesheets: 2 });

    const edit = async (payload: Record<string, unknown>) => {
      const response = await t.request({ method: 'PUT', url: `/api/timesheets/${id}`, payload });
      expect(response.statusCode).toBe(200);
      await expectTotalsExact(t);
    };
    // Hours only, then into another month, then to another worker, then back.
    await edit({ worker_id: ravi.id, work_date: '2025-03-10', time_in: '07:00', time_out: '21:00' });
    await edit({ worker_id: ravi.id, work_date: '2025-04-02', time_in: '07:00', time_out: '21:00' });
    expect(await summarizeTimesheetMonth(t.db, '2025-04')).toMatchObject({ workers: 1, timesheets: 1 });
    await edit({ worker_id: aung.id, work_date: '2025-04-02', time_in: '20:00', time_out: '08:00' });
    await edit({ worker_id: aung.id, work_date: '2025-03-12', time_in: '08:00', time_out: '08:30' });
    expect(await summarizeTimesheetMonth(t.db, '2025-04')).toEqual({
      workers: 0,
      timesheets: 0,
      hoursWorkedMinutes: 0,
      overtimeMinutes: 0,
    });

    const crew = await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: {
        work_date: '2025-03-12',
        rows: [
          { worker_id: ravi.id, time_in: '08:00', time_out: '17:00' },
          // Already has 2025-03-12: skipped, and must not count.
          { worker_id: aung.id, time_in: '08:00', time_out: '17:00' },
          { worker_id: siti.id, time_in: '08:00', time_out: '19:30' },
        ],
      },
    });
    expect(crew.json()).toMatchObject({ saved: 2 });
    await expectTotalsExact(t);
    expect(await summarizeTimesheetMonth(t.db, '2025-03')).toMatchObject({ workers: 3, timesheets: 4 });

    expect((await t.request({ method: 'DELETE', url: `/api/timesheets/${id}` })).statusCode).toBe(204);
    await expectTotalsExact(t);
  });

  it("keep a deleted worker's timesheets as timesheets and hours but no longer as a worker", async () => {
    const { t, ravi, aung } = await setUp();
    await insertTimesheets(
      t.db,
      { worker_id: ravi.id, work_date: '2025-03-03', hours_worked: 480, overtime_hours: 60 },
      { worker_id: aung.id, work_date: '2025-03-03', hours_worked: 480, overtime_hours: 30 },
      { worker_id: aung.id, work_date: '2025-04-01', hours_worked: 240, overtime_hours: 0 },
    );
    expect((await t.request({ method: 'DELETE', url: `/api/workers/${aung.id}` })).statusCode).toBe(204);
    await expectTotalsExact(t);
    expect(await summarizeTimesheetMonth(t.db, '2025-03')).toEqual({
      workers: 1,
      timesheets: 2,
      hoursWorkedMinutes: 960,
      overtimeMinutes: 90,
    });
    expect(await totalsRows(t.db)).toEqual([
      { month: '2025-03', worker_key: '', timesheets: 1, hours_worked: 480, overtime_hours: 30 },
      { month: '2025-03', worker_key: ravi.id, timesheets: 1, hours_worked: 480, overtime_hours: 60 },
      { month: '2025-04', worker_key: '', timesheets: 1, hours_worked: 240, overtime_hours: 0 },
    ]);
    // Deleting an orphaned timesheet takes it out of the '' row.
    await t.db.deleteFrom('timesheets').where('work_date', '=', '2025-04-01').execute();
    await expectTotalsExact(t);
  });

  it('follow writes that bypass the API: bulk loads, multi-row updates and deletes', async () => {
    const { t, ravi, aung, siti } = await setUp();
    const rows = [ravi, aung, siti].flatMap((worker, w) =>
      Array.from({ length: 40 }, (_, day) =>
        buildTimesheetRow({
          worker_id: worker.id,
          work_date: `2025-${day < 28 ? '02' : '03'}-${String((day % 28) + 1).padStart(2, '0')}`,
          hours_worked: 400 + w * 10 + day,
          overtime_hours: (day * 15) % 120,
        }),
      ),
    );
    // The demo generator's path (one statement for many rows on PostgreSQL).
    await bulkInsert(t.db, 'timesheets', rows);
    await expectTotalsExact(t);
    await t.db
      .updateTable('timesheets')
      .set((eb) => ({ overtime_hours: eb('overtime_hours', '+', 15) }))
      .where('worker_id', '=', aung.id)
      .execute();
    await expectTotalsExact(t);
    await t.db.deleteFrom('timesheets').where('work_date', '>=', '2025-02-20').execute();
    await expectTotalsExact(t);
    expect(await summarizeTimesheetMonth(t.db, '2025-03')).toMatchObject({ workers: 0, timesheets: 0 });
  });
});
