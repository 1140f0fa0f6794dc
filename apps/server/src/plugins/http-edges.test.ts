/**
 * Answers at the edges of HTTP that an outside probe found (docs/reliability.md, Bad input):
 * every error in the API's one shape, and personal data never kept by a cache.
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildWorker, givenStoredFile, insertWorkers } from '../../test/factories.ts';
import { insertTimesheets } from '../../test/timesheet-factories.ts';
import { insertTrainingRecords } from '../../test/training-record-factories.ts';

describe('a path parameter longer than the router reads', () => {
  it.each(['DELETE', 'GET', 'PUT'] as const)('answers %s with the API error shape', async (method) => {
    const t = await buildTestApp();
    await t.signIn();
    const response = await t.request({
      method,
      url: `/api/workers/${'a'.repeat(5000)}`,
      ...(method === 'PUT' ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: 'The address is too long.' } });
  });
});

describe('answers carrying personal data are not stored by caches', () => {
  it('sends Cache-Control: private, no-store on JSON of workers, the session and payslips', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const created = await t.request({ method: 'POST', url: '/api/workers', payload: buildWorker({ ipa_url }) });
    expect(created.statusCode).toBe(201);
    for (const url of ['/api/workers', `/api/workers/${created.json().id}`, '/api/auth/session', '/api/payslips']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    expect(created.headers['cache-control']).toBe('private, no-store');
  });

  it('sends it on the session answer of a signed-out browser and on errors too', async () => {
    const t = await buildTestApp();
    const session = await t.request({ method: 'GET', url: '/api/auth/session' });
    expect(session.headers['cache-control']).toBe('private, no-store');
    const missing = await t.request({ method: 'GET', url: '/api/workers' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });
});

describe('one id rule: a record id in any case names the same record', () => {
  it('reads, updates and deletes a timesheet and a training record by their ids in upper case', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [worker] = await insertWorkers(t.db, {});
    if (!worker) throw new Error('no worker');
    const [timesheet] = await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-03-10' });
    const [record] = await insertTrainingRecords(t.db, { worker_id: worker.id });
    if (!timesheet || !record) throw new Error('no records');
    const timesheetUrl = `/api/timesheets/${timesheet.id.toUpperCase()}`;
    expect((await t.request({ method: 'GET', url: timesheetUrl })).statusCode).toBe(200);
    // The same worker and date again: the row is itself, not a clash with itself.
    const put = await t.request({
      method: 'PUT',
      url: timesheetUrl,
      payload: { worker_id: worker.id, work_date: '2025-03-10', time_in: '08:00', time_out: '17:00' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().id).toBe(timesheet.id);
    const recordUrl = `/api/training-records/${record.id.toUpperCase()}`;
    expect((await t.request({ method: 'GET', url: recordUrl })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: recordUrl })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: timesheetUrl })).statusCode).toBe(204);
  });
});

describe('Permissions-Policy names only features the browser knows', () => {
  it('leaves out bluetooth, which Chromium warned of on every page', async () => {
    const t = await buildTestApp();
    const response = await t.request({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['permissions-policy']);
    expect(policy).toContain('camera=()');
    expect(policy).not.toContain('bluetooth');
  });
});
