import { permitExpiredMessage } from '@td/shared/schemas/timesheet';
import { ROW_WORKER_FIN_NOT_MATCHED } from '@td/shared/schemas/timesheet-import';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertWorkers, multipart } from '../../../test/factories.ts';
import { insertPayslipRow } from '../../../test/payroll-factories.ts';
import { listAuditEntries } from '../../audit/audit.repository.ts';

const MAPPING = { worker: 'Worker', date: 'Date', date_format: 'DD/MM/YYYY', time_in: 'In', time_out: 'Out' };

async function setUp() {
  const t = await buildTestApp();
  await t.signIn({ name: 'Hui Min' });
  const [ravi, aung, tan1, tan2] = await insertWorkers(
    t.db,
    { first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-0001', fin_no: 'G1234567N' },
    { first_name: 'Aung', last_name: 'Thu', worker_id: 'TD-0002', fin_no: 'F7654321Q' },
    { first_name: 'Tan', last_name: 'Wei', worker_id: 'TD-0003', fin_no: null },
    { first_name: 'Tan', last_name: 'Wei', worker_id: 'TD-0004', fin_no: null },
  );
  if (!ravi || !aung || !tan1 || !tan2) throw new Error('workers not inserted');
  const siteId: string = (
    await t.request({ method: 'POST', url: '/api/sites', payload: { name: 'Tengah', client_company: 'Acme Builders' } })
  ).json().id;
  return { t, ravi, aung, siteId };
}

const upload = (t: TestApp, csv: string | Buffer, fields: Record<string, string>, name = 'attendance.csv') => {
  const body = multipart(fields, { name, data: typeof csv === 'string' ? Buffer.from(csv) : csv });
  return t.request({ method: 'POST', url: '/api/timesheet-imports', payload: body.payload, headers: body.headers });
};

const CSV = [
  'Worker,Date,In,Out,Notes',
  'G1234567N,03/11/2026,08:00,17:30,',
  'TD-0002,03/11/2026,7:30 AM,5:00 PM,night crew',
  'Nobody Here,03/11/2026,08:00,17:00,',
  'Tan Wei,03/11/2026,08:00,17:00,',
  'G1234567N,31/02/2026,08:00,17:00,',
  'Ravi Kumar,04/11/2026,17:00,08:00,',
].join('\n');

describe('POST /api/timesheet-imports (decision 091)', () => {
  it('previews every row with its outcome and counts, saves nothing; Import saves the new rows once', async () => {
    const { t, ravi, aung, siteId } = await setUp();
    const preview = await upload(t, CSV, { mapping: JSON.stringify({ ...MAPPING, notes: 'Notes' }), site_id: siteId });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.counts).toEqual({ new: 2, duplicate: 0, conflict: 0, error: 4 });
    expect(body.rows.map((row: { line: number; outcome: string }) => [row.line, row.outcome])).toEqual([
      [2, 'new'],
      [3, 'new'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(body.rows[0]).toMatchObject({
      line: 2,
      outcome: 'new',
      worker_id: ravi.id,
      work_date: '2026-11-03',
      time_in: '08:00',
      time_out: '17:30',
      hours_worked: 8,
      overtime_hours: 0.5,
    });
    expect(body.rows[1]).toMatchObject({ worker_id: aung.id, time_in: '07:30', time_out: '17:00' });
    expect(body.rows.slice(2).map((row: { message: string }) => row.message)).toEqual([
      'Unknown worker: no worker has this FIN, TD- id or name',
      'More than one worker has this name: use the FIN or TD- id',
      'Bad date: expected DD/MM/YYYY',
      'Time out is before time in on the same day',
    ]);
    expect((await t.request({ method: 'GET', url: '/api/timesheets?month=2026-11' })).json().total).toBe(0);

    const errors = await t.request({ method: 'GET', url: `/api/timesheet-imports/${body.id}/errors.csv` });
    expect(errors.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = errors.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Worker,Date,In,Out,Notes,Reason');
    expect(lines[1]).toBe(
      'Nobody Here,03/11/2026,08:00,17:00,,"Unknown worker: no worker has this FIN, TD- id or name"',
    );
    expect(lines).toHaveLength(5);

    const applied = await t.request({ method: 'POST', url: `/api/timesheet-imports/${body.id}/apply` });
    expect(applied.json()).toEqual({ created: 2 });
    const list = (await t.request({ method: 'GET', url: `/api/timesheets?month=2026-11&site_id=${siteId}` })).json();
    expect(list.total).toBe(2);
    expect(list.items.find((item: { worker_id: string }) => item.worker_id === aung.id)).toMatchObject({
      notes: 'night crew',
      site: { id: siteId, name: 'Tengah' },
    });
    expect(await listAuditEntries(t.db, 'timesheet', list.items[0].id)).toHaveLength(1);

    // Applying again, or importing the same file again, adds nothing: its rows are now duplicates.
    expect((await t.request({ method: 'POST', url: `/api/timesheet-imports/${body.id}/apply` })).json()).toEqual({
      created: 0,
    });
    const again = (
      await upload(t, CSV, { mapping: JSON.stringify({ ...MAPPING, notes: 'Notes' }), site_id: siteId })
    ).json();
    expect(again.counts).toEqual({ new: 0, duplicate: 2, conflict: 0, error: 4 });
    expect((await t.request({ method: 'POST', url: `/api/timesheet-imports/${again.id}/apply` })).json()).toEqual({
      created: 0,
    });
    expect((await t.request({ method: 'GET', url: '/api/timesheets?month=2026-11' })).json().total).toBe(2);
  });

  it('never matches a FIN for a role that does not see FINs, and never answers one (decision 108)', async () => {
    const { t, ravi, aung, siteId } = await setUp();
    t.cookie = undefined;
    await t.signIn({ role: 'supervisor', email: 'supervisor@example.com' });
    const file = [
      'Worker,Date,In,Out',
      // Ravi's FIN, and a well-formed FIN nobody holds: the same answer, so a guess is not confirmed.
      'G1234567N,03/11/2026,08:00,17:00',
      'S1234567D,03/11/2026,08:00,17:00',
      'TD-0002,03/11/2026,08:00,17:00',
      'Ravi Kumar,04/11/2026,08:00,17:00',
    ].join('\n');
    const inspect = multipart({}, { name: 'attendance.csv', data: Buffer.from(file) });
    const inspected = await t.request({
      method: 'POST',
      url: '/api/timesheet-imports/inspect',
      payload: inspect.payload,
      headers: inspect.headers,
    });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.body).not.toContain('G1234567N');
    expect(inspected.json().sample[0][0]).toBe('G****567N');

    const preview = await upload(t, file, { mapping: JSON.stringify(MAPPING), site_id: siteId });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('G1234567N');
    const rows = preview.json().rows as Array<{ outcome: string; message?: string; worker_id?: string }>;
    expect(rows.map((row) => [row.outcome, row.message ?? row.worker_id])).toEqual([
      ['error', ROW_WORKER_FIN_NOT_MATCHED],
      ['error', ROW_WORKER_FIN_NOT_MATCHED],
      ['new', aung.id],
      ['new', ravi.id],
    ]);
    const errors = await t.request({ method: 'GET', url: `/api/timesheet-imports/${preview.json().id}/errors.csv` });
    expect(errors.body).not.toContain('G1234567N');
    expect(errors.body).toContain('G****567N');

    // A role that sees FINs still matches by them.
    t.cookie = undefined;
    await t.signIn({ role: 'payroll', email: 'payroll@example.com' });
    const byPayroll = (await upload(t, file, { mapping: JSON.stringify(MAPPING), site_id: siteId })).json();
    expect(byPayroll.rows[0]).toMatchObject({ outcome: 'new', worker_id: ravi.id });
  });

  it('lists a different existing timesheet as a conflict, resolved one by one: keep or replace', async () => {
    const { t, ravi, aung } = await setUp();
    for (const worker of [ravi, aung]) {
      await t.request({
        method: 'POST',
        url: '/api/timesheets',
        payload: { worker_id: worker.id, work_date: '2026-11-03', time_in: '09:00', time_out: '18:00' },
      });
    }
    const body = (await upload(t, CSV, { mapping: JSON.stringify(MAPPING) })).json();
    expect(body.counts).toMatchObject({ new: 0, conflict: 2 });
    const keep = await t.request({
      method: 'POST',
      url: `/api/timesheet-imports/${body.id}/rows/2/resolve`,
      payload: { action: 'keep' },
    });
    expect(keep.json()).toMatchObject({ line: 2, outcome: 'conflict', resolution: 'keep' });
    const replace = await t.request({
      method: 'POST',
      url: `/api/timesheet-imports/${body.id}/rows/3/resolve`,
      payload: { action: 'replace' },
    });
    expect(replace.json()).toMatchObject({ line: 3, resolution: 'replace' });
    const items = (await t.request({ method: 'GET', url: '/api/timesheets?month=2026-11' })).json().items;
    expect(items.find((item: { worker_id: string }) => item.worker_id === ravi.id)).toMatchObject({ time_in: '09:00' });
    expect(items.find((item: { worker_id: string }) => item.worker_id === aung.id)).toMatchObject({
      time_in: '07:30',
      time_out: '17:00',
    });
    const notConflict = await t.request({
      method: 'POST',
      url: `/api/timesheet-imports/${body.id}/rows/4/resolve`,
      payload: { action: 'keep' },
    });
    expect(notConflict.statusCode).toBe(400);
  });

  it('reads an Excel file, pairs one row per punch, offers a saved mapping for the same headers', async () => {
    const { t, ravi } = await setUp();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Punches');
    sheet.addRow(['FIN', 'Day', 'Punch']);
    sheet.addRow(['G1234567N', new Date(Date.UTC(2026, 10, 3)), '17:15']);
    sheet.addRow(['G1234567N', new Date(Date.UTC(2026, 10, 3)), '07:45']);
    sheet.addRow(['F7654321Q', new Date(Date.UTC(2026, 10, 3)), '07:45']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const mapping = { worker: 'FIN', date: 'Day', date_format: 'DD/MM/YYYY', time_in: 'Punch', time_out: 'Punch' };

    const inspectBody = multipart({}, { name: 'punches.xlsx', data: xlsx });
    const inspected = await t.request({
      method: 'POST',
      url: '/api/timesheet-imports/inspect',
      payload: inspectBody.payload,
      headers: inspectBody.headers,
    });
    expect(inspected.json()).toMatchObject({ headers: ['FIN', 'Day', 'Punch'], rows: 3, mappings: [] });
    const saved = await t.request({
      method: 'POST',
      url: '/api/timesheet-imports/mappings',
      payload: { name: 'Gate punches', headers: ['FIN', 'Day', 'Punch'], mapping },
    });
    expect(saved.statusCode).toBe(201);
    const again = await t.request({
      method: 'POST',
      url: '/api/timesheet-imports/inspect',
      payload: inspectBody.payload,
      headers: inspectBody.headers,
    });
    expect(again.json().mappings).toEqual([{ id: saved.json().id, name: 'Gate punches', mapping }]);

    const preview = (await upload(t, xlsx, { mapping: JSON.stringify(mapping) }, 'punches.xlsx')).json();
    expect(preview.counts).toEqual({ new: 1, duplicate: 0, conflict: 0, error: 1 });
    expect(preview.rows[0]).toMatchObject({
      line: 2,
      outcome: 'new',
      worker_id: ravi.id,
      work_date: '2026-11-03',
      time_in: '07:45',
      time_out: '17:15',
    });
    expect(preview.rows[1]).toMatchObject({
      line: 4,
      outcome: 'error',
      message: 'Only one punch for this worker and day: the other is missing',
    });
  });

  it('refuses a file over 20 MB with a clear message, a bad mapping and an unknown import', async () => {
    const { t } = await setUp();
    const big = await upload(t, Buffer.alloc(20 * 1024 * 1024 + 10, 'a'), { mapping: JSON.stringify(MAPPING) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(
      'This file is larger than 20 MB. Please split it (for example one file per week) and import each part.',
    );
    const badMapping = await upload(t, CSV, { mapping: JSON.stringify({ ...MAPPING, worker: 'Employee' }) });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().error.message).toBe('The file has no column named "Employee".');
    const missing = await t.request({
      method: 'POST',
      url: '/api/timesheet-imports/2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55/apply',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('days an import may not add (probe finding 16, decision 082)', () => {
  it('refuses a day after today and a day of a paid period, and imports nothing once a period closes', async () => {
    const { t, ravi, aung } = await setUp();
    const october = { pay_period_start: '2026-10-01', pay_period_end: '2026-10-31', status: 'Paid' as const };
    await insertPayslipRow(t.db, { worker_id: ravi.id, ...october });
    const csv = [
      'Worker,Date,In,Out',
      'TD-0001,15/10/2026,08:00,17:00',
      'TD-0002,15/10/2026,08:00,17:00',
      'TD-0002,01/01/2099,08:00,17:00',
    ].join('\n');
    const preview = await upload(t, csv, { mapping: JSON.stringify(MAPPING) });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.rows.map((row: { outcome: string; message?: string }) => [row.outcome, row.message])).toEqual([
      ['error', 'The payslip for 1-31 Oct 2026 is paid: this month is closed'],
      ['new', undefined],
      ['error', 'Work date cannot be after today: a timesheet records work already done'],
    ]);

    // Aung's October is paid after the preview: the import says so and adds nothing.
    await insertPayslipRow(t.db, { worker_id: aung.id, ...october });
    const applied = await t.request({ method: 'POST', url: `/api/timesheet-imports/${body.id}/apply` });
    expect(applied.statusCode, applied.body).toBe(409);
    expect(applied.json().error.message).toBe('The payslip for 1-31 Oct 2026 is paid: this month is closed');
    expect((await t.request({ method: 'GET', url: '/api/timesheets?month=2026-10' })).json().total).toBe(0);
  });

  it("lists a row after the worker's permit expired as an error with the reason, and imports the others", async () => {
    const { t, ravi, aung } = await setUp();
    await t.db.updateTable('workers').set({ wp_expiry_date: '2026-10-15' }).where('id', '=', ravi.id).execute();
    const csv = [
      'Worker,Date,In,Out',
      'TD-0001,15/10/2026,08:00,17:00',
      'TD-0001,16/10/2026,08:00,17:00',
      'TD-0002,16/10/2026,08:00,17:00',
    ].join('\n');
    const preview = await upload(t, csv, { mapping: JSON.stringify(MAPPING) });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.rows.map((row: { outcome: string; message?: string }) => [row.outcome, row.message])).toEqual([
      ['new', undefined],
      ['error', permitExpiredMessage('Ravi Kumar', '2026-10-15')],
      ['new', undefined],
    ]);
    const applied = await t.request({ method: 'POST', url: `/api/timesheet-imports/${body.id}/apply` });
    expect(applied.json()).toEqual({ created: 2 });
    const saved = await t.db.selectFrom('timesheets').select(['worker_id', 'work_date']).orderBy('work_date').execute();
    expect(saved).toEqual([
      { worker_id: ravi.id, work_date: '2026-10-15' },
      { worker_id: aung.id, work_date: '2026-10-16' },
    ]);
  });
});
