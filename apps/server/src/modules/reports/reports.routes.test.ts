import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import { finForViewer } from './fin-masking.ts';

describe('GET /api/reports/manpower (decision 090)', () => {
  it('answers each worker of the site and month with days and hours, as JSON, CSV and PDF', async () => {
    const t = await buildTestApp();
    await t.signIn();
    const [ravi, aung] = await insertWorkers(
      t.db,
      {
        first_name: 'Ravi',
        last_name: 'Kumar',
        fin_no: 'G1234567N',
        nationality: 'Indian',
        designation: 'Rebar Worker',
        type_of_pass: 'Work Permit',
      },
      {
        first_name: 'Aung',
        last_name: 'Thu',
        fin_no: 'F7654321Q',
        nationality: 'Myanmar',
        designation: 'Carpenter',
        type_of_pass: 'S Pass',
      },
    );
    const site = (
      await t.request({ method: 'POST', url: '/api/sites', payload: { name: 'Tengah', client_company: 'Acme' } })
    ).json().id;
    const other = (
      await t.request({ method: 'POST', url: '/api/sites', payload: { name: 'Punggol', client_company: 'Acme' } })
    ).json().id;
    const add = (worker: string | undefined, day: string, siteId: string, out = '17:00') =>
      t.request({
        method: 'POST',
        url: '/api/timesheets',
        payload: { worker_id: worker, work_date: day, time_in: '08:00', time_out: out, site_id: siteId },
      });
    await add(ravi?.id, '2026-11-02', site, '19:00');
    await add(ravi?.id, '2026-11-03', site);
    await add(aung?.id, '2026-11-02', site);
    await add(aung?.id, '2026-11-03', other);
    await add(ravi?.id, '2026-12-01', site);

    const report = await t.request({ method: 'GET', url: `/api/reports/manpower?site_id=${site}&month=2026-11` });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toEqual({
      items: [
        { worker_id: ravi?.id, days: 2, hours: 18 },
        { worker_id: aung?.id, days: 1, hours: 8 },
      ],
    });

    const csv = await t.request({ method: 'GET', url: `/api/reports/manpower.csv?site_id=${site}&month=2026-11` });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="manpower-Tengah-2026-11.csv"');
    expect(csv.body.replace('\uFEFF', '').split('\r\n').slice(0, 3)).toEqual([
      'S/N,FIN,Name,Nationality,Trade,Pass Type,Days Worked,Hours Worked',
      '1,G1234567N,Ravi Kumar,Indian,Rebar Worker,Work Permit,2,18.00',
      '2,F7654321Q,Aung Thu,Myanmar,Carpenter,S Pass,1,8.00',
    ]);
    const pdf = await t.request({ method: 'GET', url: `/api/reports/manpower.pdf?site_id=${site}&month=2026-11` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect(
      (await t.request({ method: 'GET', url: `/api/reports/manpower?site_id=${site}&month=2026-13` })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/reports/manpower?site_id=2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55&month=2026-11',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('masks a FIN to its first letter and last four characters', () => {
    expect(finForViewer('G1234567N', { role: 'supervisor' })).toBe('G****567N');
    expect(finForViewer('G1234567N', { role: 'payroll' })).toBe('G1234567N');
    expect(finForViewer(null, { role: 'supervisor' })).toBeNull();
  });
});
