import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildWorker, givenStoredFile } from '../../../test/factories.ts';
import { insertCharges, insertPayslipRow, insertTimesheets } from '../../../test/payroll-factories.ts';
import { insertTrainingRecords } from '../../../test/training-record-factories.ts';

/**
 * Probe finding 20, decision 102: "nguyen" finds "Nguyễn" in the worker list, the picker and every
 * module's search box, and keeps finding the worker after a rename through the API.
 */
describe('searches find names accents aside (decision 102)', () => {
  it('in every list that searches by worker name', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const ipa_url = await givenStoredFile(t.db, 'ipa');
    const created = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ ipa_url, first_name: 'Văn Ánh', last_name: 'Nguyễn' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const worker = created.json<{ id: string; worker_id: string }>();
    const other = await t.request({
      method: 'POST',
      url: '/api/workers',
      payload: buildWorker({ ipa_url: await givenStoredFile(t.db, 'ipa'), first_name: 'Ravi', last_name: 'Kumar' }),
    });
    expect(other.statusCode).toBe(201);

    await insertTimesheets(t.db, { worker_id: worker.id, work_date: '2025-03-03' });
    await insertCharges(t.db, { worker_id: worker.id, charge_date: '2025-03-04' });
    await insertTrainingRecords(t.db, { worker_id: worker.id });
    await insertPayslipRow(t.db, {
      worker_id: worker.id,
      pay_period_start: '2025-02-01',
      pay_period_end: '2025-02-28',
      worker_first_name: 'Văn Ánh',
      worker_last_name: 'Nguyễn',
    });

    const count = async (url: string) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return response.json<{ total: number }>().total;
    };
    for (const q of ['nguyen', 'NGUYEN', 'van anh', 'anh nguy', 'Nguyễn']) {
      const query = encodeURIComponent(q);
      expect(await count(`/api/workers?q=${query}`), q).toBe(1);
      expect(await count(`/api/workers/lookup?q=${query}`), q).toBe(1);
      expect(await count(`/api/timesheets?month=2025-03&q=${query}`), q).toBe(1);
      expect(await count(`/api/admin-charges?q=${query}`), q).toBe(1);
      expect(await count(`/api/training-records?q=${query}`), q).toBe(1);
      expect(await count(`/api/payslips?q=${query}`), q).toBe(1);
    }
    expect(await count('/api/workers?q=kumar')).toBe(1);

    const renamed = await t.request({
      method: 'PUT',
      url: `/api/workers/${worker.id}`,
      payload: { ...buildWorker({ ipa_url, first_name: 'Đức', last_name: 'Trần' }), worker_id: worker.worker_id },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await count('/api/workers?q=duc%20tran')).toBe(1);
    expect(await count('/api/workers?q=nguyen')).toBe(0);
  });
});
