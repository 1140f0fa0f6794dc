import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertTimesheets } from '../../../test/timesheet-factories.ts';

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

/** Probe finding 25: the timesheet list exports what it shows (decision 024's pattern). */
describe('GET /api/timesheets/export', () => {
  it('answers 401 without a session', async () => {
    const t = await buildTestApp();
    expect((await t.request({ method: 'GET', url: '/api/timesheets/export?month=2025-03' })).statusCode).toBe(401);
  });

  it("downloads the month's timesheets with the list's filters and order, every page, formulas neutralised", async () => {
    const t = await buildTestApp();
    await t.signIn({ name: 'Hui Min' });
    const [ravi, aung] = await insertWorkers(
      t.db,
      { first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-4321' },
      { first_name: 'Aung', last_name: 'Thu', worker_id: 'TD-1234' },
    );
    if (!ravi || !aung) throw new Error('workers not inserted');
    // 30 of Ravi's days in March (more than a page), one of Aung's, and one of Ravi's in April.
    await insertTimesheets(
      t.db,
      ...Array.from({ length: 30 }, (_, i) => ({
        worker_id: ravi.id,
        work_date: `2025-03-${String(i + 1).padStart(2, '0')}`,
        time_in: '08:00',
        time_out: '19:30',
        hours_worked: 480,
        overtime_hours: 150,
        notes: i === 0 ? '=SUM(A1:A9), "site B"' : null,
      })),
      { worker_id: aung.id, work_date: '2025-03-05' },
      { worker_id: ravi.id, work_date: '2025-04-01' },
    );

    const response = await t.request({
      method: 'GET',
      url: `/api/timesheets/export?month=2025-03&worker_id=${ravi.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="timesheets-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Worker ID,Worker Name,Work Date,Time In,Time Out,Hours Worked,Overtime Hours,Notes');
    expect(lines).toHaveLength(31);
    // Newest work date first, as the list.
    expect(lines[1]).toBe('TD-4321,Ravi Kumar,2025-03-30,08:00,19:30,8,2.5,');
    expect(lines[30]).toBe(`TD-4321,Ravi Kumar,2025-03-01,08:00,19:30,8,2.5,"'=SUM(A1:A9), ""site B"""`);

    const byName = csvLines(
      (await t.request({ method: 'GET', url: '/api/timesheets/export?month=2025-03&q=aung' })).body,
    );
    expect(byName.slice(1)).toEqual(['TD-1234,Aung Thu,2025-03-05,08:00,17:00,8,0,']);
  });
});
