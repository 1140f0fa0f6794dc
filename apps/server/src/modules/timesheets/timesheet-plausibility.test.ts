import {
  dayOver12HoursMessage,
  longShiftMessage,
  timeRequiredMessage,
  WORK_DATE_IN_FUTURE,
} from '@td/shared/schemas/timesheet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';

/** Probe finding 16: implausible timesheets are no longer saved without a word. */

afterEach(() => {
  vi.useRealTimers();
});

async function withWorker() {
  const t = await buildTestApp({ BUSINESS_TIME_ZONE: 'Asia/Singapore' });
  await t.signIn({ name: 'Hui Min' });
  const [worker, mate] = await insertWorkers(
    t.db,
    { first_name: 'Ravi', last_name: 'Kumar', supplied_to_company: 'Acme Builders' },
    { first_name: 'Aung', last_name: 'Thu', supplied_to_company: 'Acme Builders' },
  );
  if (!worker || !mate) throw new Error('workers not inserted');
  return { t, worker, mate };
}

const post = (t: TestApp, url: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url, payload });
const count = async (t: TestApp) => (await t.db.selectFrom('timesheets').select('id').execute()).length;

describe('implausible timesheets', () => {
  it('a missing Time In or Time Out is a field error, for one timesheet and for a crew row', async () => {
    const { t, worker, mate } = await withWorker();
    const single = await post(t, '/api/timesheets', {
      worker_id: worker.id,
      work_date: '2025-03-03',
      time_in: '08:00',
    });
    expect(single.statusCode, single.body).toBe(400);
    expect(single.json().error.fields).toEqual({ time_out: timeRequiredMessage('Time Out') });
    const none = await post(t, '/api/timesheets', { worker_id: worker.id, work_date: '2025-03-03' });
    expect(none.json().error.fields).toMatchObject({
      time_in: timeRequiredMessage('Time In'),
      time_out: timeRequiredMessage('Time Out'),
    });
    const crew = await post(t, '/api/timesheets/crew', {
      work_date: '2025-03-03',
      rows: [
        { worker_id: worker.id, time_in: '08:00', time_out: '17:00' },
        { worker_id: mate.id, time_in: '', time_out: '' },
      ],
    });
    expect(crew.statusCode, crew.body).toBe(400);
    expect(crew.json().error.fields).toMatchObject({
      'rows.1.time_in': timeRequiredMessage('Time In'),
      'rows.1.time_out': timeRequiredMessage('Time Out'),
    });
    expect(await count(t)).toBe(0);
  });

  it('a shift over 16 hours is saved as SPEC 9 computes it, and its answer carries a warning', async () => {
    const { t, worker, mate } = await withWorker();
    // 06:00 to 05:45: Time Out before Time In rolls past midnight (SPEC 9), 23.75 hours.
    const typo = await post(t, '/api/timesheets', {
      worker_id: worker.id,
      work_date: '2025-03-03',
      time_in: '06:00',
      time_out: '05:45',
    });
    expect(typo.statusCode, typo.body).toBe(201);
    expect(typo.json()).toMatchObject({ hours_worked: 8, overtime_hours: 14.75 });
    // Decision 092 (EA s.38): 8 h and 14.75 h overtime is also a day over 12 hours.
    expect(typo.json().warnings).toEqual([longShiftMessage(23.75 * 60, true), dayOver12HoursMessage(22.75 * 60)]);
    // A night shift (out before in, 12 hours) is plausible: no warning.
    const night = await post(t, '/api/timesheets', {
      worker_id: mate.id,
      work_date: '2025-03-03',
      time_in: '19:00',
      time_out: '07:00',
    });
    expect(night.statusCode, night.body).toBe(201);
    expect(night.json().warnings).toEqual([]);
    // The edit and the crew entry say it too.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${night.json().id}`,
      payload: { worker_id: mate.id, work_date: '2025-03-03', time_in: '05:00', time_out: '22:00' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().warnings).toEqual([longShiftMessage(17 * 60, false), dayOver12HoursMessage(16 * 60)]);
    const crew = await post(t, '/api/timesheets/crew', {
      work_date: '2025-03-04',
      rows: [
        { worker_id: worker.id, time_in: '08:00', time_out: '17:00' },
        { worker_id: mate.id, time_in: '06:00', time_out: '05:45' },
      ],
    });
    expect(crew.json()).toEqual({
      saved: 2,
      skipped: [],
      warnings: [
        { worker_id: mate.id, message: longShiftMessage(23.75 * 60, true) },
        { worker_id: mate.id, message: dayOver12HoursMessage(22.75 * 60) },
      ],
    });
  });

  it('a date after today in Singapore is refused; today in Singapore is accepted while it is still yesterday in UTC', async () => {
    const { t, worker, mate } = await withWorker();
    // 01:30 on 1 April 2026 in Singapore, 17:30 on 31 March in UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-31T17:30:00Z') });
    const today = await post(t, '/api/timesheets', {
      worker_id: worker.id,
      work_date: '2026-04-01',
      time_in: '00:00',
      time_out: '01:00',
    });
    expect(today.statusCode, today.body).toBe(201);
    for (const url of ['/api/timesheets', '/api/timesheets/crew']) {
      const tomorrow =
        url === '/api/timesheets'
          ? await post(t, url, { worker_id: mate.id, work_date: '2026-04-02', time_in: '08:00', time_out: '17:00' })
          : await post(t, url, {
              work_date: '2026-04-02',
              rows: [{ worker_id: mate.id, time_in: '08:00', time_out: '17:00' }],
            });
      expect(tomorrow.statusCode, tomorrow.body).toBe(400);
      expect(tomorrow.json().error.fields).toEqual({ work_date: WORK_DATE_IN_FUTURE });
    }
    const edit = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${today.json().id}`,
      payload: { worker_id: worker.id, work_date: '2026-10-01', time_in: '08:00', time_out: '17:00' },
    });
    expect(edit.statusCode).toBe(400);
    expect(await count(t)).toBe(1);
  });
});
