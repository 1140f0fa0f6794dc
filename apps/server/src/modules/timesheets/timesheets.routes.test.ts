import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { insertTimesheets } from '../../../test/timesheet-factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MISSING_ID = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';

async function signedInApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  return t;
}

/** A signed-in app with three workers. */
async function withWorkers() {
  const t = await signedInApp();
  const [ravi, aung, siti] = await insertWorkers(
    t.db,
    { first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-4321', supplied_to_company: 'Acme Builders' },
    { first_name: 'Aung', last_name: 'Thu', worker_id: 'TD-1234', supplied_to_company: 'Acme Builders' },
    { first_name: 'Siti', last_name: 'Aminah', worker_id: 'TD-7777', supplied_to_company: 'Bina Construct' },
  );
  if (!ravi || !aung || !siti) throw new Error('workers not inserted');
  return { t, ravi, aung, siti };
}

/** Times are required (probe finding 16): a day's times unless the test gives its own. */
const DAY = { time_in: '08:00', time_out: '17:00' };
const post = (t: TestApp, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/timesheets', payload: { ...DAY, ...payload } });

describe('timesheet routes need a session', () => {
  it.each([
    ['GET', '/api/timesheets'],
    ['GET', '/api/timesheets/summary'],
    ['GET', '/api/timesheets/crew/companies'],
    ['GET', '/api/timesheets/crew/workers?company=Acme'],
    ['POST', '/api/timesheets/crew'],
    ['GET', `/api/timesheets/${MISSING_ID}`],
    ['POST', '/api/timesheets'],
    ['PUT', `/api/timesheets/${MISSING_ID}`],
    ['DELETE', `/api/timesheets/${MISSING_ID}`],
  ] as const)('%s %s answers 401 without one', async (method, url) => {
    const t = await buildTestApp();
    const response = await t.request({
      method,
      url,
      ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/timesheets', () => {
  it('saves with hours computed by the server (client hours ignored), the worker joined, and audits it', async () => {
    const { t, ravi } = await withWorkers();
    const response = await post(t, {
      worker_id: ravi.id,
      work_date: '2025-03-10',
      time_in: '07:53',
      time_out: '17:08',
      notes: '  Level 3 formwork  ',
      hours_worked: 12,
      overtime_hours: 9,
      id: 'mine',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      worker_id: ravi.id,
      work_date: '2025-03-10',
      time_in: '07:53',
      time_out: '17:08',
      hours_worked: 8,
      overtime_hours: 0.25,
      notes: 'Level 3 formwork',
      first_name: 'Ravi',
      last_name: 'Kumar',
      worker_code: 'TD-4321',
      worker: { id: ravi.id, first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-4321' },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.created_at).toBe(body.updated_at);
    // Minutes in the table (ARCHITECTURE, Data).
    const row = await t.db.selectFrom('timesheets').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hours_worked: 480, overtime_hours: 15 });
    const audit = await listAuditEntries(t.db, 'timesheet', body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_name: 'Hui Min' });
  });

  it('refuses a day without times (probe finding 16), saves an overnight shift past midnight, and drops seconds', async () => {
    const { t, ravi, aung, siti } = await withWorkers();
    const none = await post(t, { worker_id: ravi.id, work_date: '2025-03-10', time_in: null, time_out: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ time_in: 'Time In is required', time_out: 'Time Out is required' });
    const night = await post(t, { worker_id: aung.id, work_date: '2025-03-10', time_in: '19:00', time_out: '07:00' });
    expect(night.json()).toMatchObject({ hours_worked: 8, overtime_hours: 3 });
    const seconds = await post(t, {
      worker_id: siti.id,
      work_date: '2025-03-10',
      time_in: '08:00:00',
      time_out: '12:08:00',
    });
    expect(seconds.json()).toMatchObject({ time_in: '08:00', time_out: '12:08', hours_worked: 4.25 });
  });

  it('answers every SPEC 5 message at once for an empty form', async () => {
    const t = await signedInApp();
    const response = await t.request({ method: 'POST', url: '/api/timesheets', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Worker is required',
      fields: {
        worker_id: 'Worker is required',
        work_date: 'Work date is required',
        time_in: 'Time In is required',
        time_out: 'Time Out is required',
      },
    });
  });

  it.each([
    [{ worker_id: 'TD-4321' }, 'worker_id', 'Please choose a worker from the list'],
    [{ work_date: '2025-02-30' }, 'work_date', 'Invalid Work Date format. Please use YYYY-MM-DD format.'],
    [{ work_date: '10/03/2025' }, 'work_date', 'Invalid Work Date format. Please use YYYY-MM-DD format.'],
    [{ work_date: '1890-01-01' }, 'work_date', 'Invalid Work Date format. Please use YYYY-MM-DD format.'],
    [{ time_in: '8am' }, 'time_in', 'Time In must be a time as HH:MM (24-hour)'],
    [{ time_out: '24:00' }, 'time_out', 'Time Out must be a time as HH:MM (24-hour)'],
    [{ time_out: 1700 }, 'time_out', 'Time Out must be a time as HH:MM (24-hour)'],
    // Seconds past 59 are not a time of day: refused, never cut to 08:00.
    [{ time_in: '08:00:61' }, 'time_in', 'Time In must be a time as HH:MM (24-hour)'],
    [{ time_out: '17:45:99' }, 'time_out', 'Time Out must be a time as HH:MM (24-hour)'],
    [{ notes: 'x'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters'],
    [{ notes: 'bad\u0000byte' }, 'notes', 'Please remove the control characters from this text'],
  ])('refuses %j with its message under %s', async (change, field, message) => {
    const { t, ravi } = await withWorkers();
    const response = await post(t, { worker_id: ravi.id, work_date: '2025-03-10', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await t.db.selectFrom('timesheets').select('id').execute()).toEqual([]);
  });

  it('refuses a worker that does not exist', async () => {
    const t = await signedInApp();
    const response = await post(t, { worker_id: MISSING_ID, work_date: '2025-03-10' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'Worker not found',
      fields: { worker_id: 'Worker not found' },
    });
  });

  it('refuses a second timesheet for the worker and date with the SPEC 5 message', async () => {
    const { t, ravi } = await withWorkers();
    expect((await post(t, { worker_id: ravi.id, work_date: '2025-03-10' })).statusCode).toBe(201);
    const again = await post(t, { worker_id: ravi.id, work_date: '2025-03-10', time_in: '09:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'A timesheet for Ravi Kumar already exists for 10/03/2025. Please edit the existing timesheet instead.',
    });
    // Another date is fine.
    expect((await post(t, { worker_id: ravi.id, work_date: '2025-03-11' })).statusCode).toBe(201);
  });

  it('ends two racing saves with one row and the duplicate message, never a 500', async () => {
    const { t, ravi } = await withWorkers();
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        post(t, { worker_id: ravi.id, work_date: '2025-03-12', time_in: `0${6 + i}:00`, time_out: '17:00' }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.message).toBe(
        'A timesheet for Ravi Kumar already exists for 12/03/2025. Please edit the existing timesheet instead.',
      );
    }
    const rows = await t.db.selectFrom('timesheets').select('id').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/timesheets', () => {
  async function seeded() {
    const { t, ravi, aung, siti } = await withWorkers();
    await insertTimesheets(
      t.db,
      { worker_id: ravi.id, work_date: '2025-03-01', hours_worked: 480, overtime_hours: 60 },
      { worker_id: ravi.id, work_date: '2025-03-31', hours_worked: 420, overtime_hours: 0 },
      {
        worker_id: aung.id,
        work_date: '2025-03-15',
        hours_worked: 465,
        overtime_hours: 15,
        time_in: null,
        time_out: null,
      },
      { worker_id: siti.id, work_date: '2025-02-28', hours_worked: 480, overtime_hours: 120 },
      { worker_id: siti.id, work_date: '2025-04-01', hours_worked: 480, overtime_hours: 0 },
    );
    return { t, ravi, aung, siti };
  }
  const get = async (t: TestApp, query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/timesheets?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const dates = (body: { items: Array<{ work_date: string }> }) => body.items.map((i) => i.work_date);

  it('lists one month, newest work date first, with the worker joined and hours as hours', async () => {
    const { t, aung } = await seeded();
    const body = await get(t, 'month=2025-03');
    expect(body.total).toBe(3);
    expect(body.month).toBe('2025-03');
    expect(dates(body)).toEqual(['2025-03-31', '2025-03-15', '2025-03-01']);
    expect(body.items[1]).toMatchObject({
      worker_id: aung.id,
      first_name: 'Aung',
      last_name: 'Thu',
      worker_code: 'TD-1234',
      worker: { worker_id: 'TD-1234' },
      hours_worked: 7.75,
      overtime_hours: 0.25,
      time_in: null,
    });
    expect(body.items[2]).toMatchObject({ time_in: '08:00', time_out: '17:00', hours_worked: 8, overtime_hours: 1 });
  });

  it('defaults to the current month in Singapore time', async () => {
    // 31 March 2025, 17:00 UTC: already 1 April in Singapore.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-31T17:00:00Z'));
    const { t } = await seeded();
    const body = await get(t, '');
    expect(body.month).toBe('2025-04');
    expect(dates(body)).toEqual(['2025-04-01']);
    expect((await get(t, 'month=')).month).toBe('2025-04');
  });

  it('filters by worker and by worker name or TD- id', async () => {
    const { t, ravi } = await seeded();
    expect(dates(await get(t, `month=2025-03&worker_id=${ravi.id}`))).toEqual(['2025-03-31', '2025-03-01']);
    expect(dates(await get(t, 'month=2025-03&q=AUNG%20th'))).toEqual(['2025-03-15']);
    expect(dates(await get(t, 'month=2025-03&q=td-4321'))).toEqual(['2025-03-31', '2025-03-01']);
    expect(await get(t, 'month=2025-03&q=nobody')).toMatchObject({ items: [], total: 0 });
    expect(await get(t, `month=2025-03&worker_id=${MISSING_ID}`)).toMatchObject({ items: [], total: 0 });
  });

  it('pages on the server with the total of all matches', async () => {
    const { t } = await seeded();
    const first = await get(t, 'month=2025-03&page=1&pageSize=2');
    expect(first.total).toBe(3);
    expect(dates(first)).toEqual(['2025-03-31', '2025-03-15']);
    expect(dates(await get(t, 'month=2025-03&page=2&pageSize=2'))).toEqual(['2025-03-01']);
    expect(await get(t, 'month=2025-03&page=9007199254740991')).toMatchObject({ items: [], total: 3 });
  });

  it('shows a timesheet whose worker was deleted with null worker fields (Unknown Worker)', async () => {
    const { t, aung } = await seeded();
    expect((await t.request({ method: 'DELETE', url: `/api/workers/${aung.id}` })).statusCode).toBe(204);
    const body = await get(t, 'month=2025-03');
    expect(body.total).toBe(3);
    expect(body.items[1]).toMatchObject({
      work_date: '2025-03-15',
      worker_id: null,
      worker: null,
      first_name: null,
      last_name: null,
      worker_code: null,
    });
  });

  it.each([
    ['month=2025-13', 'month', 'Month must be a month as YYYY-MM'],
    ['month=March', 'month', 'Month must be a month as YYYY-MM'],
    ['worker_id=TD-1234', 'worker_id', 'Please choose a worker from the list'],
    ['pageSize=1000', 'pageSize', undefined],
    ['page=0', 'page', undefined],
  ])('refuses %s', async (query, field, message) => {
    const t = await signedInApp();
    const response = await t.request({ method: 'GET', url: `/api/timesheets?${query}` });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
    if (message) expect(response.json().error.message).toBe(message);
  });
});

describe('GET /api/timesheets/summary', () => {
  it('counts distinct workers, timesheets, hours and overtime of the month with 2 decimals', async () => {
    const { t, ravi, aung, siti } = await withWorkers();
    await insertTimesheets(
      t.db,
      { worker_id: ravi.id, work_date: '2025-03-01', hours_worked: 480, overtime_hours: 45 },
      { worker_id: ravi.id, work_date: '2025-03-02', hours_worked: 465, overtime_hours: 0 },
      { worker_id: aung.id, work_date: '2025-03-31', hours_worked: 15, overtime_hours: 0 },
      // A deleted worker's timesheet still counts as a timesheet and its hours, not as a worker.
      { worker_id: null, work_date: '2025-03-20', hours_worked: 480, overtime_hours: 60 },
      { worker_id: siti.id, work_date: '2025-04-01', hours_worked: 480, overtime_hours: 0 },
    );
    const response = await t.request({ method: 'GET', url: '/api/timesheets/summary?month=2025-03' });
    expect(response.statusCode).toBe(200);
    // 480 + 465 + 15 + 480 = 1440 min = 24 h; 45 + 60 = 105 min = 1.75 h.
    expect(response.json()).toEqual({
      workers: 2,
      timesheets: 4,
      total_hours: 24,
      total_overtime_hours: 1.75,
      month: '2025-03',
    });
    const empty = await t.request({ method: 'GET', url: '/api/timesheets/summary?month=2024-01' });
    expect(empty.json()).toEqual({
      workers: 0,
      timesheets: 0,
      total_hours: 0,
      total_overtime_hours: 0,
      month: '2024-01',
    });
    const bad = await t.request({ method: 'GET', url: '/api/timesheets/summary?month=2024-1' });
    expect(bad.statusCode).toBe(400);
  });

  it('follows the list: a worker, a name (accents aside) or both (probe finding 24)', async () => {
    const { t, ravi, aung } = await withWorkers();
    await insertTimesheets(
      t.db,
      { worker_id: ravi.id, work_date: '2025-03-01', hours_worked: 480, overtime_hours: 45 },
      { worker_id: ravi.id, work_date: '2025-03-02', hours_worked: 465, overtime_hours: 0 },
      { worker_id: aung.id, work_date: '2025-03-03', hours_worked: 240, overtime_hours: 30 },
      { worker_id: ravi.id, work_date: '2025-04-01', hours_worked: 480, overtime_hours: 0 },
    );
    const summary = async (query: string) => {
      const response = await t.request({ method: 'GET', url: `/api/timesheets/summary?month=2025-03&${query}` });
      expect(response.statusCode, query).toBe(200);
      const list = await t.request({ method: 'GET', url: `/api/timesheets?month=2025-03&${query}` });
      // The cards count what the list shows.
      expect(response.json().timesheets, query).toBe(list.json().total);
      return response.json();
    };
    expect(await summary(`worker_id=${ravi.id}`)).toEqual({
      workers: 1,
      timesheets: 2,
      total_hours: 15.75,
      total_overtime_hours: 0.75,
      month: '2025-03',
    });
    expect(await summary(`q=${encodeURIComponent(aung.first_name.toUpperCase())}`)).toMatchObject({
      workers: 1,
      timesheets: 1,
      total_hours: 4,
      total_overtime_hours: 0.5,
    });
    expect(await summary(`worker_id=${ravi.id}&q=${encodeURIComponent(aung.first_name)}`)).toMatchObject({
      workers: 0,
      timesheets: 0,
    });
    expect(await summary('q=')).toMatchObject({ workers: 2, timesheets: 3 });
  });

  it('gives hours that are not quarter hours with 2 decimals', async () => {
    const { t, ravi } = await withWorkers();
    await insertTimesheets(t.db, { worker_id: ravi.id, work_date: '2025-05-05', hours_worked: 20, overtime_hours: 1 });
    const body = (await t.request({ method: 'GET', url: '/api/timesheets/summary?month=2025-05' })).json();
    expect(body).toMatchObject({ total_hours: 0.33, total_overtime_hours: 0.02 });
  });
});

describe('GET /api/timesheets/{id}', () => {
  it('answers the timesheet with its worker, and the SPEC 8 message when there is none', async () => {
    const { t, ravi } = await withWorkers();
    const created = (
      await post(t, { worker_id: ravi.id, work_date: '2025-03-10', time_in: '22:00', time_out: '06:00' })
    ).json();
    const response = await t.request({ method: 'GET', url: `/api/timesheets/${created.id}` });
    expect(response.statusCode).toBe(200);
    // The save's answer is the record plus its warnings (probe finding 16).
    const { warnings, pay_warnings, ...record } = created;
    expect(warnings).toEqual([]);
    expect(pay_warnings).toEqual([]);
    expect(response.json()).toEqual(record);
    for (const id of [MISSING_ID, 'not-a-uuid']) {
      const missing = await t.request({ method: 'GET', url: `/api/timesheets/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('The requested timesheet could not be found.');
    }
  });
});

describe('PUT /api/timesheets/{id}', () => {
  it('replaces the fields, recomputes the hours, keeps created_at and audits what changed', async () => {
    const { t, ravi, aung } = await withWorkers();
    const created = (
      await post(t, { worker_id: ravi.id, work_date: '2025-03-10', time_in: '08:00', time_out: '17:00' })
    ).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${created.id}`,
      payload: {
        worker_id: aung.id,
        work_date: '2025-03-11',
        time_in: '07:00',
        time_out: '21:30',
        notes: 'Late pour',
        hours_worked: 1,
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: created.id,
      worker_id: aung.id,
      first_name: 'Aung',
      work_date: '2025-03-11',
      hours_worked: 8,
      overtime_hours: 5.5,
      notes: 'Late pour',
      created_at: created.created_at,
    });
    expect(updated.updated_at > created.updated_at).toBe(true);
    const audit = await listAuditEntries(t.db, 'timesheet', created.id);
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'update']));
    const update = audit.find((entry) => entry.action === 'update');
    expect(JSON.parse(update?.changes ?? '{}')).toMatchObject({ overtime_hours: [0, 5.5], notes: [null, 'Late pour'] });
  });

  it('keeps its own worker and date, refuses one taken by another timesheet, and says when it is gone', async () => {
    const { t, ravi } = await withWorkers();
    const first = (await post(t, { worker_id: ravi.id, work_date: '2025-03-10' })).json();
    await post(t, { worker_id: ravi.id, work_date: '2025-03-11' });
    const same = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${first.id}`,
      payload: { worker_id: ravi.id, work_date: '2025-03-10', time_in: '09:00', time_out: '18:00' },
    });
    expect(same.statusCode).toBe(200);
    const taken = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${first.id}`,
      payload: { ...DAY, worker_id: ravi.id, work_date: '2025-03-11' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(
      'A timesheet for Ravi Kumar already exists for 11/03/2025. Please edit the existing timesheet instead.',
    );
    const missing = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${MISSING_ID}`,
      payload: { ...DAY, worker_id: ravi.id, work_date: '2025-03-12' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('The requested timesheet could not be found.');
    const invalid = await t.request({
      method: 'PUT',
      url: `/api/timesheets/${first.id}`,
      payload: { ...DAY, worker_id: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      worker_id: 'Worker is required',
      work_date: 'Work date is required',
    });
  });
});

describe('DELETE /api/timesheets/{id}', () => {
  it('deletes and audits, then answers 404', async () => {
    const { t, ravi } = await withWorkers();
    const created = (await post(t, { worker_id: ravi.id, work_date: '2025-03-10' })).json();
    const response = await t.request({ method: 'DELETE', url: `/api/timesheets/${created.id}` });
    expect(response.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/timesheets/${created.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/timesheets/${created.id}` })).statusCode).toBe(404);
    const audit = await listAuditEntries(t.db, 'timesheet', created.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
  });
});

describe('POST /api/timesheets/crew', () => {
  it('saves a crew day in one go and skips, with the message, workers who already have that day', async () => {
    const { t, ravi, aung, siti } = await withWorkers();
    const [extra1, extra2] = await insertWorkers(
      t.db,
      { first_name: 'Mohammed', last_name: 'Rahim' },
      { first_name: 'Tran', last_name: 'Van Long' },
    );
    if (!extra1 || !extra2) throw new Error('workers not inserted');
    await post(t, { worker_id: aung.id, work_date: '2025-03-10', time_in: '09:00', time_out: '18:00' });
    const response = await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: {
        work_date: '2025-03-10',
        rows: [
          { worker_id: ravi.id, time_in: '08:00', time_out: '17:00' },
          { worker_id: aung.id, time_in: '08:00', time_out: '17:00' },
          { worker_id: siti.id, time_in: '20:00', time_out: '08:00', notes: 'Night pour' },
          { worker_id: extra1.id, time_in: '08:00', time_out: '19:30', hours_worked: 99 },
          { worker_id: extra2.id, time_in: '07:30', time_out: '16:30' },
          // The same worker twice in one crew: the second is a duplicate.
          { worker_id: ravi.id, time_in: '10:00', time_out: '17:00' },
          { worker_id: MISSING_ID, time_in: '08:00', time_out: '17:00' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      saved: 4,
      warnings: [],
      skipped: [
        {
          worker_id: aung.id,
          message:
            'A timesheet for Aung Thu already exists for 10/03/2025. Please edit the existing timesheet instead.',
        },
        {
          worker_id: ravi.id,
          message:
            'A timesheet for Ravi Kumar already exists for 10/03/2025. Please edit the existing timesheet instead.',
        },
        { worker_id: MISSING_ID, message: 'Worker not found' },
      ],
    });
    const list = (await t.request({ method: 'GET', url: '/api/timesheets?month=2025-03' })).json();
    expect(list.total).toBe(5);
    const byName = Object.fromEntries(
      list.items.map((i: { first_name: string; hours_worked: number; overtime_hours: number; time_in: string }) => [
        i.first_name,
        [i.time_in, i.hours_worked, i.overtime_hours],
      ]),
    );
    expect(byName).toEqual({
      Ravi: ['08:00', 8, 0],
      Aung: ['09:00', 8, 0],
      Siti: ['20:00', 8, 3],
      Mohammed: ['08:00', 8, 2.5],
      Tran: ['07:30', 8, 0],
    });
    const audit = await t.db.selectFrom('audit_log').select('entity').where('entity', '=', 'timesheet').execute();
    expect(audit).toHaveLength(5);
  });

  it('refuses bad rows with messages by row, and an empty crew', async () => {
    const { t, ravi } = await withWorkers();
    const response = await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: {
        work_date: '',
        rows: [
          { worker_id: ravi.id, time_in: '08:00', time_out: '17:00' },
          { worker_id: '', time_in: '8', time_out: '17:00' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      work_date: 'Work date is required',
      'rows.1.worker_id': 'Worker is required',
      'rows.1.time_in': 'Time In must be a time as HH:MM (24-hour)',
    });
    const empty = await t.request({
      method: 'POST',
      url: '/api/timesheets/crew',
      payload: { work_date: '2025-03-10', rows: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Add at least one worker');
    expect(await t.db.selectFrom('timesheets').select('id').execute()).toEqual([]);
  });

  it('lists the companies Working workers are supplied to, and their workers', async () => {
    const { t } = await withWorkers();
    await insertWorkers(t.db, {
      first_name: 'Old',
      last_name: 'Hand',
      supplied_to_company: 'Acme Builders',
      status: 'Terminated',
    });
    const companies = await t.request({ method: 'GET', url: '/api/timesheets/crew/companies' });
    expect(companies.json()).toEqual({
      items: [
        { company: 'Acme Builders', workers: 2 },
        { company: 'Bina Construct', workers: 1 },
      ],
    });
    const workers = await t.request({ method: 'GET', url: '/api/timesheets/crew/workers?company=Acme%20Builders' });
    expect(workers.json().items.map((w: { first_name: string }) => w.first_name)).toEqual(['Aung', 'Ravi']);
    expect(Object.keys(workers.json().items[0]).sort()).toEqual([
      'first_name',
      'id',
      'last_name',
      'rest_day',
      'worker_id',
    ]);
    expect((await t.request({ method: 'GET', url: '/api/timesheets/crew/workers' })).statusCode).toBe(400);
  });
});
