import { overtimeOver72Message } from '@td/shared/rules/act-overtime';
import { dayOver12HoursMessage } from '@td/shared/schemas/timesheet';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';

async function setup(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  await t.signIn({ name: 'Hui Min' });
  const [worker] = await insertWorkers(t.db, { first_name: 'Rahim', last_name: 'Uddin' });
  if (!worker) throw new Error('no worker');
  return { t, worker };
}

describe('timesheet pay-law warnings (decision 092, EA s.38)', () => {
  it('warns a day over 12 hours on save and still records (and pays) the hours', async () => {
    const { t, worker } = await setup();
    // 06:00 to 20:00 is 14 h less the 1 h break: 8 h and 5 h overtime, 13 h in the day.
    const saved = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: { worker_id: worker.id, work_date: '2026-03-02', time_in: '06:00', time_out: '20:00' },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ hours_worked: 8, overtime_hours: 5 });
    expect(saved.json().pay_warnings).toEqual([{ code: 'DAY_OVER_12_HOURS', message: dayOver12HoursMessage(13 * 60) }]);
    expect(saved.json().warnings).toContain(dayOver12HoursMessage(13 * 60));

    // Exactly 12 hours is within the limit.
    const twelve = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${saved.json().id}`,
      payload: { worker_id: worker.id, work_date: '2026-03-02', time_in: '06:00', time_out: '19:00' },
    });
    expect(twelve.statusCode).toBe(200);
    expect(twelve.json().pay_warnings).toEqual([]);
  });

  it("warns once the month's overtime by the Act's count passes 72 hours, as the payslip preview does", async () => {
    const { t, worker } = await setup({ PAY_RULES: 'employment-act' });
    const save = async (work_date: string) => {
      // 07:00 to 19:00: 11 h, recorded as 8 h and 3 h overtime.
      const response = await t.request({
        method: 'POST',
        url: '/api/timesheets',
        payload: { worker_id: worker.id, work_date, time_in: '07:00', time_out: '19:00' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { pay_warnings: Array<{ code: string; message: string }> };
    };
    // July 2026 has no public holiday; the worker rests on Sunday. Mondays to Saturdays of the weeks
    // ending 12, 19 and 26 July: 3 h past 8 a day (18 h a week) and 6 x 8 = 48 normal hours, 4 past 44:
    // 22 h a week, 66 h. The timesheets themselves record only 54 h of overtime.
    for (const week of [6, 13, 20]) {
      for (let day = week; day < week + 6; day++) await save(`2026-07-${String(day).padStart(2, '0')}`);
    }
    // Monday 27 and Tuesday 28 July (their week ends in August: only the 3 h a day count): 72 h, the
    // limit itself, is not warned.
    await save('2026-07-27');
    expect((await save('2026-07-28')).pay_warnings).toEqual([]);
    const over = await save('2026-07-29');
    const warning = { code: 'OVERTIME_OVER_72', message: overtimeOver72Message(75 * 60, '2026-07') };
    expect(over.pay_warnings).toEqual([warning]);

    // The payslip preview of the month counts the same hours by the same rule and warns alike.
    const preview = await t.request({
      method: 'POST',
      url: '/api/payslips/preview',
      payload: { worker_id: worker.id, pay_period_start: '2026-07-01', pay_period_end: '2026-07-31' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().total_overtime_hours).toBe(75);
    expect(preview.json().warnings.filter((w: { code: string }) => w.code === 'OVERTIME_OVER_72')).toEqual([warning]);

    // A month of 28 days is read to its own last day (PostgreSQL refuses 2026-02-31).
    const february = await save('2026-02-10');
    expect(february.pay_warnings).toEqual([]);
  });

  it('records who requested rest-day work: on one timesheet, and for a crew (EA s.37)', async () => {
    const { t, worker } = await setup();
    const [mate] = await insertWorkers(t.db, { first_name: 'Tran', last_name: 'Van Long' });
    if (!mate) throw new Error('no worker');
    // Sunday 8 March 2026.
    const single = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: {
        worker_id: worker.id,
        work_date: '2026-03-08',
        time_in: '08:00',
        time_out: '12:00',
        rest_day_requested_by: 'Employee',
      },
    });
    expect(single.statusCode).toBe(201);
    expect(single.json().rest_day_requested_by).toBe('Employee');
    const refused = await t.request({
      method: 'POST',
      url: '/api/timesheets',
      payload: {
        worker_id: mate.id,
        work_date: '2026-03-08',
        time_in: '08:00',
        time_out: '12:00',
        rest_day_requested_by: 'Boss',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['rest_day_requested_by']);

    const crew = await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: {
        work_date: '2026-03-15',
        rest_day_requested_by: 'Employee',
        rows: [
          { worker_id: worker.id, time_in: '08:00', time_out: '17:00' },
          { worker_id: mate.id, time_in: '08:00', time_out: '17:00' },
        ],
      },
    });
    expect(crew.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('timesheets')
      .select(['worker_id', 'rest_day_requested_by'])
      .where('work_date', '=', '2026-03-15')
      .execute();
    expect(stored.map((row) => row.rest_day_requested_by)).toEqual(['Employee', 'Employee']);
    // Left out, a crew's rest-day work is at the employer's request.
    await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: { work_date: '2026-03-22', rows: [{ worker_id: mate.id, time_in: '08:00', time_out: '17:00' }] },
    });
    const defaulted = await t.db
      .selectFrom('timesheets')
      .select('rest_day_requested_by')
      .where('work_date', '=', '2026-03-22')
      .executeTakeFirstOrThrow();
    expect(defaulted.rest_day_requested_by).toBe('Employer');
  });
});
